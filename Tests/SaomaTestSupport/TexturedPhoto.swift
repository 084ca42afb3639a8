// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// A big grey photo-like image for the reduced-first reading tests: a diagonal gradient with a
/// pseudo-random texture (the same every run) and QR codes drawn dark 20 on light 235, each with a
/// four-module light margin.
public enum TexturedPhoto {
    /// The pixels, row by row, `width` × `height`, with each code drawn at its top-left module
    /// with its pixels per module.
    public static func pixels(width: Int, height: Int, codes: [(QRMatrix, (x: Int, y: Int), Int)]) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height)
        var seed: UInt32 = 12_345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int(seed >> 27) - 16
                pixels[y * width + x] = UInt8(clamping: 90 + (x + y) * 100 / (width + height) + noise)
            }
        }
        for (code, origin, module) in codes {
            let margin = 4 * module
            let side = code.size * module
            for y in (origin.y - margin)..<(origin.y + side + margin) {
                for x in (origin.x - margin)..<(origin.x + side + margin) {
                    let mx = (x - origin.x) / module
                    let my = (y - origin.y) / module
                    let inside = x >= origin.x && y >= origin.y && mx < code.size && my < code.size
                    pixels[y * width + x] = inside && code.isDark(x: mx, y: my) ? 20 : 235
                }
            }
        }
        return pixels
    }
}
