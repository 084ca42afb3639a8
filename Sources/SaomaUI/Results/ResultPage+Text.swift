// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Plain text (selectable, wrapping, scrolling with the page) and binary payloads (hex).
extension ResultPage {
    /// Most characters of a binary payload's hex shown on the page; longer payloads show their
    /// start, and copying still copies everything.
    static let maximumShownCharacters = 8000

    /// Builds the text view; returns the text as the main value.
    ///
    /// The page shows the text's start within `DisplayText.Budget.page` (8000 scalars: more than
    /// one QR code holds, 7089), counted by scalars, never by characters (one character may be
    /// thousands of scalars); a note says so when something is left out. "Copy Text" copies it all.
    func buildText(_ text: String, into page: Sections) -> CopiedValue {
        page.heading(tr("Text"), icon: ResultPage.icon(for: .content(.text)))
        let copied = addCopyAction(tr("Copy Text"), text: text, confirmation: tr("Text copied"), to: page)
        let (start, isCut) = DisplayText.cut(text, .page)
        if isCut {
            let note = tr(
                "Showing the first {shown} of {count} characters; copying copies all of them.",
                ["shown": String(start.unicodeScalars.count), "count": String(text.unicodeScalars.count)])
            page.addToBody(ResultPage.label(note, classes: ["dim-label"]))
        }
        let shown = VisibleText.of(isCut ? start + "…" : start, keepingLineBreaks: true)
        page.addToBody(textFrame(shown, monospace: false))
        return copied
    }

    /// Builds the binary view (hex in groups of two digits); returns the hex as the main value.
    func buildBinary(_ bytes: [UInt8], into page: Sections) -> CopiedValue {
        page.heading(tr("Binary Data"), icon: ResultPage.icon(for: .binary))
        let count = ResultPage.label(
            trn("{count} byte, not text", "{count} bytes, not text", bytes.count), classes: ["dim-label"])
        page.addToSummary(count)
        let hex = addCopyAction(tr("Copy as Hex"), text: Symbol.hex(bytes), confirmation: tr("Hex copied"), to: page)
        let shownBytes = ResultPage.maximumShownCharacters / 3
        let shown = ResultPage.grouped(Symbol.hex(Array(bytes.prefix(shownBytes)))) + (bytes.count > shownBytes ? " …" : "")
        page.addToBody(textFrame(shown, monospace: true))
        return hex
    }

    /// A card holding a selectable, wrapping label.
    func textFrame(_ text: String, monospace: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let label = ResultPage.label(text, classes: monospace ? ["monospace"] : [], selectable: true)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_label_set_yalign(OpaquePointer(label), 0)
        ResultPage.setMargins(label, 12)
        let frame = gtk_frame_new(nil)!
        gtk_frame_set_child(gcast(frame), label)
        gtk_widget_add_css_class(frame, "view")
        return frame
    }

    /// Hex digits in pairs separated by spaces ("de ad be ef").
    static func grouped(_ hex: String) -> String {
        var out = ""
        out.reserveCapacity(hex.count * 3 / 2)
        for (i, c) in hex.enumerated() {
            if i > 0 && i % 2 == 0 { out.append(" ") }
            out.append(c)
        }
        return out
    }
}
