// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// The look of the small OSD pills over the preview next to the scan frame (the resize hint and
/// the live hint): wrapped and centred, at the top of their place, never a click target, hidden
/// until shown.
enum FrameHintPill {
    /// Styles `label` (a GtkLabel) as a pill; `placePills` in `ScannerView` puts it beside the frame.
    @MainActor
    static func style(_ label: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_add_css_class(label, "scan-hint")
        gtk_widget_add_css_class(label, "frame-hint")
        gtk_label_set_wrap(gcast(label), 1)
        gtk_label_set_justify(gcast(label), GTK_JUSTIFY_CENTER)
        gtk_widget_set_halign(label, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        gtk_widget_set_can_target(label, 0)
        gtk_widget_set_visible(label, 0)
    }
}
