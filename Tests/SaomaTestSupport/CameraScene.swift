// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import QREncoding
import SaomaCore

/// A camera scene: a grey 8-bit RGB image with QR codes at known places, written as the PPM
/// the fake V4L2 device serves.
public struct CameraScene {
    /// A code in the scene: its text and the square its modules cover, in camera pixels.
    public struct PlacedCode {
        public var text: String
        public var rect: SaomaCore.Rect
    }

    public let width: Int
    public let height: Int
    public private(set) var rgb: [UInt8]
    public private(set) var codes: [PlacedCode] = []

    public init(width: Int = 1280, height: Int = 720, grey: UInt8 = 176) {
        self.width = width
        self.height = height
        rgb = [UInt8](repeating: grey, count: width * height * 3)
    }

    /// Draws a QR code for `text` centred on `(centerX, centerY)` with `moduleSize` pixels per
    /// module and a 4-module white quiet zone; light modules on a black ground when `inverted`.
    public mutating func addCode(_ text: String, centerX: Int, centerY: Int, moduleSize: Int = 4, inverted: Bool = false) throws {
        let matrix = try QREncoder.encode(.text(text), level: .medium)
        let side = matrix.size * moduleSize
        let x0 = centerX - side / 2
        let y0 = centerY - side / 2
        let quiet = 4 * moduleSize
        for y in (y0 - quiet)..<(y0 + side + quiet) {
            for x in (x0 - quiet)..<(x0 + side + quiet) where x >= 0 && y >= 0 && x < width && y < height {
                let mx = (x - x0) / moduleSize
                let my = (y - y0) / moduleSize
                let inside = x >= x0 && y >= y0 && mx < matrix.size && my < matrix.size
                let dark = inside && matrix.isDark(x: mx, y: my)
                let value: UInt8 = dark != inverted ? 0 : 255
                let i = 3 * (y * width + x)
                rgb[i] = value
                rgb[i + 1] = value
                rgb[i + 2] = value
            }
        }
        codes.append(PlacedCode(text: text, rect: SaomaCore.Rect(x: Double(x0), y: Double(y0), width: Double(side), height: Double(side))))
    }

    /// Draws `image` (grey) centred on `(centerX, centerY)`, cut where it leaves the scene; `text`
    /// names what it shows (a code drawn by another encoder, zint's PDF417 say).
    public mutating func addImage(_ image: LumaImage, text: String, centerX: Int, centerY: Int) {
        let x0 = centerX - image.width / 2
        let y0 = centerY - image.height / 2
        for y in 0..<image.height where y0 + y >= 0 && y0 + y < height {
            for x in 0..<image.width where x0 + x >= 0 && x0 + x < width {
                let i = 3 * ((y0 + y) * width + x0 + x)
                let v = image[x, y]
                rgb[i] = v
                rgb[i + 1] = v
                rgb[i + 2] = v
            }
        }
        codes.append(
            PlacedCode(
                text: text, rect: SaomaCore.Rect(x: Double(x0), y: Double(y0), width: Double(image.width), height: Double(image.height))))
    }

    /// Writes the scene as a binary PPM at `path` (atomically: written beside it, then renamed over).
    public func write(to path: String) throws {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        data.append(contentsOf: rgb)
        let temporary = path + ".tmp"
        try data.write(to: URL(fileURLWithPath: temporary))
        _ = rename(temporary, path)
    }
}
