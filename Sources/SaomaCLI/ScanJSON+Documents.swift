// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// `"content"` of documents: `boarding_pass` (with `legs`), `id_document` and `rail_ticket`,
/// keyed by `DocumentField`. Dates are ISO 8601; a field the document does not give is `null`.
extension ScanJSON {
    /// The document's members after `"kind"`, `nil` when `content` is no document.
    static func documentMembers(_ content: ScannedContent, scannedOn today: CivilDate) -> [(String, Value)]? {
        let members: [(DocumentField, Value)]
        switch content {
        case .boardingPass(let pass): members = boardingPassMembers(pass, scannedOn: today)
        case .identityDocument(let card): members = identityMembers(card)
        case .railTicket(let ticket): members = railTicketMembers(ticket)
        default: return nil
        }
        return members.map { ($0.0.rawValue, $0.1) }
    }

    static func optional(_ text: String?) -> Value { text.map(Value.string) ?? .null }
    static func optional(_ number: Int?) -> Value { number.map { .number(String($0)) } ?? .null }
    static func optional(_ date: CivilDate?) -> Value { date.map { .string($0.iso8601) } ?? .null }

    static func boardingPassMembers(_ pass: BoardingPass, scannedOn today: CivilDate) -> [(DocumentField, Value)] {
        let issueDate = pass.issued.flatMap { FlightDateRule.issueDate($0, scannedOn: today) }
        let legs: [Value] = pass.legs.map { leg in
            let placed = leg.dayOfYear.flatMap { FlightDateRule.flightDate(dayOfYear: $0, issued: pass.issued, scannedOn: today) }
            let members: [(DocumentField, Value)] = [
                (.bookingReference, .string(leg.bookingReference)), (.from, .string(leg.from)), (.to, .string(leg.to)),
                (.carrier, .string(leg.carrier)), (.flightNumber, .string(leg.flightNumber)), (.dayOfYear, optional(leg.dayOfYear)),
                (.date, optional(placed?.date)), (.dateBasis, optional(placed?.basis.rawValue)), (.compartment, optional(leg.compartment)),
                (.seat, optional(leg.seat)), (.sequence, optional(leg.sequence)), (.passengerStatus, optional(leg.passengerStatus)),
                (.marketingCarrier, optional(leg.marketingCarrier)), (.frequentFlyerAirline, optional(leg.frequentFlyerAirline)),
                (.frequentFlyerNumber, optional(leg.frequentFlyerNumber)), (.airlineData, .bool(leg.hasAirlineData)),
            ]
            return .object(members.map { ($0.0.rawValue, $0.1) })
        }
        return [
            (.passengerName, .string(pass.passengerName)), (.surname, .string(pass.surname)), (.givenNames, .string(pass.givenNames)),
            (.electronicTicket, .bool(pass.electronicTicket)), (.version, optional(pass.version)), (.issueDate, optional(issueDate)),
            (.conditionalData, .bool(pass.hasConditionalData)), (.securityData, .bool(pass.hasSecurityData)), (.legs, .array(legs)),
        ]
    }

    static func identityMembers(_ card: IdentityDocument) -> [(DocumentField, Value)] {
        [
            (.documentType, .string(card.documentType.rawValue)), (.issuerNumber, .string(card.issuerNumber)),
            (.aamvaVersion, .number(String(card.version))), (.jurisdictionVersion, optional(card.jurisdictionVersion)),
            (.familyName, optional(card.familyName)), (.firstName, optional(card.firstName)), (.middleNames, optional(card.middleNames)),
            (.fullName, optional(card.fullName)), (.nameSuffix, optional(card.nameSuffix)), (.dateOfBirth, optional(card.dateOfBirth)),
            (.expiryDate, optional(card.expiryDate)), (.issueDate, optional(card.issueDate)),
            (.documentNumber, optional(card.documentNumber)),
            (.street, optional(card.street)), (.street2, optional(card.street2)), (.city, optional(card.city)),
            (.jurisdiction, optional(card.jurisdiction)), (.postalCode, optional(card.postalCode)), (.country, optional(card.country)),
            (.sex, optional(card.sex?.rawValue)), (.vehicleClass, optional(card.vehicleClass)),
            (.dateOrder, optional(card.dateOrder?.rawValue)),
        ]
    }

    static func railTicketMembers(_ ticket: RailTicket) -> [(DocumentField, Value)] {
        [
            (.frame, .string(ticket.frame.name)), (.version, .string(ticket.frame.version)), (.issuerCode, optional(ticket.issuerCode)),
            (.issuerName, optional(ticket.issuerName)), (.keyID, optional(ticket.keyID)), (.dataLength, .number(String(ticket.data.count))),
            (.declaredDataLength, optional(ticket.declaredDataLength)), (.ticketKey, optional(ticket.ticketKey)),
            (.issued, optional(ticket.issued?.iso8601)), (.records, .array(ticket.records.map { .string($0.id) })),
            (.flexibleContent, .bool(ticket.hasFlexibleContent)),
        ]
    }
}
