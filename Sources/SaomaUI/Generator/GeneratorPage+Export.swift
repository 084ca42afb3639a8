// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import PixbufIO
import QREncoding
import SaomaCore

/// The image formats the page saves, chosen by the file name's extension.
enum GeneratorExportFormat: String, CaseIterable {
    case png
    case svg

    /// The format for `path`'s extension (case-insensitive), or `nil`.
    init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}

/// Why a save failed.
enum GeneratorExportError: Error, Equatable {
    case nothingToExport
    case unknownFormat(String)
    /// Encoding or writing failed (PixbufIO's writer, shared with `saoma generate`).
    case png(PNGWriterError)
}

extension GeneratorPage {
    /// Writes the current code to `path` as PNG or SVG (by extension), atomically.
    ///
    /// Uses the same writers as `saoma generate` (PixbufIO's `PNGWriter` and `AtomicFile`).
    func export(to path: String) throws(GeneratorExportError) {
        guard let code = current?.code else { throw .nothingToExport }
        guard let format = GeneratorExportFormat(path: path) else { throw .unknownFormat(path) }
        do {
            switch format {
            case .png: try PNGWriter.write(code.rgbRaster(), to: path)
            case .svg: try AtomicFile.write(Data(code.svg().utf8), to: path)
            }
        } catch {
            throw .png(error)
        }
    }

    /// Saves to `path` and reports the outcome under the buttons; returns whether it worked.
    @discardableResult
    func save(to path: String) -> Bool {
        do {
            try export(to: path)
            var text = GeneratorMessages.saved(path)
            if let failure = current?.selfCheckFailure { text += " — " + GeneratorMessages.verdict(selfCheck: failure) }
            setActionStatus(text, error: current?.selfCheckFailure != nil)
            return true
        } catch {
            setActionStatus(GeneratorMessages.message(for: error), error: true)
            return false
        }
    }

    /// Puts the current code on the clipboard as an image (GTK offers it as PNG and other types).
    public func copyImageToClipboard() {
        guard let texture = currentTexture() else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        gdk_clipboard_set_texture(gtk_widget_get_clipboard(root), texture)
        setActionStatus(tr("Image copied"), error: false)
    }

    /// The current code as a texture of the saved image's size (transfer full), or `nil`.
    func currentTexture() -> OpaquePointer? {
        guard let code = current?.code else { return nil }
        let raster = code.rgbRaster()
        let bytes = raster.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(gint(raster.width), gint(raster.height), GDK_MEMORY_R8G8B8, bytes, gsize(raster.rowStride))
    }

    /// Asks where to save with the desktop's file chooser (PNG and SVG filters).
    func presentSaveDialog() {
        guard current != nil, saveDialog == nil else { return }
        let parent = gtk_widget_get_root(root).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        guard let dialog = gtk_file_chooser_native_new(tr("Save QR Code"), parent, GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Save"), tr("_Cancel"))
        else { return }
        saveDialog = dialog
        let chooser = dialog
        gtk_file_chooser_set_current_name(chooser, "qr-code.png")
        let filters = [(tr("PNG image"), "image/png", GeneratorExportFormat.png), (tr("SVG image"), "image/svg+xml", .svg)]
        for (name, mime, _) in filters {
            let filter = gtk_file_filter_new()
            gtk_file_filter_set_name(filter, name)
            gtk_file_filter_add_mime_type(filter, mime)
            gtk_file_chooser_add_filter(chooser, filter)
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
        onNativeResponse(UnsafeMutableRawPointer(dialog)) { [weak self] response in
            guard let self else { return }
            defer {
                self.saveDialog = nil
                // Released after the emission that is running now.
                let bits = UInt(bitPattern: UnsafeMutableRawPointer(dialog))
                runOnMainLoop { g_object_unref(UnsafeMutableRawPointer(bitPattern: bits)) }
            }
            guard response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let cPath = g_file_get_path(file) else {
                self.setActionStatus(tr("Saoma can only save to local files."), error: true)
                return
            }
            defer { g_free(cPath) }
            var path = String(cString: cPath)
            if GeneratorExportFormat(path: path) == nil {
                let chosen = gtk_file_chooser_get_filter(chooser).flatMap { filter in
                    filters.first { $0.0 == gtk_file_filter_get_name(filter).map { String(cString: $0) } }?.2
                }
                path += "." + (chosen ?? .png).rawValue
            }
            self.save(to: path)
        }
        gtk_native_dialog_show(gcast(UnsafeMutableRawPointer(dialog)))
    }

    /// Shows the current code full screen on white, for a phone to scan from the screen.
    public func presentFullScreen() {
        guard let result = current else { return }
        if let fullScreen {
            fullScreen.present()
            return
        }
        let parent = gtk_widget_get_root(root).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
        let view = GeneratorFullScreen(
            appearance: result.appearance, label: previewAccessibleLabel, description: previewAccessibleDescription, parent: parent)
        view.onClosed = { [weak self] in self?.fullScreen = nil }
        fullScreen = view
        view.present()
    }

    /// The outcome of the last save or copy, under the buttons.
    func setActionStatus(_ text: String, error: Bool) {
        gtk_label_set_text(OpaquePointer(actionStatusLabel), text)
        if error {
            gtk_widget_add_css_class(actionStatusLabel, "error")
        } else {
            gtk_widget_remove_css_class(actionStatusLabel, "error")
        }
    }
}
