// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Contacts: every field of the card with its own copy button.
extension ResultPage {
    /// Builds the contact view; returns the card as lines of text as the main value.
    ///
    /// "Save Contact…" writes a vCard 3.0 of exactly the fields shown and is the main action;
    /// "Open in Contacts" hands the same file to the desktop's handler for `text/vcard`; "Copy All"
    /// copies every field.
    func buildContact(_ contact: Contact, into page: Sections) -> CopiedValue {
        let subject = [contact.name, contact.organization].first { !$0.isEmpty }
        page.heading(tr("Contact"), icon: ResultPage.icon(for: .content(.contact)), subject: subject)
        var fields: [Field] = []
        fields.add(tr("Name"), contact.name, tr("Copy Name"))
        fields.add(tr("Organization"), contact.organization, tr("Copy Organization"))
        fields.add(trc("contact's job", "Title"), contact.title, trc("contact's job", "Copy Title"))
        for phone in contact.phones { fields.add(tr("Phone"), phone, tr("Copy Phone Number")) }
        for email in contact.emails { fields.add(tr("E-mail"), email, tr("Copy E-mail Address")) }
        for url in contact.urls { fields.add(tr("Website"), url, tr("Copy Website")) }
        fields.add(tr("Address"), contact.address, tr("Copy Address"), multiline: true)
        fields.add(tr("Note"), contact.note, tr("Copy Note"), multiline: true)
        page.addToBody(fieldList(fields))
        let summary = CopiedValue(text: fields.map(\.value).joined(separator: "\n"), confirmation: tr("Contact copied"))
        // The file holds the card as shown here, never the payload (which may hide a second card).
        if let card = ContentExport.vCardFile(contact) {
            let fileName = ContentExport.fileName(contact.name, fallback: "contact", extension: "vcf")
            addSaveAction(
                tr("Save Contact…"), contents: card,
                request: SaveRequest(
                    title: tr("Save Contact"), suggestedName: fileName, mimeType: "text/vcard", filterName: tr("Contact cards")), to: page)
            let open = handlerButton(
                tr("Open in Contacts"), icon: "contact-new-symbolic", contents: card, fileName: fileName, mimeType: "text/vcard",
                missing: tr("No contacts app is installed to open the card."), page: page)
            if let open { page.addAction(open) }
        }
        page.addAction(copyAction(tr("Copy All"), summary))
        return summary
    }
}
