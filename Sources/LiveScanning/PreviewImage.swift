// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import SaomaCore

/// A camera frame's pixels packed for GTK in a `GBytes`, prepared off the UI thread.
///
/// Owns one reference to `bytes` (released in `deinit`); GBytes is immutable and thread-safe,
/// so the value may be made on the capture or decode thread and used on the UI thread.
public final class PreviewImage: @unchecked Sendable {
    /// The pixels: packed RGB of the whole frame (`viewport == nil`), or BGRA (cairo's native
    /// order, opaque) already sampled to the view's device pixels (`viewport` set).
    public let bytes: OpaquePointer
    /// Width and height of `bytes` in pixels.
    public let width: Int
    public let height: Int
    /// The camera frame's size in pixels.
    public let frameSize: Size
    /// The viewport the pixels were sampled for, or `nil` for the whole frame.
    public let viewport: Viewport?

    /// Packs the whole of `frame` (its RGB when the capture converted it, else its luma as grey).
    public init(frame: VideoFrame) {
        width = frame.width
        height = frame.height
        frameSize = Size(width: Double(frame.width), height: Double(frame.height))
        viewport = nil
        if let rgb = frame.rgb, rgb.count == width * height * 3 {
            bytes = rgb.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        } else {
            let count = width * height
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count * 3))
            frame.luma.pixels.withUnsafeBufferPointer { luma in
                for i in 0..<count {
                    let v = luma[i]
                    buffer[3 * i] = v
                    buffer[3 * i + 1] = v
                    buffer[3 * i + 2] = v
                }
            }
            bytes = PreviewImage.take(buffer, count: count * 3)
        }
    }

    /// Samples `frame` to the device pixels of `viewport` through its transform (fit and mirror
    /// included), so drawing it is a plain copy. A frame with full-resolution pixels is sampled
    /// from those (the view gets the camera's detail; only the pixels shown are converted).
    public init(frame: VideoFrame, viewport: Viewport) {
        frameSize = Size(width: Double(frame.width), height: Double(frame.height))
        self.viewport = viewport
        let detail = frame.detail
        let sampledSize = detail.map { Size(width: Double($0.width), height: Double($0.height)) } ?? frameSize
        let (columns, rows) = ViewTransform(imageSize: sampledSize, viewport: viewport).sampleIndices()
        let width = columns.count
        self.width = width
        height = rows.count
        let count = width * rows.count
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count * 4))
        let frameWidth = frame.width
        let luma = frame.luma.pixels
        // Each shown pixel is converted once, straight from what the camera sent.
        func fill(_ pixel: (_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8)) {
            columns.withUnsafeBufferPointer { xs in
                for (j, y) in rows.enumerated() {
                    var out = buffer + j * width * 4
                    for x in xs {
                        let p = pixel(x, y)
                        out[0] = p.blue
                        out[1] = p.green
                        out[2] = p.red
                        out[3] = 255
                        out += 4
                    }
                }
            }
        }
        let converted: Void? = detail.map { $0.withPixels { fill($0) } } ?? frame.color?.withPixels(luma: frame.luma) { fill($0) }
        if converted == nil {
            luma.withUnsafeBufferPointer { src in
                fill { x, y in
                    let g = src[y * frameWidth + x]
                    return (g, g, g)
                }
            }
        }
        bytes = PreviewImage.take(buffer, count: count * 4)
    }

    /// A GBytes owning `buffer` (freed with it).
    private static func take(_ buffer: UnsafeMutablePointer<UInt8>, count: Int) -> OpaquePointer {
        g_bytes_new_with_free_func(buffer, gsize(count), { $0?.assumingMemoryBound(to: UInt8.self).deallocate() }, buffer)
    }

    deinit { g_bytes_unref(bytes) }
}
