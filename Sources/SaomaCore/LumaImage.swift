// SPDX-License-Identifier: GPL-3.0-or-later

/// An 8-bit greyscale image (the luma plane that decoders read), rows packed without padding.
///
/// A value type with copy-on-write storage: cheap to pass between threads.
public struct LumaImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major pixels, `width * height` bytes, 0 = black, 255 = white.
    public var pixels: [UInt8]

    /// Wraps `pixels`; returns `nil` when the count does not match `width * height`.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A uniform image.
    public init(width: Int, height: Int, fill: UInt8 = 255) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.pixels = [UInt8](repeating: fill, count: self.width * self.height)
    }

    public var size: Size { Size(width: Double(width), height: Double(height)) }
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The pixels inside `rect` (clipped to the image) as a new image.
    public func cropped(to rect: PixelRect) -> LumaImage {
        let r = rect.clamped(width: width, height: height)
        if r == bounds { return self }
        // Row copies into uninitialised storage: live frames are cropped to the scan frame 30 times a second.
        let out = [UInt8](unsafeUninitializedCapacity: r.width * r.height) { dst, count in
            pixels.withUnsafeBufferPointer { src in
                guard let from = src.baseAddress, let to = dst.baseAddress else { return }
                for row in 0..<r.height {
                    (to + row * r.width).update(from: from + (r.y + row) * width + r.x, count: r.width)
                }
            }
            count = r.width * r.height
        }
        return LumaImage(uncheckedWidth: r.width, height: r.height, pixels: out)
    }

    /// This image rotated clockwise by `quarterTurns` × 90° (any integer, negative turns counter-clockwise).
    public func rotated(quarterTurns: Int) -> LumaImage {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: return oriented(.right)
        case 2: return oriented(.down)
        case 3: return oriented(.left)
        default: return self
        }
    }

    /// This image mirrored left–right.
    public func mirrored() -> LumaImage { oriented(.upMirrored) }

    /// The upright (displayed) image for a stored image with EXIF `orientation`.
    public func oriented(_ orientation: ImageOrientation) -> LumaImage {
        if orientation == .up { return self }
        let w = width
        let h = height
        let outW = orientation.swapsAxes ? h : w
        let outH = orientation.swapsAxes ? w : h
        var out = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // For each displayed pixel (dx, dy), the stored pixel it shows (the inverse of
                // `ImageOrientation.displayPoint`, on pixel indices).
                for dy in 0..<outH {
                    for dx in 0..<outW {
                        let sx: Int
                        let sy: Int
                        switch orientation {
                        case .up: (sx, sy) = (dx, dy)
                        case .upMirrored: (sx, sy) = (w - 1 - dx, dy)
                        case .down: (sx, sy) = (w - 1 - dx, h - 1 - dy)
                        case .downMirrored: (sx, sy) = (dx, h - 1 - dy)
                        case .leftMirrored: (sx, sy) = (dy, dx)
                        case .right: (sx, sy) = (dy, h - 1 - dx)
                        case .rightMirrored: (sx, sy) = (w - 1 - dy, h - 1 - dx)
                        case .left: (sx, sy) = (w - 1 - dy, dx)
                        }
                        dst[dy * outW + dx] = src[sy * w + sx]
                    }
                }
            }
        }
        return LumaImage(uncheckedWidth: outW, height: outH, pixels: out)
    }

    /// Internal initialiser for counts already known to match.
    init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
