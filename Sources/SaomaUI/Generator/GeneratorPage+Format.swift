// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Decoding
import GLibSwift
import SaomaCore
import ZintEncoding

/// The Generate page's format choice: QR, or Data Matrix, Aztec, PDF417, Micro QR, EAN-13, UPC-A
/// and Code 128 drawn by libzint and read back by the decoder process before they are shown as
/// verified (`BarcodeGenerator`). QR-only options (error correction, the capacity counter) step
/// aside for the other formats.
extension GeneratorPage {
    /// The formats in the drop-down's order.
    static let formats: [BarcodeFormat] = BarcodeFormat.allCases

    /// The format drop-down (created once by the page).
    static func makeFormatDropDown() -> UnsafeMutablePointer<GtkWidget> {
        dropDown(formats.map(GeneratorMessages.title(of:)))
    }

    /// The format chosen.
    var format: BarcodeFormat {
        GeneratorPage.formats[min(Int(gtk_drop_down_get_selected(OpaquePointer(formatDropDown))), GeneratorPage.formats.count - 1)]
    }

    /// Chooses `format` (tests and shortcuts).
    func choose(format: BarcodeFormat) {
        guard let index = GeneratorPage.formats.firstIndex(of: format) else { return }
        gtk_drop_down_set_selected(OpaquePointer(formatDropDown), guint(index))
    }

    /// After the format changed: QR-only options on or off, and a new code.
    func formatChanged() {
        let qr = format == .qr
        gtk_widget_set_sensitive(levelDropDown, qr ? 1 : 0)
        gtk_widget_set_visible(capacityLabel, qr ? 1 : 0)
        scheduleRegeneration()
    }

    /// Sends `text` in the chosen format to the worker (request `number`).
    func regenerateBarcode(_ text: String, number: Int) {
        let request = BarcodeRequest(payload: .text(text), format: format, style: style)
        startGenerating(text: text, number: number) { GeneratorPage.generate(request) }
    }

    /// Draws and self-checks `request` on the calling (worker) thread.
    nonisolated static func generate(_ request: BarcodeRequest) -> GeneratorOutcome {
        do {
            return .verified(.barcode(try BarcodeGenerator.generate(request, verifyingWith: GeneratorReadBack.shared.decoder)))
        } catch {
            if case .selfCheck(let check) = error, let code = try? BarcodeGenerator.generate(request, verifyingWith: nil) {
                return .unverified(.barcode(code), check)
            }
            return .barcodeFailed(error)
        }
    }
}
