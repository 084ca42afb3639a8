// SPDX-License-Identifier: GPL-3.0-or-later

/// A GS1 element string: the application-identifier fields carried by GS1-128, GS1 DataBar
/// (Expanded) and GS1 DataMatrix codes (GS1 General Specifications, section 3 and 7.8).
///
/// The input is the data after the leading FNC1, with each later FNC1 given as the ASCII group
/// separator (GS, 0x1D): how zbar reports DataBar and GS1-128 (modifier `GS1`) and how
/// `DMTXDecoding` reports GS1 DataMatrix. A GS is allowed after every element; it is required
/// after a variable-length element that is not the last.
public struct GS1ElementString: Hashable, Sendable {
    public var elements: [GS1Element]

    public init(elements: [GS1Element]) {
        self.elements = elements
    }

    /// The ASCII group separator, the FNC1 that ends a variable-length field.
    public static let groupSeparator: UInt8 = 0x1D

    /// Longest element string read (bytes): a GS1 DataMatrix holds at most 3116 digits.
    public static let maxLength = 4096

    /// Why a payload is not a valid GS1 element string (one line, English: shown in `--json`
    /// only as the reason the content is plain text).
    public enum Failure: Error, Hashable, Sendable {
        case empty
        case tooLong
        case unknownAI(String)
        case truncated(ai: String)
        case badCharacter(ai: String)
        case badCheckDigit(ai: String)
        case badDate(ai: String)
        case fieldTooLong(ai: String)

        public var message: String {
            switch self {
            case .empty: return "no application identifier"
            case .tooLong: return "element string longer than \(GS1ElementString.maxLength) bytes"
            case .unknownAI(let ai): return "unknown application identifier \(ai)"
            case .truncated(let ai): return "AI (\(ai)) is shorter than its fixed length"
            case .badCharacter(let ai): return "AI (\(ai)) holds a character its format does not allow"
            case .badCheckDigit(let ai): return "AI (\(ai)) has a wrong check digit"
            case .badDate(let ai): return "AI (\(ai)) is not a valid date"
            case .fieldTooLong(let ai): return "AI (\(ai)) is longer than its maximum length"
            }
        }
    }

    /// Parses raw element-string bytes (AIs and values, GS between fields).
    ///
    /// `referenceYear` (four digits) resolves two-digit years the GS1 way: within 49 years ahead
    /// or 50 behind it.
    public static func parse(_ bytes: [UInt8], referenceYear: Int) -> Result<GS1ElementString, Failure> {
        guard bytes.count <= maxLength else { return .failure(.tooLong) }
        var elements: [GS1Element] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == groupSeparator {
                i += 1
                continue
            }
            guard let (ai, definition) = GS1ApplicationIdentifier.match(bytes, at: i) else {
                let digits = bytes[i..<min(i + 4, bytes.count)].prefix { GS1Element.isDigit($0) }
                return .failure(.unknownAI(digits.isEmpty ? "?" : String(decoding: digits, as: UTF8.self)))
            }
            i += ai.count
            let end: Int
            if let length = definition.fixedLength {
                guard i + length <= bytes.count, !bytes[i..<i + length].contains(groupSeparator) else {
                    return .failure(.truncated(ai: ai))
                }
                end = i + length
            } else {
                end = bytes[i...].firstIndex(of: groupSeparator) ?? bytes.count
                guard end - i <= definition.maxLength else { return .failure(.fieldTooLong(ai: ai)) }
            }
            let raw = Array(bytes[i..<end])
            guard raw.count >= definition.minLength else { return .failure(.truncated(ai: ai)) }
            switch GS1Element.make(ai: ai, definition: definition, raw: raw, referenceYear: referenceYear) {
            case .success(let element): elements.append(element)
            case .failure(let failure): return .failure(failure)
            }
            i = end
        }
        guard !elements.isEmpty else { return .failure(.empty) }
        return .success(GS1ElementString(elements: elements))
    }
}

/// One application identifier's field.
public struct GS1Element: Hashable, Sendable {
    /// The application identifier, digits (`"01"`, `"3103"`).
    public var ai: String
    /// GS1's data title for the AI (`"GTIN"`, `"BEST BEFORE or BEST BY"`, `"NET WEIGHT (kg)"`).
    public var name: String
    /// The field as encoded.
    public var value: String
    /// What the value means, when the AI says more than "text".
    public var meaning: Meaning

    /// The interpretation of a field's value.
    public enum Meaning: Hashable, Sendable {
        /// Text or an identifier without further structure.
        case text
        /// A GTIN, SSCC or GLN whose mod-10 check digit was verified.
        case checkedNumber
        /// A date; `day` is `nil` for GS1's day 00 (the month as a whole).
        case date(year: Int, month: Int, day: Int?)
        /// A decimal quantity (`"1.750"`), with its ISO 4217 currency code when the AI has one.
        case decimal(String, currency: String?)
    }

    public init(ai: String, name: String, value: String, meaning: Meaning = .text) {
        self.ai = ai
        self.name = name
        self.value = value
        self.meaning = meaning
    }

    /// The value for a person: dates as `2024-12-31` (`2024-12` for day 00), decimals with their
    /// point (and currency code), everything else as encoded.
    public var displayValue: String {
        switch meaning {
        case .text, .checkedNumber: return value
        case .date(let year, let month, let day):
            let base = "\(year)-\(Self.twoDigits(month))"
            return day.map { "\(base)-\(Self.twoDigits($0))" } ?? base
        case .decimal(let amount, let currency): return currency.map { "\(amount) \($0)" } ?? amount
        }
    }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// GS1 AI encodable character set 82 (ISO 646 subset): the characters allowed in `an` fields.
    static func isCharacterSet82(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x22, 0x25...0x3F, 0x41...0x5A, 0x5F, 0x61...0x7A: return true
        default: return false
        }
    }

    /// Whether the last digit of `digits` is the GS1 mod-10 check digit of the others.
    public static func hasValidCheckDigit(_ digits: [UInt8]) -> Bool {
        guard digits.count >= 2, digits.allSatisfy(isDigit) else { return false }
        var sum = 0
        for (offset, d) in digits.dropLast().reversed().enumerated() {
            sum += Int(d - 0x30) * (offset % 2 == 0 ? 3 : 1)
        }
        return (10 - sum % 10) % 10 == Int(digits[digits.count - 1] - 0x30)
    }

    /// The four-digit year of a two-digit GS1 year (General Specifications 7.12).
    public static func fullYear(_ yy: Int, referenceYear: Int) -> Int {
        let century = referenceYear / 100 * 100
        let difference = yy - referenceYear % 100
        if (51...99).contains(difference) { return century - 100 + yy }
        if (-99 ... -50).contains(difference) { return century + 100 + yy }
        return century + yy
    }

    /// Builds the element for `raw` under `definition`, checking its characters and meaning.
    static func make(ai: String, definition: GS1ApplicationIdentifier, raw: [UInt8], referenceYear: Int) -> Result<
        GS1Element, GS1ElementString.Failure
    > {
        let numericCount = definition.numericPrefix ?? (definition.format == .numeric ? raw.count : 0)
        guard raw.prefix(numericCount).allSatisfy(isDigit), raw.count >= numericCount else { return .failure(.badCharacter(ai: ai)) }
        guard raw.dropFirst(numericCount).allSatisfy(isCharacterSet82) else { return .failure(.badCharacter(ai: ai)) }
        let value = String(decoding: raw, as: UTF8.self)
        var meaning = Meaning.text
        switch definition.kind {
        case .text: break
        case .checked:
            guard hasValidCheckDigit(raw) else { return .failure(.badCheckDigit(ai: ai)) }
            meaning = .checkedNumber
        case .date:
            let n = raw.map { Int($0) - 0x30 }
            let (yy, month, day) = (n[0] * 10 + n[1], n[2] * 10 + n[3], n[4] * 10 + n[5])
            let year = fullYear(yy, referenceYear: referenceYear)
            guard (1...12).contains(month), day <= CivilDate.daysIn(month: month, year: year) else { return .failure(.badDate(ai: ai)) }
            meaning = .date(year: year, month: month, day: day == 0 ? nil : day)
        case .decimal(let hasCurrency):
            // The AI's last digit is the number of decimals.
            let decimals = Int((ai.utf8.last ?? 0x30) - 0x30)
            var digits = raw
            var currency: String?
            if hasCurrency {
                currency = String(decoding: digits.prefix(3), as: UTF8.self)
                digits.removeFirst(3)
            }
            meaning = .decimal(decimalString(digits, decimals: decimals), currency: currency)
        }
        return .success(GS1Element(ai: ai, name: definition.name, value: value, meaning: meaning))
    }

    /// `digits` with a decimal point `decimals` places from the right, leading zeros trimmed
    /// (`"001750"`, 3 → `"1.750"`).
    static func decimalString(_ digits: [UInt8], decimals: Int) -> String {
        let text = String(decoding: digits, as: UTF8.self)
        let padded = String(repeating: "0", count: max(0, decimals + 1 - text.count)) + text
        let whole = padded.dropLast(decimals).drop { $0 == "0" }
        let wholePart = whole.isEmpty ? "0" : String(whole)
        return decimals == 0 ? wholePart : wholePart + "." + padded.suffix(decimals)
    }
}

extension GS1ElementString {
    /// The element string a GS1 code carries (FNC1 in first position), or `nil` for other codes
    /// and for payloads that are not valid element strings (those are shown as text).
    public init?(symbol: Symbol, referenceYear: Int) {
        guard symbol.isGS1, case .success(let parsed) = Self.parse(symbol.bytes, referenceYear: referenceYear) else { return nil }
        self = parsed
    }
}
