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
    /// thousands of scalars); a note says so when something is left out.
    func buildText(_ text: String, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("Text"), icon: "text-x-generic-symbolic"))
        let (start, isCut) = DisplayText.cut(text, .page)
        if isCut {
            let note = tr(
                "Showing the first {shown} of {count} characters; copying copies all of them.",
                ["shown": String(start.unicodeScalars.count), "count": String(text.unicodeScalars.count)])
            gtk_box_append(gcast(box), ResultPage.label(note, classes: ["dim-label"]))
        }
        let shown = VisibleText.of(isCut ? start + "…" : start, keepingLineBreaks: true)
        gtk_box_append(gcast(box), textFrame(shown, monospace: false))
        let copy = ResultPage.button(tr("Copy Text"), icon: "edit-copy-symbolic")
        onClicked(copy) { [weak self] in self?.copy(text) }
        gtk_box_append(gcast(box), ResultPage.buttonRow([copy]))
        return text
    }

    /// Builds the binary view (hex in groups of two digits); returns the hex as the main value.
    func buildBinary(_ bytes: [UInt8], into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("Binary Data"), icon: "application-x-executable-symbolic"))
        let count = ResultPage.label(
            trn("{count} byte, not text", "{count} bytes, not text", bytes.count), classes: ["dim-label"])
        gtk_box_append(gcast(box), count)
        let hex = Symbol.hex(bytes)
        let shownBytes = ResultPage.maximumShownCharacters / 3
        let shown = ResultPage.grouped(Symbol.hex(Array(bytes.prefix(shownBytes)))) + (bytes.count > shownBytes ? " …" : "")
        gtk_box_append(gcast(box), textFrame(shown, monospace: true))
        let copy = ResultPage.button(tr("Copy as Hex"), icon: "edit-copy-symbolic")
        onClicked(copy) { [weak self] in self?.copy(hex) }
        gtk_box_append(gcast(box), ResultPage.buttonRow([copy]))
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
