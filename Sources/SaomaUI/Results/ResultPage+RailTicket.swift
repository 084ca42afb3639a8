// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Rail tickets (UIC 918.3, 918.9): recognised by their header, the issuer and signature key
/// shown; the signed ticket data stay bytes (copied as hex).
extension ResultPage {
    /// Builds the rail-ticket view; returns the whole barcode as hex as the main value.
    ///
    /// The issuer is the subject, "Copy Whole Code as Hex" the main action (the field's "Copy as
    /// Hex" copies the ticket data alone).
    func buildRailTicket(_ ticket: RailTicket, into page: Sections) -> CopiedValue {
        page.heading(tr("Rail Ticket"), icon: ResultPage.icon(for: .content(.railTicket)), subject: ticket.issuerName)
        let standard: String
        switch ticket.frame {
        case .static918_3(let version): standard = tr("UIC 918.3 (version {version})", ["version": String(version)])
        case .dynamic918_9(let format): standard = tr("UIC 918.9 (format {format})", ["format": format])
        }
        var fields = [Field(caption: tr("Standard"), value: standard, copyLabel: tr("Copy Standard"))]
        if let code = ticket.issuerCode {
            let issuer =
                ticket.issuerName.map { tr("{name} (RICS {code})", ["name": $0, "code": code]) } ?? tr("RICS {code}", ["code": code])
            fields.append(Field(caption: tr("Issuer"), value: issuer, copyLabel: tr("Copy Issuer"), copyValue: code))
        }
        if let key = ticket.keyID { fields.append(Field(caption: tr("Signature key"), value: key, copyLabel: tr("Copy Key"))) }
        if let reference = ticket.ticketKey {
            fields.append(Field(caption: tr("Ticket reference"), value: reference, copyLabel: tr("Copy Ticket Reference")))
        }
        if let issued = ticket.issued {
            // The issuer's local time: the ticket gives no zone.
            let value = issued.date.iso8601 + " " + String(issued.iso8601.suffix(5))
            fields.append(Field(caption: tr("Issued (issuer’s local time)"), value: value, copyLabel: tr("Copy Issue Time")))
        }
        if !ticket.records.isEmpty {
            let names = ticket.records.map(\.id).joined(separator: ", ")
            let value = ticket.hasFlexibleContent ? tr("{records} (with UIC 918.9 flexible content)", ["records": names]) : names
            fields.append(Field(caption: tr("Records"), value: value, copyLabel: tr("Copy Record Names"), copyValue: names))
        }
        let size = trn("{count} byte", "{count} bytes", ticket.data.count)
        fields.append(Field(caption: tr("Ticket data"), value: size, copyLabel: tr("Copy as Hex"), copyValue: Symbol.hex(ticket.data)))
        page.addToBody(fieldList(fields))
        let note = tr("The ticket’s details are signed data that Saoma does not decode; the railway’s app or staff read them.")
        page.addToBody(ResultPage.label(note, classes: ["dim-label"]))
        return addCopyAction(tr("Copy Whole Code as Hex"), text: Symbol.hex(ticket.bytes), confirmation: tr("Hex copied"), to: page)
    }
}
