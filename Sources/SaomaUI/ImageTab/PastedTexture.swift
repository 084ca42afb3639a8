// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// A pasted or dropped `GdkTexture`, encoded to PNG on the worker thread.
///
/// Owns one reference (released in `deinit`). Textures are immutable, so reading the pixels of
/// a memory texture off the UI thread is safe.
final class PastedTexture: @unchecked Sendable, Equatable {
    var texture: OpaquePointer { reference.pointer }
    private let reference: ObjectRef<OpaquePointer>

    /// Takes over one reference to `texture` (transfer full).
    init(adopting texture: OpaquePointer) { reference = ObjectRef(adopting: texture) }

    /// The texture as PNG file bytes.
    func pngBytes() -> [UInt8] {
        guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return [] }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }

    static func == (a: PastedTexture, b: PastedTexture) -> Bool { a === b }
}
