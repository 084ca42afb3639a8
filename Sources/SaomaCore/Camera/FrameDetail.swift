// SPDX-License-Identifier: GPL-3.0-or-later

/// A camera frame at the camera's full resolution, kept beside the working-size frame every
/// consumer sees (`VideoFrame.luma`): the preview samples its colour at the view's own device
/// pixels, and a small code-like region the cheap look left unread is read from its luma at full
/// resolution (`FullResolutionRule`). The capture copies the frame once as it came and reduces its
/// luma once; each read here converts only the pixels it asks for.
///
/// Immutable after `init`; shared by reference between the capture, decode and UI threads.
public final class FrameDetail: Sendable {
    /// How `pixels` are laid out.
    public enum Layout: Sendable, Equatable {
        /// YUYV 4:2:2 as sent (Y0 U Y1 V per pixel pair, rows of `width * 2` bytes), limited range.
        case yuyv
        /// Planar 4:2:0 (YU12: the Y plane, then U and V at half width and height), full range
        /// when decoded from JPEG, else limited.
        case yu12(fullRange: Bool)
    }

    /// Full frame width and height in pixels.
    public let width: Int
    public let height: Int
    /// The frame's bytes, as `layout` says.
    public let pixels: [UInt8]
    public let layout: Layout
    /// Full pixels per working pixel along each side (above 1).
    public let scale: Double

    /// Wraps `pixels` of a `width` × `height` frame shown at `scale` times fewer pixels a side;
    /// `nil` when the bytes do not match the size and layout, a side is odd or out of range, or
    /// `scale` is not above 1.
    public init?(width: Int, height: Int, pixels: [UInt8], layout: Layout, scale: Double) {
        guard CameraValues.isAcceptable(width: width, height: height), width % 2 == 0, height % 2 == 0, scale.isFinite, scale > 1
        else { return nil }
        let expected: Int
        switch layout {
        case .yuyv: expected = width * height * 2
        case .yu12: expected = width * height + 2 * (width / 2) * (height / 2)
        }
        guard pixels.count == expected else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.layout = layout
        self.scale = scale
    }

    /// A YUYV frame (see `init(width:height:pixels:layout:scale:)`).
    public convenience init?(width: Int, height: Int, yuyv: [UInt8], scale: Double) {
        self.init(width: width, height: height, pixels: yuyv, layout: .yuyv, scale: scale)
    }

    /// The full-resolution pixels under `rect`, given in working pixels (clipped to the frame).
    public func fullPixels(of rect: PixelRect) -> PixelRect {
        let covered = Rect(
            x: Double(rect.x) * scale, y: Double(rect.y) * scale, width: Double(rect.width) * scale,
            height: Double(rect.height) * scale)
        return PixelRect(covering: covered).clamped(width: width, height: height)
    }

    /// The luma of `rect` (full-resolution pixels, clipped to the frame) as an image of its own.
    public func luma(in rect: PixelRect) -> LumaImage {
        let r = rect.clamped(width: width, height: height)
        let step = layout == .yuyv ? 2 : 1
        let rowBytes = width * step
        let out = pixels.withUnsafeBufferPointer { src in
            FrameConversion.plane(width: r.width, height: r.height) { row, out in
                guard let base = src.baseAddress else { return }
                let line = base + (r.y + row) * rowBytes + r.x * step
                for x in 0..<r.width { out[x] = line[step * x] }
            }
        }
        return LumaImage(width: r.width, height: r.height, pixels: out) ?? LumaImage(width: 0, height: 0)
    }

    /// Calls `body` with a reader of full-resolution pixel (x, y)'s colour (x < `width`, y < `height`).
    @inlinable
    public func withPixels<Result>(_ body: (_ pixel: (_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8)) -> Result) -> Result {
        let width = self.width
        return pixels.withUnsafeBufferPointer { src in
            switch layout {
            case .yuyv:
                let rowBytes = width * 2
                let tables = YCbCrTables.limited
                return body { x, y in
                    let row = y * rowBytes
                    let pair = row + (x & ~1) * 2
                    return tables.rgb(y: src[row + 2 * x], u: src[pair + 1], v: src[pair + 3])
                }
            case .yu12(let fullRange):
                let tables = fullRange ? YCbCrTables.full : YCbCrTables.limited
                let half = width / 2
                let u = width * height
                let v = u + half * (height / 2)
                return body { x, y in
                    let c = (y / 2) * half + x / 2
                    return tables.rgb(y: src[y * width + x], u: src[u + c], v: src[v + c])
                }
            }
        }
    }
}
