// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import QREncoding
import SaomaCore
import ZBarDecoding

/// "Copy Code Image" on the result of a QR code: the same code drawn again, clean, at the
/// generator's size and read back by Saoma's decoder before it goes on the clipboard (to paste
/// into a chat or a document). Other symbologies have no encoder in Saoma: no button.
extension ResultPage {
    /// The QR payload that draws `symbol` again: its text when the code held UTF-8 (written with
    /// the UTF-8 designator as the generator does), else its bytes exactly; `nil` for codes that
    /// are not QR codes.
    nonisolated static func redrawnPayload(of symbol: Symbol) -> QRPayload? {
        guard symbol.format == .qrCode, !symbol.bytes.isEmpty else { return nil }
        if let text = symbol.text, Array(text.utf8) == symbol.bytes { return .text(text) }
        return .bytes(symbol.bytes)
    }

    /// The "Copy Code Image" action for `symbol`, or `nil` when Saoma cannot draw it again.
    func codeImageButton(for symbol: Symbol) -> UnsafeMutablePointer<GtkWidget>? {
        guard let payload = Self.redrawnPayload(of: symbol) else { return nil }
        let button = ResultPage.button(tr("Copy Code Image"), icon: "image-x-generic-symbolic")
        gtk_widget_set_name(button, "copy-code-image")
        onClicked(button) { [weak self] in self?.copyCodeImage(payload) }
        return button
    }

    /// Draws `payload` again off the UI thread, checks that it reads back, and copies the image.
    private func copyCodeImage(_ payload: QRPayload) {
        let request = QRGenerationRequest(payload: payload)
        Thread.detachNewThread { [weak self] in
            let code = try? QRGenerator.generate(request, verifyingWith: ZBarDecoder())
            runOnMainLoop { [weak self] in
                guard let self else { return }
                guard let code, let texture = Self.texture(of: code) else {
                    self.toast(tr("Could not draw this code again"))
                    return
                }
                gdk_clipboard_set_texture(gtk_widget_get_clipboard(self.root), texture.pointer)
                self.toast(tr("Code image copied"))
            }
        }
    }

    /// `code` as a texture of its saved size.
    private static func texture(of code: GeneratedQRCode) -> ObjectRef<OpaquePointer>? {
        let raster = code.rgbRaster()
        let bytes = raster.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(gint(raster.width), gint(raster.height), GDK_MEMORY_R8G8B8, bytes, gsize(raster.rowStride))
        return texture.map { ObjectRef(adopting: $0) }
    }
}
