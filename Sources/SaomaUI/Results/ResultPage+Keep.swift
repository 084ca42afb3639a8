// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The Keep button of documents with personal data, which the history does not record by
/// itself (`PersonalDataRule`): a line saying so and "Keep in History".
extension ResultPage {
    /// Adds "Keep in History" beside the page's main action and the line saying why under them;
    /// `keep` runs once, when it is pressed.
    func offerKeep(_ keep: @escaping @MainActor () -> Void) {
        guard let sections else { return }
        let note = ResultPage.label(tr("Not kept in history: it holds personal data."), classes: ["dim-label"])
        gtk_label_set_justify(OpaquePointer(note), GTK_JUSTIFY_CENTER)
        let button = ResultPage.button(tr("Keep in History"), icon: "document-save-symbolic")
        onClicked(button) { [weak self] in
            keep()
            gtk_widget_set_sensitive(button, 0)
            gtk_label_set_text(OpaquePointer(note), tr("Kept in history."))
            self?.toast(tr("Kept in history"))
        }
        sections.addAction(button, beside: true)
        sections.addStatus(note)
    }
}
