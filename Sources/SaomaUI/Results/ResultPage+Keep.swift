// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The Keep button of documents with personal data, which the history does not record by
/// itself (`PersonalDataRule`): a line saying so and "Keep in History".
extension ResultPage {
    /// Adds the line and the button under the content's heading; `keep` runs once, when it is pressed.
    func offerKeep(_ keep: @escaping @MainActor () -> Void) {
        guard let content = adw_clamp_get_child(OpaquePointer(clamp)) else { return }
        let row = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let note = ResultPage.label(tr("Not kept in history: it holds personal data."), classes: ["dim-label"])
        gtk_widget_set_halign(note, GTK_ALIGN_CENTER)
        gtk_label_set_justify(OpaquePointer(note), GTK_JUSTIFY_CENTER)
        gtk_box_append(gcast(row), note)
        let button = ResultPage.button(tr("Keep in History"), icon: "document-save-symbolic")
        onClicked(button) { [weak self] in
            keep()
            gtk_widget_set_sensitive(button, 0)
            gtk_label_set_text(OpaquePointer(note), tr("Kept in history."))
            self?.toast(tr("Kept in history"))
        }
        gtk_box_append(gcast(row), ResultPage.buttonRow([button]))
        // Under the heading, in view without scrolling however long the document.
        gtk_box_insert_child_after(gcast(content), row, gtk_widget_get_first_child(content))
    }
}
