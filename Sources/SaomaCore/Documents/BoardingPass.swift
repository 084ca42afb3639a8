// SPDX-License-Identifier: GPL-3.0-or-later

/// An airline boarding pass in IATA's Bar Coded Boarding Pass format (BCBP, Resolution 792):
/// the passenger, and one leg per flight the pass covers.
///
/// Text fields are as printed on the pass, trimmed of the padding spaces; a field the pass
/// leaves blank or gets wrong is `nil` (or empty for names), never guessed.
public struct BoardingPass: Hashable, Sendable {
    /// The pass's date of issue as Resolution 792 writes it: the last digit of the year and the day of the year.
    public struct IssueDay: Hashable, Sendable {
        /// 0…9.
        public let yearDigit: Int
        /// 1…366.
        public let dayOfYear: Int

        public init?(yearDigit: Int, dayOfYear: Int) {
            guard (0...9).contains(yearDigit), (1...366).contains(dayOfYear) else { return nil }
            self.yearDigit = yearDigit
            self.dayOfYear = dayOfYear
        }
    }

    /// One flight ("leg") of the pass.
    public struct Leg: Hashable, Sendable {
        /// The booking reference (PNR) of the operating carrier, e.g. `ABC123`.
        public var bookingReference: String
        /// IATA airport (or city) code of departure, three letters.
        public var from: String
        /// IATA airport (or city) code of arrival, three letters.
        public var to: String
        /// The operating carrier's designator, e.g. `AC`.
        public var carrier: String
        /// The flight number without padding zeros, e.g. `834` or `12A`.
        public var flightNumber: String
        /// The flight's day of the year (1…366); see `FlightDateRule` for its year.
        public var dayOfYear: Int?
        /// The compartment (cabin class) code, e.g. `Y` or `J`.
        public var compartment: String?
        /// The seat without padding zeros, e.g. `1A`.
        public var seat: String?
        /// The check-in sequence number without padding zeros.
        public var sequence: String?
        /// The passenger status code (`0`…`9`, `A`…), see `BoardingPass.Status`.
        public var passengerStatus: String?
        /// The marketing carrier when it differs from the operating one (conditional data).
        public var marketingCarrier: String?
        /// The frequent-flyer programme's airline and number (conditional data).
        public var frequentFlyerAirline: String?
        public var frequentFlyerNumber: String?
        /// Whether the leg carries data "for individual airline use" (airline-private, not interpreted).
        public var hasAirlineData: Bool = false
    }

    /// The passenger's name as printed: `SURNAME/GIVEN NAMES TITLE`.
    public var passengerName: String
    /// Whether the ticket is an electronic ticket (indicator `E`).
    public var electronicTicket: Bool
    /// The flights, in the order of the pass (1…4).
    public var legs: [Leg]
    /// The BCBP version from the conditional section (`nil` when the pass has none).
    public var version: Int?
    /// When the pass was issued (conditional data), `nil` when it does not say.
    public var issued: IssueDay?
    /// Whether the conditional ("structured message") section is present.
    public var hasConditionalData: Bool = false
    /// Whether the pass ends with security data (a signature: `^`, type, length, data).
    public var hasSecurityData: Bool = false
    /// The payload as scanned.
    public var source: String = ""

    /// The surname: the name before the `/` (the whole name when there is none).
    public var surname: String {
        guard let slash = passengerName.firstIndex(of: "/") else { return passengerName }
        return String(passengerName[..<slash])
    }

    /// The given names (and title) after the `/`, empty when there is none.
    public var givenNames: String {
        guard let slash = passengerName.firstIndex(of: "/") else { return "" }
        return String(passengerName[passengerName.index(after: slash)...])
    }

    /// What Resolution 792's passenger status codes mean, `nil` for codes it does not define.
    public enum Status: String, CaseIterable, Hashable, Sendable {
        case notCheckedIn = "0"
        case checkedIn = "1"
        case bagsCheckedNotCheckedIn = "2"
        case bagsCheckedCheckedIn = "3"
        case passedSecurity = "4"
        case passedGate = "5"
        case transit = "6"
        case standby = "7"
        case revalidated = "8"
        case originalBoardingLine = "9"
        case upOrDowngradeRequired = "A"
    }
}
