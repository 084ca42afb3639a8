// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift

/// Drop and paste: files and image data dropped on the window or pasted with Ctrl+V.
extension ImageTabController {
    /// Accepts a file list, a file or an image dropped anywhere on the window.
    func addDropTarget(_ window: SaomaWindow) {
        guard let target = gtk_drop_target_new(0, GDK_ACTION_COPY) else { return }  // G_TYPE_INVALID: types set below
        var types: [GType] = [gdk_file_list_get_type(), g_file_get_type(), gdk_texture_get_type()]
        gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
        onDrop(UnsafeMutableRawPointer(target)) { [weak self] value in self?.received(value, what: tr("dropped image")) ?? false }
        gtk_widget_add_controller(window.window, target)
    }

    /// Defines `win.paste` (Ctrl+V) unless the window already has it.
    func addPasteAction(_ window: SaomaWindow) {
        let map: OpaquePointer? = gcast(UnsafeMutableRawPointer(window.window))
        guard g_action_map_lookup_action(map, "paste") == nil else { return }
        WindowActions.add("paste", to: window) { [weak self] _ in self?.paste() }
    }

    /// Pastes a file list, an image or a path from the clipboard; a text field with the focus
    /// gets an ordinary paste instead.
    func paste() {
        guard let window else { return }
        let gtkWindow = UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: GtkWindow.self)
        if let focus = gtk_window_get_focus(gtkWindow), Self.isTextInput(focus) {
            gtk_widget_activate_action_variant(focus, "clipboard.paste", nil)
            return
        }
        guard let clipboard = gdk_display_get_clipboard(gtk_widget_get_display(window.window)) else { return }
        let mimeTypes = Self.mimeTypes(gdk_clipboard_get_formats(clipboard))
        DebugEvents.log(.paste(formats: mimeTypes))
        if mimeTypes.contains("text/uri-list") || mimeTypes.contains("x-special/gnome-copied-files") {
            asyncCall(
                start: { gdk_clipboard_read_value_async(clipboard, gdk_file_list_get_type(), G_PRIORITY_DEFAULT, nil, $0, $1) },
                finish: { [weak self] result in
                    var error: UnsafeMutablePointer<GError>?
                    let value = gdk_clipboard_read_value_finish(clipboard, result, &error)
                    guard let self else { return }
                    if let value, self.received(value, what: tr("pasted image")) { return }
                    self.clipboardFailed(error)
                })
        } else if mimeTypes.contains(where: { $0.hasPrefix("image/") }) {
            asyncCall(
                start: { gdk_clipboard_read_texture_async(clipboard, nil, $0, $1) },
                finish: { [weak self] result in
                    var error: UnsafeMutablePointer<GError>?
                    let texture = gdk_clipboard_read_texture_finish(clipboard, result, &error).map { PastedTexture(adopting: $0) }
                    guard let self else { return }
                    guard let texture else { return self.clipboardFailed(error) }
                    self.open(.texture(texture, name: tr("pasted image")))
                })
        } else if mimeTypes.contains(where: { $0.hasPrefix("text/plain") }) {
            asyncCall(
                start: { gdk_clipboard_read_text_async(clipboard, nil, $0, $1) },
                finish: { [weak self] result in
                    let text = gdk_clipboard_read_text_finish(clipboard, result, nil)
                    defer { g_free(text) }
                    guard let self else { return }
                    guard let text, let path = Self.pathFromText(String(cString: text)) else {
                        return self.showNothingToPaste()
                    }
                    self.open(.file(path))
                })
        } else {
            showNothingToPaste()
        }
    }

    /// Opens what a drop or paste delivered (a file list, a file or a texture); returns whether it was usable.
    @discardableResult
    func received(_ value: UnsafePointer<GValue>, what: String) -> Bool {
        let type = value.pointee.g_type
        if type == gdk_file_list_get_type() {
            guard let list = g_value_get_boxed(value) else { return false }
            var paths: [String] = []
            // gdk_file_list_get_files: transfer container (free the list, not the files).
            let files = gdk_file_list_get_files(OpaquePointer(list))
            var node = files
            while let current = node {
                if let file = current.pointee.data, let path = Self.path(of: OpaquePointer(file)) { paths.append(path) }
                node = current.pointee.next
            }
            g_slist_free(files)
            guard !paths.isEmpty else { return false }
            openFiles(paths)
            return true
        }
        if type == g_file_get_type() {
            guard let file = g_value_get_object(value), let path = Self.path(of: OpaquePointer(file)) else { return false }
            openFiles([path])
            return true
        }
        if type == gdk_texture_get_type() {
            guard let texture = g_value_dup_object(value) else { return false }
            open(.texture(PastedTexture(adopting: OpaquePointer(texture)), name: what))
            return true
        }
        return false
    }

    private func clipboardFailed(_ error: UnsafeMutablePointer<GError>?) {
        let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? tr("unknown error")
        if let error { g_error_free(error) }
        let message = tr("Could not paste: {reason}", ["reason": reason])
        DebugEvents.log(.photoError(message: message))
        showToastMessage(message)
    }

    private func showNothingToPaste() {
        let message = tr("The clipboard holds no image or image file")
        DebugEvents.log(.photoError(message: message))
        showToastMessage(message)
    }

    /// The MIME types a clipboard offers.
    static func mimeTypes(_ formats: OpaquePointer?) -> [String] {
        guard let formats else { return [] }
        var count: gsize = 0
        guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
    }

    /// A path or `file://` URI pasted as text, when it names an existing file.
    static func pathFromText(_ text: String) -> String? {
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        var path = line
        if line.hasPrefix("file://"), let url = URL(string: line) { path = url.path }
        guard path.hasPrefix("/"), FileManager.default.fileExists(atPath: path) else { return nil }
        return path
    }

    /// Whether `widget` takes text (an entry's text or a text view), so Ctrl+V is theirs.
    static func isTextInput(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        return g_type_check_instance_is_a(instance, gtk_editable_get_type()) != 0
            || g_type_check_instance_is_a(instance, gtk_text_view_get_type()) != 0
    }
}
