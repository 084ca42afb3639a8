// SPDX-License-Identifier: GPL-3.0-or-later

extension QRMatrix {
    /// The code as a standalone SVG document: a background rectangle and one path of dark modules.
    ///
    /// The view box is in modules (quiet zone included), so the drawing scales without blurring;
    /// `width`/`height` give the size in pixels at `moduleSize` pixels per module, and
    /// `shape-rendering="crispEdges"` keeps module edges sharp at any scale.
    public func svg(moduleSize: Int, quietZone: Int, foreground: RGBColor = .black, background: RGBColor = .white) -> String {
        let side = sizeInModules(quietZone: quietZone)
        let pixels = side * moduleSize
        var path = ""
        path.reserveCapacity(size * size * 4)
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var run = 1
                while isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + quietZone) \(y + quietZone)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">
            <rect width="\(side)" height="\(side)" fill="\(background.hexString)"/>
            <path fill="\(foreground.hexString)" d="\(path)"/>
            </svg>

            """
    }
}
