// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Contacts: every field of the card with its own copy button.
extension ResultPage {
    /// Builds the contact view; returns the card as lines of text as the main value.
    ///
    /// "Save Contact…" writes a vCard 3.0 of exactly the fields shown; "Open in Contacts" hands
    /// the same file to the desktop's handler for `text/vcard`.
    func buildContact(_ contact: Contact, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("Contact"), icon: "avatar-default-symbolic"))
        var fields: [Field] = []
        func add(_ caption: String, _ value: String, _ copyLabel: String, multiline: Bool = false) {
            if !value.isEmpty { fields.append(Field(caption: caption, value: value, multiline: multiline, copyLabel: copyLabel)) }
        }
        add(tr("Name"), contact.name, tr("Copy Name"))
        add(tr("Organization"), contact.organization, tr("Copy Organization"))
        add(tr("Title"), contact.title, tr("Copy Title"))
        for phone in contact.phones { add(tr("Phone"), phone, tr("Copy Phone Number")) }
        for email in contact.emails { add(tr("E-mail"), email, tr("Copy E-mail Address")) }
        for url in contact.urls { add(tr("Website"), url, tr("Copy Website")) }
        add(tr("Address"), contact.address, tr("Copy Address"), multiline: true)
        add(tr("Note"), contact.note, tr("Copy Note"), multiline: true)
        gtk_box_append(gcast(box), fieldList(fields))
        let summary = fields.map(\.value).joined(separator: "\n")
        let copyAll = ResultPage.button(tr("Copy All"), icon: "edit-copy-symbolic")
        onClicked(copyAll) { [weak self] in self?.copy(summary) }
        var buttons = [copyAll]
        // The file holds the card as shown here, never the payload (which may hide a second card).
        if let card = ContentExport.vCardFile(contact) {
            let fileName = ContentExport.fileName(contact.name, fallback: "contact", extension: "vcf")
            let save = ResultPage.button(tr("Save Contact…"), icon: "document-save-symbolic")
            let request = SaveRequest(
                title: tr("Save Contact"), suggestedName: fileName, mimeType: "text/vcard", filterName: tr("Contact cards"))
            onClicked(save) { [weak self] in self?.save(card, request: request) }
            buttons.insert(save, at: 0)
            gtk_box_append(gcast(box), ResultPage.buttonRow(buttons))
            let open = handlerButton(
                tr("Open in Contacts"), icon: "contact-new-symbolic", contents: card, fileName: fileName, mimeType: "text/vcard",
                missing: tr("No contacts app is installed to open the card."))
            gtk_box_append(gcast(box), ResultPage.centered(open))
        } else {
            gtk_box_append(gcast(box), ResultPage.buttonRow(buttons))
        }
        return summary
    }
}
