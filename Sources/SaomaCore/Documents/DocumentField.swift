// SPDX-License-Identifier: GPL-3.0-or-later

/// The named fields of documents (boarding passes, AAMVA cards, rail tickets): their keys in
/// `saoma scan --json`, and the rows of the result page.
public enum DocumentField: String, CaseIterable, Hashable, Sendable {
    // Boarding passes
    case passengerName = "passenger_name"
    case surname
    case givenNames = "given_names"
    case electronicTicket = "electronic_ticket"
    case version
    case issueDate = "issue_date"
    case conditionalData = "conditional_data"
    case securityData = "security_data"
    case legs
    // One leg
    case bookingReference = "booking_reference"
    case from
    case to
    case carrier
    case flightNumber = "flight_number"
    case dayOfYear = "day_of_year"
    case date
    case dateBasis = "date_basis"
    case compartment
    case seat
    case sequence
    case passengerStatus = "passenger_status"
    case marketingCarrier = "marketing_carrier"
    case frequentFlyerAirline = "frequent_flyer_airline"
    case frequentFlyerNumber = "frequent_flyer_number"
    case airlineData = "airline_data"
    // Driver's licences and ID cards
    case documentType = "document_type"
    case issuerNumber = "issuer_number"
    case aamvaVersion = "aamva_version"
    case jurisdictionVersion = "jurisdiction_version"
    case familyName = "family_name"
    case firstName = "first_name"
    case middleNames = "middle_names"
    case fullName = "full_name"
    case nameSuffix = "name_suffix"
    case dateOfBirth = "date_of_birth"
    case expiryDate = "expiry_date"
    case documentNumber = "document_number"
    case street
    case street2
    case city
    case jurisdiction
    case postalCode = "postal_code"
    case country
    case sex
    case vehicleClass = "vehicle_class"
    case dateOrder = "date_order"
    // Rail tickets
    case frame
    case issuerCode = "issuer_code"
    case issuerName = "issuer_name"
    case keyID = "key_id"
    case dataLength = "data_length"
    case declaredDataLength = "declared_data_length"
    case ticketKey = "ticket_key"
    case issued
    case records
    case flexibleContent = "flexible_content"
}

extension RailTicket.Frame {
    /// The frame's name in `saoma scan --json`: `uic918.3` or `uic918.9`.
    public var name: String {
        switch self {
        case .static918_3: "uic918.3"
        case .dynamic918_9: "uic918.9"
        }
    }

    /// The version within the frame: `1`, `2` for `#UT`; the format (`U1`, `U2`) for a dynamic header.
    public var version: String {
        switch self {
        case .static918_3(let version): String(version)
        case .dynamic918_9(let format): format
        }
    }
}
