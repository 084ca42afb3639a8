// SPDX-License-Identifier: GPL-3.0-or-later

/// Every named field of parsed content, the one vocabulary of the CLI's JSON, the generator's
/// errors and both voices' message tables (terse in the CLI, sentences in the window).
///
/// The raw value is the field's JSON key in `saoma scan --json`.
public enum ContentField: String, CaseIterable, Hashable, Sendable {
    case text
    // Links
    case url
    case host
    case warnings
    // Wi-Fi
    case ssid
    case security
    case password
    case hidden
    case eapMethod = "eap_method"
    case identity
    case anonymousIdentity = "anonymous_identity"
    case phase2
    // Contacts
    case name
    case organization
    case title
    case phones
    case emails
    case urls
    case address
    case note
    // E-mail, phone, text message
    case to
    case subject
    case body
    case cc
    case bcc
    case number
    case numbers
    // Places
    case latitude
    case longitude
    case altitude
    case query
    // Events
    case summary
    case start
    case end
    case allDay = "all_day"
    case location
    case description
    // Login codes
    case type
    case issuer
    case account
    case algorithm
    case digits
    case period
    case counter
    case secret
    // Payments
    case scheme
    case iban
    case ibanValid = "iban_valid"
    case bic
    case amount
    case currency
    case reference
    case referenceValid = "reference_valid"
    case message
    // Products
    case gtin
    case addOn = "add_on"
    case isbn
    case isbn10
}

/// The kind of parsed content, as `saoma scan --json` names it in `"kind"`.
public enum ContentKind: String, CaseIterable, Hashable, Sendable {
    case text
    case link
    case wifi
    case contact
    case email
    case phone
    case sms
    case geo
    case event
    case otp
    case payment
    case boardingPass = "boarding_pass"
    case identityDocument = "id_document"
    case railTicket = "rail_ticket"
    case product
}

extension ScannedContent {
    /// What kind of content this is.
    public var kind: ContentKind {
        switch self {
        case .url: .link
        case .wifi: .wifi
        case .contact: .contact
        case .email: .email
        case .phone: .phone
        case .sms: .sms
        case .geo: .geo
        case .event: .event
        case .otp: .otp
        case .payment: .payment
        case .boardingPass: .boardingPass
        case .identityDocument: .identityDocument
        case .railTicket: .railTicket
        case .product: .product
        case .text: .text
        }
    }
}
