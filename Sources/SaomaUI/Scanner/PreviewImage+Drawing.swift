// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import LiveScanning

/// Drawing a camera frame's packed pixels: a cairo surface or a GDK texture over its bytes.
extension PreviewImage {
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
