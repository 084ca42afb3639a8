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

    /// The image's bytes: each pixel row is built once per module row and copied for the module's
    /// other pixel rows (whole pixels per module, nearest-neighbour).
    ///
    /// `dark` and `light` are one pixel's bytes (1 for luma, 3 for RGB).
    private func render(moduleSize: Int, quietZone: Int, dark: [UInt8], light: [UInt8]) -> [UInt8] {
        let modules = sizeInModules(quietZone: quietZone)
        let channels = dark.count
        let rowBytes = modules * moduleSize * channels
        let total = rowBytes * modules * moduleSize
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            for moduleY in 0..<modules {
                let rowStart = offset
                for moduleX in 0..<modules {
                    let pixel = isDark(x: moduleX - quietZone, y: moduleY - quietZone) ? dark : light
                    for _ in 0..<moduleSize {
                        for c in 0..<channels { base[offset + c] = pixel[c] }
                        offset += channels
                    }
                }
                for _ in 1..<moduleSize {
                    (base + offset).update(from: base + rowStart, count: rowBytes)
                    offset += rowBytes
                }
            }
            initialized = total
        }
    }

    /// The code as RGB pixels, quiet zone included, `moduleSize` whole pixels per module.
    ///
    /// A module size below 1 is taken as 1, a negative quiet zone as 0.
    public func rgbRaster(moduleSize: Int, quietZone: Int, foreground: RGBColor = .black, background: RGBColor = .white) -> RGBRaster {
        let moduleSize = max(1, moduleSize)
        let quietZone = max(0, quietZone)
        let side = pixelSize(moduleSize: moduleSize, quietZone: quietZone)
        let bytes = render(
            moduleSize: moduleSize, quietZone: quietZone, dark: [foreground.red, foreground.green, foreground.blue],
            light: [background.red, background.green, background.blue])
        return RGBRaster(unchecked: side, bytes: bytes)
    }

    /// The code as the greyscale image a decoder sees: the luma of the colours, quiet zone included.
    ///
    /// A module size below 1 is taken as 1, a negative quiet zone as 0.
    public func lumaImage(moduleSize: Int, quietZone: Int, foreground: RGBColor = .black, background: RGBColor = .white) -> LumaImage {
        let moduleSize = max(1, moduleSize)
        let quietZone = max(0, quietZone)
        let side = pixelSize(moduleSize: moduleSize, quietZone: quietZone)
        let pixels = render(moduleSize: moduleSize, quietZone: quietZone, dark: [foreground.luma], light: [background.luma])
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
