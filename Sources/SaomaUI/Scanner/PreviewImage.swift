// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import SaomaCore

/// A camera frame's pixels packed for GTK in a `GBytes`, prepared off the UI thread.
///
/// Owns one reference to `bytes` (released in `deinit`); GBytes is immutable and thread-safe,
/// so the value may be made on the capture or decode thread and used on the UI thread.
final class PreviewImage: @unchecked Sendable {
    /// Packed RGB, `width * 3` bytes per row.
    let bytes: OpaquePointer
    let width: Int
    let height: Int

    /// Packs `frame` (its RGB when the capture converted it, else its luma expanded to grey RGB).
    init(frame: VideoFrame) {
        width = frame.width
        height = frame.height
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
            // g_bytes_new_with_free_func takes ownership of the buffer.
            bytes = g_bytes_new_with_free_func(buffer, gsize(count * 3), { $0?.assumingMemoryBound(to: UInt8.self).deallocate() }, buffer)
        }
    }

    deinit { g_bytes_unref(bytes) }

    var size: SaomaSize { SaomaSize(width: Double(width), height: Double(height)) }

    /// A new texture sharing the bytes (transfer full: the caller unrefs it).
    @MainActor
    func makeTexture() -> OpaquePointer? {
        gdk_memory_texture_new(gint(width), gint(height), GDK_MEMORY_R8G8B8, bytes, gsize(width * 3))
    }
}
