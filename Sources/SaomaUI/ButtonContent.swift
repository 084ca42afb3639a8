// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// Gives `button` (any `GtkButton`, toggle buttons included) an icon beside a visible label (an
/// `AdwButtonContent`; the label is also its accessible name, underscores shown as typed).
@MainActor
func setButtonContent(_ button: UnsafeMutablePointer<GtkWidget>, label: String, icon: String) {
    guard let content = adw_button_content_new() else { return }
    adw_button_content_set_icon_name(OpaquePointer(content), icon)
    adw_button_content_set_label(OpaquePointer(content), label)
    adw_button_content_set_use_underline(OpaquePointer(content), 0)
    gtk_button_set_child(gcast(button), content)
}
