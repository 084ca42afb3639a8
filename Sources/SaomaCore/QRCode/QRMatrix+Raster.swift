// SPDX-License-Identifier: GPL-3.0-or-later

/// Packed 8-bit RGB pixels (`GDK_MEMORY_R8G8B8`, a `GdkPixbuf` without alpha).
///
/// A value type: cheap to pass between threads.
public struct RGBRaster: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per row: `width * 3`, no padding.
    public var rowStride: Int { width * 3 }
    /// Row-major R, G, B triples, `rowStride * height` bytes.
    public let bytes: [UInt8]

    /// Wraps `bytes`; returns `nil` when the count does not match `width * height * 3`.
    public init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The colour of the pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBColor {
        let i = y * rowStride + x * 3
        return RGBColor(red: bytes[i], green: bytes[i + 1], blue: bytes[i + 2])
    }

    /// The greyscale image a decoder sees (BT.601 luma of each pixel).
    public var luma: LumaImage {
        var out = [UInt8](repeating: 0, count: width * height)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) {
                    dst[i] = RGBColor(red: src[3 * i], green: src[3 * i + 1], blue: src[3 * i + 2]).luma
                }
            }
        }
        return LumaImage(uncheckedWidth: width, height: height, pixels: out)
    }
}

extension QRMatrix {
    /// Pixels per side of the image at `moduleSize` pixels per module with `quietZone` modules of margin.
    public func pixelSize(moduleSize: Int, quietZone: Int) -> Int { sizeInModules(quietZone: quietZone) * moduleSize }

    /// Each pixel row of the image, built once per module row: whole pixels per module, nearest-neighbour.
    private func render<Pixel>(
        moduleSize: Int, quietZone: Int, dark: [Pixel], light: [Pixel], into out: inout [Pixel]
    ) {
        let side = pixelSize(moduleSize: moduleSize, quietZone: quietZone)
        let channels = dark.count
        let rowLength = side * channels
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(rowLength * side)
        var row = [Pixel]()
        row.reserveCapacity(rowLength)
        for moduleY in 0..<sizeInModules(quietZone: quietZone) {
            row.removeAll(keepingCapacity: true)
            for moduleX in 0..<sizeInModules(quietZone: quietZone) {
                let pixel = isDark(x: moduleX - quietZone, y: moduleY - quietZone) ? dark : light
                for _ in 0..<moduleSize { row.append(contentsOf: pixel) }
            }
            for _ in 0..<moduleSize { out.append(contentsOf: row) }
        }
    }

    /// The code as RGB pixels, quiet zone included, `moduleSize` whole pixels per module.
    public func rgbRaster(moduleSize: Int, quietZone: Int, foreground: RGBColor = .black, background: RGBColor = .white) -> RGBRaster {
        let side = pixelSize(moduleSize: moduleSize, quietZone: quietZone)
        var bytes = [UInt8]()
        render(
            moduleSize: moduleSize, quietZone: quietZone, dark: [foreground.red, foreground.green, foreground.blue],
            light: [background.red, background.green, background.blue], into: &bytes)
        return RGBRaster(unchecked: side, bytes: bytes)
    }

    /// The code as the greyscale image a decoder sees: the luma of the colours, quiet zone included.
    public func lumaImage(moduleSize: Int, quietZone: Int, foreground: RGBColor = .black, background: RGBColor = .white) -> LumaImage {
        let side = pixelSize(moduleSize: moduleSize, quietZone: quietZone)
        var pixels = [UInt8]()
        render(moduleSize: moduleSize, quietZone: quietZone, dark: [foreground.luma], light: [background.luma], into: &pixels)
        return LumaImage(uncheckedWidth: side, height: side, pixels: pixels)
    }
}

extension RGBRaster {
    /// Internal initialiser for a square raster whose byte count is known to match.
    init(unchecked side: Int, bytes: [UInt8]) {
        width = side
        height = side
        self.bytes = bytes
    }
}
