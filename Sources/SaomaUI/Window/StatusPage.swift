// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// An `AdwStatusPage` that explains a state (the camera's problem, the Wi-Fi mode's phase): an
/// icon, a title and a description over a column of the owner's widgets.
///
/// The description is plain text that may name a device, a network or a driver's message, so
/// it is escaped for the page's markup here, once for every owner. UI thread only; owns its
/// widget.
@MainActor
final class StatusPage {
    /// The `AdwStatusPage`.
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef = WidgetRef(sinking: adw_status_page_new())

    /// A page showing `child` under its text.
    init(child: UnsafeMutablePointer<GtkWidget>) {
        adw_status_page_set_child(gcast(widget), child)
    }

    /// Shows `text`; the description is shown as written, markup characters and all.
    func show(_ text: (icon: String, title: String, description: String)) {
        adw_status_page_set_icon_name(gcast(widget), text.icon)
        adw_status_page_set_title(gcast(widget), text.title)
        adw_status_page_set_description(gcast(widget), Markup.escaped(text.description))
    }

    /// A centred row of `buttons` as pills, in order.
    static func buttonRow(_ buttons: [UnsafeMutablePointer<GtkWidget>]) -> UnsafeMutablePointer<GtkWidget> {
        let row = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
        for button in buttons {
            gtk_widget_add_css_class(button, "pill")
            gtk_box_append(gcast(row), button)
        }
        return row
    }
}
