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
    /// Writes the current code to `path` as PNG or SVG (by extension), atomically; a file already
    /// there is replaced only when `replacing`.
    ///
    /// Uses the same writers as `saoma generate` (PixbufIO's `PNGWriter` and `AtomicFile`).
    func export(to path: String, replacing: Bool) throws(GeneratorExportError) {
        guard let code = current?.code else { throw .nothingToExport }
        guard let format = GeneratorExportFormat(path: path) else { throw .unknownFormat(path) }
        do {
            switch format {
            case .png: try PNGWriter.write(code.rgbRaster(), to: path, replacing: replacing)
            case .svg: try AtomicFile.write(Data(code.svg().utf8), to: path, replacing: replacing)
            }
        } catch {
            throw .png(error)
        }
    }

    /// Saves to `path` (replacing a file there only when `replacing`) and reports the outcome
    /// under the buttons; returns whether it worked.
    @discardableResult
    func save(to path: String, replacing: Bool = false) -> Bool {
        do {
            try export(to: path, replacing: replacing)
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
        guard let texture = currentTexture().map({ ObjectRef(adopting: $0) }) else { return }
        gdk_clipboard_set_texture(gtk_widget_get_clipboard(root), texture.pointer)
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
        let formats: [(type: SaveFileChooser.FileType, format: GeneratorExportFormat)] = [
            (SaveFileChooser.FileType(name: tr("PNG image"), mimeType: "image/png"), .png),
            (SaveFileChooser.FileType(name: tr("SVG image"), mimeType: "image/svg+xml"), .svg),
        ]
        saveDialog = SaveFileChooser.present(
            title: tr("Save QR Code"), parent: parent, suggesting: suggestedFileName, fileTypes: formats.map(\.type)
        ) { [weak self] answer in
            guard let self else { return }
            self.saveDialog = nil
            switch answer {
            case .cancelled: return
            case .notLocal: self.setActionStatus(tr("Saoma can only save to local files."), error: true)
            case .chosen(var path, let fileType):
                // The dialog asked before replacing the file it was given, if that was there;
                // a name Saoma completes with an extension was never asked about.
                var confirmed = AtomicFile.isPresent(path)
                if GeneratorExportFormat(path: path) == nil {
                    path += "." + (fileType.map { formats[$0].format } ?? .png).rawValue
                    confirmed = false
                }
                self.save(to: path, replacing: confirmed)
            }
        }
    }

    /// The name offered for saving: the content's kind and subject (`wifi-Home-Network.png`).
    var suggestedFileName: String {
        GeneratedFileName.make(
            template: template, subject: GeneratorContent.fileNameSubject(for: template, form?.values ?? GeneratorFormValues()),
            fileExtension: GeneratorExportFormat.png.rawValue)
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
