// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// A camera frame's pixels packed for GTK in a `GBytes`, prepared off the UI thread.
///
/// Owns one reference to `bytes` (released in `deinit`); GBytes is immutable and thread-safe,
/// so the value may be made on the capture or decode thread and used on the UI thread.
final class PreviewImage: @unchecked Sendable {
    /// The pixels: packed RGB of the whole frame (`viewport == nil`), or BGRA (cairo's native
    /// order, opaque) already sampled to the view's device pixels (`viewport` set).
    let bytes: OpaquePointer
    /// Width and height of `bytes` in pixels.
    let width: Int
    let height: Int
    /// The camera frame's size in pixels.
    let frameSize: SaomaSize
    /// The viewport the pixels were sampled for, or `nil` for the whole frame.
    let viewport: Viewport?

    /// Packs the whole of `frame` (its RGB when the capture converted it, else its luma as grey).
    init(frame: VideoFrame) {
        width = frame.width
        height = frame.height
        frameSize = SaomaSize(width: Double(frame.width), height: Double(frame.height))
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
    /// included), so drawing it is a plain copy.
    init(frame: VideoFrame, viewport: Viewport) {
        frameSize = SaomaSize(width: Double(frame.width), height: Double(frame.height))
        self.viewport = viewport
        let (columns, rows) = ViewTransform(imageSize: frameSize, viewport: viewport).sampleIndices()
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
        let converted: Void? = frame.color?.withPixels(luma: frame.luma) { fill($0) }
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

    /// A cairo surface over the bytes of an image sampled for a view (transfer full: the caller
    /// destroys it), else `nil`.
    @MainActor
    func makeSurface() -> OpaquePointer? {
        guard viewport != nil else { return nil }
        return ImageSurface.make(over: bytes, width: width, height: height, opaque: true)
    }

    /// A new texture sharing the bytes.
    @MainActor
    func makeTexture() -> ObjectRef<OpaquePointer>? {
        guard width > 0, height > 0 else { return nil }
        if viewport != nil {
            return ObjectRef(
                adopting: gdk_memory_texture_new(gint(width), gint(height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(width * 4)))
        }
        return ObjectRef(adopting: gdk_memory_texture_new(gint(width), gint(height), GDK_MEMORY_R8G8B8, bytes, gsize(width * 3)))
    }
}
