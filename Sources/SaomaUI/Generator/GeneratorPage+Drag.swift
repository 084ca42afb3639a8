// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import PixbufIO

/// Dragging the generated code out of the Generate tab: into an image editor or a chat as an
/// image, into a file manager as a PNG file, into a text field as the text it holds. Each target
/// takes what it wants of the three (GTK serializes the image as PNG and its other formats).
extension GeneratorPage {
    /// The PNG file a drag offers to file managers: in Saoma's cache, replaced by each drag.
    static var dragFilePath: String { String(cString: g_get_user_cache_dir()) + "/saoma/drag/qr-code.png" }

    /// Makes the preview a drag source (a press on it that moves starts a drag while a code shows).
    func addDragSource() {
        let source = created(gtk_drag_source_new())
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        let box = Unmanaged.passRetained(DragHandler(self)).toOpaque()
        saoma_signal_connect(
            UnsafeMutableRawPointer(source), "prepare", unsafeBitCast(prepareThunk, to: GCallback.self), box,
            { box, _ in if let box { Unmanaged<DragHandler>.fromOpaque(box).release() } })
        gtk_widget_add_controller(preview.widget, gcast(UnsafeMutableRawPointer(source)))
    }

    /// What a drag of the current code carries (transfer full), `nil` when no code shows: the
    /// image, the PNG file (when it could be written) and the text.
    func dragContent() -> UnsafeMutablePointer<GdkContentProvider>? {
        guard let result = current, let texture = currentTexture().map({ ObjectRef(adopting: $0) }) else { return nil }
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [Self.provider(objectType: gdk_texture_get_type(), texture.pointer)]
        let path = Self.dragFilePath
        if (try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true))
            != nil, (try? PNGWriter.write(result.code.rgbRaster(), to: path, replacing: true)) != nil
        {
            let file = ObjectRef(adopting: g_file_new_for_path(path))
            providers.append(Self.provider(objectType: g_file_get_type(), file.pointer))
        }
        let text = Array(result.text.utf8)
        let bytes = text.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        providers.append(gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", bytes))
        return providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
    }

    /// A provider of `object` as a value of `objectType` (transfer full).
    private static func provider(objectType: GType, _ object: OpaquePointer) -> UnsafeMutablePointer<GdkContentProvider>? {
        var value = GValue()
        g_value_init(&value, objectType)
        g_value_set_object(&value, UnsafeMutableRawPointer(object))
        defer { g_value_unset(&value) }
        return gdk_content_provider_new_for_value(&value)
    }

    /// The drag's icon: the code as it is saved.
    fileprivate func setDragIcon(_ source: OpaquePointer) {
        guard let texture = currentTexture().map({ ObjectRef(adopting: $0) }) else { return }
        gtk_drag_source_set_icon(source, texture.pointer, 0, 0)
    }
}

/// The page a drag source serves (weakly: the controller may outlive it while GTK tears down).
@MainActor
private final class DragHandler {
    weak var page: GeneratorPage?
    init(_ page: GeneratorPage) { self.page = page }
}

/// `GtkDragSource::prepare` (user data last): the content, or NULL to refuse the drag.
private let prepareThunk: @convention(c) (OpaquePointer?, gdouble, gdouble, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = {
    source, _, _, data in
    guard let data, let source else { return nil }
    // Pointers are not Sendable; GTK calls this on the UI thread, where it stays.
    let dataBits = UInt(bitPattern: Int(bitPattern: data))
    let sourceBits = UInt(bitPattern: Int(bitPattern: UnsafeMutableRawPointer(source)))
    let content = MainActor.assumeIsolated { () -> UInt in
        guard let data = UnsafeMutableRawPointer(bitPattern: dataBits),
            let page = Unmanaged<DragHandler>.fromOpaque(data).takeUnretainedValue().page, let content = page.dragContent()
        else { return 0 }
        if let source = OpaquePointer(bitPattern: sourceBits) { page.setDragIcon(source) }
        return UInt(bitPattern: Int(bitPattern: UnsafeMutableRawPointer(content)))
    }
    return UnsafeMutablePointer(bitPattern: content)
}
