// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// An RGB screenshot.
public struct Screenshot {
    public let width: Int
    public let height: Int
    public let rgb: [UInt8]

    public init?(ppm data: Data) {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4 && index < bytes.count {
            while index < bytes.count && (bytes[index] == 32 || bytes[index] == 10) { index += 1 }
            let start = index
            while index < bytes.count && !(bytes[index] == 32 || bytes[index] == 10) { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255",
            bytes.count - index >= w * h * 3
        else { return nil }
        width = w
        height = h
        rgb = Array(bytes[index..<(index + w * h * 3)])
    }

    /// The pixel at `(x, y)` (inside the image).
    public func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let i = 3 * (y * width + x)
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// The brightness (0…255, mean of the channels) of the pixel at `(x, y)`.
    public func brightness(x: Double, y: Double) -> Int {
        let px = Int(x.rounded(.down))
        let py = Int(y.rounded(.down))
        guard px >= 0, py >= 0, px < width, py < height else { return -1 }
        let p = pixel(x: px, y: py)
        return (p.r + p.g + p.b) / 3
    }

    /// Whether the pixel at `(x, y)` is marker blue (the accent colour at any pulse opacity).
    public func isAccent(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        let p = pixel(x: x, y: y)
        return p.b - p.r > 35 && p.b - p.g > 15
    }

    /// The centroid of accent-coloured pixels within `radius` of `(x, y)`, or `nil` when there are too few.
    public func accentCentroid(nearX x: Double, y: Double, radius: Int = 40) -> (x: Double, y: Double, count: Int)? {
        var sx = 0.0
        var sy = 0.0
        var n = 0
        let cx = Int(x.rounded())
        let cy = Int(y.rounded())
        for py in (cy - radius)...(cy + radius) {
            for px in (cx - radius)...(cx + radius) where isAccent(x: px, y: py) {
                sx += Double(px) + 0.5
                sy += Double(py) + 0.5
                n += 1
            }
        }
        guard n >= 30 else { return nil }
        return (sx / Double(n), sy / Double(n), n)
    }
}
