// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Driver's licences and ID cards (AAMVA): name, dates of birth, issue and expiry (ISO 8601, so
/// month and day are never confused), document number and address, each with a copy button.
extension ResultPage {
    /// Builds the licence or ID view; returns the document number (else the name) as the main value.
    ///
    /// The holder's name is the subject, "Copy Document Number" the main action.
    func buildIdentityDocument(_ card: IdentityDocument, into page: Sections) -> CopiedValue {
        let title = card.documentType == .driverLicense ? tr("Driver’s Licence") : tr("Identification Card")
        page.heading(
            title, icon: ResultPage.icon(for: .content(.identityDocument)), subject: card.displayName.isEmpty ? nil : card.displayName)
        var fields: [Field] = []
        fields.add(tr("Name"), card.displayName, tr("Copy Name"))
        if card.familyName != nil || card.firstName != nil {
            fields.add(tr("Family name"), card.familyName, tr("Copy Family Name"))
            fields.add(tr("First name"), card.firstName, tr("Copy First Name"))
            fields.add(tr("Middle names"), card.middleNames, tr("Copy Middle Names"))
        }
        fields.add(tr("Date of birth"), card.dateOfBirth?.iso8601, tr("Copy Date of Birth"))
        fields.add(tr("Document number"), card.documentNumber, tr("Copy Document Number"))
        if let expiry = card.expiryDate {
            let expired = expiry < ResultPage.scanDate()
            fields.add(expired ? tr("Expired on") : tr("Expires on"), expiry.iso8601, tr("Copy Expiry Date"))
        }
        fields.add(tr("Issued on"), card.issueDate?.iso8601, tr("Copy Issue Date"))
        fields.add(tr("Address"), card.addressLines.joined(separator: "\n"), tr("Copy Address"), multiline: true)
        if let sex = card.sex { fields.add(tr("Sex"), ResultPage.describe(sex), tr("Copy Sex")) }
        fields.add(tr("Vehicle class"), card.vehicleClass, tr("Copy Vehicle Class"))
        // Translators: {number} is the six-digit number of the licence's issuing authority, {version} the AAMVA version.
        fields.add(
            tr("Issuer"), tr("IIN {number}, AAMVA version {version}", ["number": card.issuerNumber, "version": String(card.version)]),
            tr("Copy Issuer"))
        page.addToBody(fieldList(fields))
        if card.dateOrder == nil, card.version >= 2 {
            let note = tr("The card does not say its country, so its dates are not shown (the order of month and day differs).")
            page.addToBody(ResultPage.label(note, classes: ["dim-label"]))
        }
        if let number = card.documentNumber, !number.isEmpty {
            return addCopyAction(tr("Copy Document Number"), text: number, confirmation: tr("Document number copied"), to: page)
        }
        return addCopyAction(tr("Copy Name"), text: card.displayName, confirmation: ResultPage.copiedMessage(tr("Name")), to: page)
    }

    /// What element `DBC` says, in a word.
    static func describe(_ sex: IdentityDocument.Sex) -> String {
        switch sex {
        case .male: tr("Male")
        case .female: tr("Female")
        case .notSpecified: tr("Not specified")
        }
    }
}
