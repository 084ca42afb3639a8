// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// A plain result page (the code's text and "Scan again"), used until the full `ResultPage` of
/// the results view is available. Same API as `ResultPage`. UI thread only; owns its widget.
@MainActor
final class FallbackResultPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    var onScanAgain: (() -> Void)?
    private let label: UnsafeMutablePointer<GtkWidget>
    private var shown: Symbol?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)
        g_object_ref_sink(widget)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(widget, "result")
        label = gtk_label_new(nil)
        gtk_label_set_selectable(gcast(label), 1)
        gtk_label_set_wrap(gcast(label), 1)
        gtk_label_set_wrap_mode(gcast(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(gcast(label), 60)
        gtk_widget_add_css_class(label, "title-2")
        let again = gtk_button_new_with_mnemonic(tr("_Scan Again"))!
        gtk_widget_add_css_class(again, "pill")
        gtk_widget_add_css_class(again, "suggested-action")
        gtk_widget_set_halign(again, GTK_ALIGN_CENTER)
        onClicked(again) { [weak self] in self?.onScanAgain?() }
        gtk_box_append(gcast(widget), label)
        gtk_box_append(gcast(widget), again)
    }

    isolated deinit {
        g_object_unref(widget)
    }

    func show(_ symbol: Symbol) {
        shown = symbol
        gtk_label_set_text(gcast(label), symbol.displayText)
    }

    func copyToClipboard() {
        guard let shown, let display = gtk_widget_get_display(widget) else { return }
        gdk_clipboard_set_text(gdk_display_get_clipboard(display), shown.displayText)
    }
}
