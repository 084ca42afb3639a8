// SPDX-License-Identifier: GPL-3.0-or-later

/// Reading Resolution 792's fixed-width layout: a 23-character header, 37 mandatory characters
/// per leg ending in the hexadecimal size of the leg's variable part, then optional security data.
extension BoardingPass {
    /// Characters of the unique mandatory part: format code, number of legs, name, e-ticket indicator.
    static let headerLength = 23
    /// Characters of a leg's mandatory part, the two-digit size of its variable part included.
    static let legLength = 37

    /// Reads `text` as a BCBP boarding pass; `nil` when it is not one.
    ///
    /// Recognised by its shape: `M`, the number of legs (1…4), and for every leg airport codes of
    /// three letters, a day of the year of three digits (or blanks) and a hexadecimal size that
    /// fits the text. Conditional data that overrun their declared sizes are left out.
    public init?(bcbp text: String) {
        let scalars = Array(text.unicodeScalars.prefix(ContentParser.maximumParsedLength))
        guard scalars.count >= BoardingPass.headerLength + BoardingPass.legLength, scalars[0] == "M",
            let legCount = Int(String(scalars[1])), (1...4).contains(legCount),
            !scalars.prefix(BoardingPass.headerLength + BoardingPass.legLength).contains(where: BoardingPass.isControl)
        else { return nil }
        var reader = FixedWidthReader(scalars)
        reader.skip(2)
        let name = reader.field(20)
        let ticket = reader.field(1)
        var legs: [Leg] = []
        var version: Int?
        var issued: IssueDay?
        var hasConditional = false
        for index in 0..<legCount {
            guard var leg = reader.mandatoryLeg(), let variableSize = reader.hex(2) else { return nil }
            guard reader.remaining >= variableSize else {
                // Only the last leg can lose its variable part: an earlier one would hide where the next leg starts.
                guard index == legCount - 1 else { return nil }
                reader.skip(reader.remaining)
                legs.append(leg)
                break
            }
            var variable = FixedWidthReader(reader.take(variableSize))
            if index == 0, variable.peek == ">" {
                hasConditional = true
                variable.skip(1)
                version = Int(variable.field(1))
                if let uniqueSize = variable.hex(2), variable.remaining >= uniqueSize {
                    issued = BoardingPass.uniqueConditional(FixedWidthReader(variable.take(uniqueSize)))
                } else {
                    variable.skip(variable.remaining)
                }
            }
            if index > 0 || hasConditional, variable.remaining >= 2 {
                if let repeatedSize = variable.hex(2), variable.remaining >= repeatedSize {
                    hasConditional = true
                    BoardingPass.repeatedConditional(FixedWidthReader(variable.take(repeatedSize)), into: &leg)
                } else {
                    variable.skip(variable.remaining)
                }
            }
            leg.hasAirlineData = variable.remaining > 0
            legs.append(leg)
        }
        var hasSecurity = false
        if reader.peek == "^" {
            reader.skip(2)
            if let size = reader.hex(2), reader.remaining >= size { hasSecurity = true }
        }
        self.init(
            passengerName: name, electronicTicket: ticket == "E", legs: legs, version: version, issued: issued,
            hasConditionalData: hasConditional, hasSecurityData: hasSecurity, source: text)
    }

    /// Whether `s` is a control character (C0, DEL, C1): never part of a pass's mandatory fields.
    static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }

    /// The date of issue from the unique conditional items (passenger description, source of
    /// check-in, source of issuance, then the date as the year's last digit and day of the year).
    static func uniqueConditional(_ items: FixedWidthReader) -> IssueDay? {
        var items = items
        items.skip(3)
        let digits = items.field(4)
        guard digits.count == 4, digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
            let yearDigit = Int(digits.prefix(1)), let day = Int(digits.dropFirst())
        else { return nil }
        return IssueDay(yearDigit: yearDigit, dayOfYear: day)
    }

    /// The repeated conditional items a leg carries: airline numeric code (3), document serial
    /// number (10), selectee (1), document verification (1), marketing carrier (3), frequent-flyer
    /// airline (3) and number (16), as far as the section's size reaches.
    static func repeatedConditional(_ items: FixedWidthReader, into leg: inout Leg) {
        var items = items
        items.skip(15)
        leg.marketingCarrier = items.optionalField(3)
        leg.frequentFlyerAirline = items.optionalField(3)
        leg.frequentFlyerNumber = items.optionalField(16)
    }
}

/// A cursor over fixed-width fields; reading past the end gives what is there (an empty field).
struct FixedWidthReader {
    private let scalars: ArraySlice<Unicode.Scalar>
    private var position: Int

    init(_ scalars: [Unicode.Scalar]) { self.init(scalars[...]) }

    init(_ scalars: ArraySlice<Unicode.Scalar>) {
        self.scalars = scalars
        position = scalars.startIndex
    }

    /// Characters left.
    var remaining: Int { scalars.endIndex - position }

    /// The next character, `nil` at the end.
    var peek: Unicode.Scalar? { position < scalars.endIndex ? scalars[position] : nil }

    mutating func skip(_ count: Int) { position = min(scalars.endIndex, position + count) }

    /// The next `count` characters (fewer at the end).
    mutating func take(_ count: Int) -> ArraySlice<Unicode.Scalar> {
        let end = min(scalars.endIndex, position + count)
        defer { position = end }
        return scalars[position..<end]
    }

    /// The next `count` characters without the spaces padding them.
    mutating func field(_ count: Int) -> String {
        let raw = take(count)
        guard let first = raw.firstIndex(where: { $0 != " " }), let last = raw.lastIndex(where: { $0 != " " }) else { return "" }
        return String(String.UnicodeScalarView(raw[first...last]))
    }

    /// `field(count)`, `nil` when blank.
    mutating func optionalField(_ count: Int) -> String? {
        let value = field(count)
        return value.isEmpty ? nil : value
    }

    /// The next `count` characters as a hexadecimal number, `nil` when they are not hex digits.
    mutating func hex(_ count: Int) -> Int? {
        let raw = take(count)
        guard raw.count == count, raw.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        return Int(String(String.UnicodeScalarView(raw)), radix: 16)
    }

    /// A leg's mandatory items up to (not including) the size of its variable part, `nil` when
    /// they do not have the shape of one (airports of three letters, a day of three digits or blanks).
    mutating func mandatoryLeg() -> BoardingPass.Leg? {
        guard remaining >= BoardingPass.legLength else { return nil }
        let booking = field(7)
        let fromRaw = take(3)
        let toRaw = take(3)
        func isAirport(_ code: ArraySlice<Unicode.Scalar>) -> Bool { code.allSatisfy { ("A"..."Z").contains($0) } }
        guard isAirport(fromRaw), isAirport(toRaw) else { return nil }
        let carrier = field(3)
        let flight = FixedWidthReader.withoutLeadingZeros(field(5))
        let dayText = field(3)
        var day: Int?
        if !dayText.isEmpty {
            guard dayText.count == 3, dayText.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(dayText),
                (1...366).contains(value)
            else { return nil }
            day = value
        }
        let compartment = optionalField(1)
        let seat = optionalField(4).map(FixedWidthReader.withoutLeadingZeros)
        let sequence = optionalField(5).map(FixedWidthReader.withoutLeadingZeros)
        let status = optionalField(1)
        return BoardingPass.Leg(
            bookingReference: booking, from: String(String.UnicodeScalarView(fromRaw)), to: String(String.UnicodeScalarView(toRaw)),
            carrier: carrier, flightNumber: flight, dayOfYear: day, compartment: compartment, seat: seat, sequence: sequence,
            passengerStatus: status)
    }

    /// `0834` → `834`, `001A` → `1A`; a value of zeros alone keeps one.
    static func withoutLeadingZeros(_ value: String) -> String {
        let trimmed = value.drop { $0 == "0" }
        if trimmed.isEmpty { return value.isEmpty ? "" : "0" }
        return trimmed.first?.isNumber == true ? String(trimmed) : value
    }
}
