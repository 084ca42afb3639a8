// SPDX-License-Identifier: GPL-3.0-or-later

/// A credit transfer read from a payment code: an EPC069-12 SEPA code (`BCD`, on European
/// invoices) or a Swiss QR-bill (`SPC`). Saoma shows it; it never pays.
public struct PaymentOrder: Hashable, Sendable {
    public enum Scheme: String, Hashable, Sendable {
        /// EPC069-12 (the "GiroCode").
        case epc
        /// Swiss Payment Standards QR-bill, version 2.
        case swissQR = "swiss-qr"
    }

    /// How the reference is to be read.
    public enum ReferenceKind: String, Hashable, Sendable {
        /// No reference.
        case none
        /// Swiss QR reference: 27 digits, recursive mod-10 check digit.
        case qr
        /// ISO 11649 creditor reference: `RF`, two check digits, up to 21 letters and digits.
        case creditor
    }

    public var scheme: Scheme
    /// The beneficiary (creditor).
    public var name: String
    /// The beneficiary's address on one line (QR-bills carry one; EPC codes do not).
    public var address: String = ""
    /// The account, upper case without spaces.
    public var iban: String
    public var bic: String = ""
    /// The amount as a decimal string with two decimals (`1234.50`); `nil` when the code leaves it open.
    public var amount: String?
    /// ISO 4217 code (`EUR`, `CHF`); empty when not given.
    public var currency: String = ""
    public var reference: String = ""
    public var referenceKind: ReferenceKind = .none
    /// The unstructured remittance information.
    public var message: String = ""
    /// What is wrong with the code, in the order found; empty for a sound code.
    public var warnings: [PaymentWarning] = []
    /// The payload as scanned.
    public var source: String = ""

    /// Whether the IBAN's length (for its country) and mod-97 checksum are right.
    public var ibanValid: Bool { PaymentChecks.isValidIBAN(iban) }

    /// Whether the reference's check digits are right; `nil` without a reference.
    public var referenceValid: Bool? {
        switch referenceKind {
        case .none: nil
        case .qr: PaymentChecks.isValidQRReference(reference)
        case .creditor: PaymentChecks.isValidCreditorReference(reference)
        }
    }

    /// The IBAN in groups of four (`DE89 3704 0044 0532 0130 00`).
    public var ibanGrouped: String { iban.inGroups(of: 4) }
}

/// A problem found in a payment code, shown as a warning (its raw value is the CLI's name).
public enum PaymentWarning: String, Hashable, Sendable, CaseIterable {
    case missingName = "missing_name"
    case nameTooLong = "name_too_long"
    case invalidIBAN = "invalid_iban"
    case invalidBIC = "invalid_bic"
    case missingBIC = "missing_bic"
    case invalidAmount = "invalid_amount"
    case invalidCurrency = "invalid_currency"
    case invalidReference = "invalid_reference"
    /// A QR reference with an ordinary IBAN, or a QR-IBAN without a QR reference.
    case referenceDoesNotMatchIBAN = "reference_iban_mismatch"
    /// Both a structured reference and a message (EPC allows only one).
    case referenceAndMessage = "reference_and_message"
    case messageTooLong = "message_too_long"
    case unknownVersion = "unknown_version"
    /// Fields missing at the end or lines in the wrong place.
    case malformed = "malformed"
}
