// SPDX-License-Identifier: GPL-3.0-or-later

/// Reading the AAMVA file: header `@` LF RS CR `ANSI ` (or `AAMVA`), the issuer number, the
/// versions and the number of subfiles, ten-character subfile designators (type, offset,
/// length), then subfiles of LF-separated elements (three-letter ID and value) ending in CR.
extension IdentityDocument {
    /// Characters before the designators: 19 in version 1 (no jurisdiction version), else 21.
    static func headerLength(version: Int) -> Int { version < 2 ? 19 : 21 }
    /// Characters per subfile designator.
    static let designatorLength = 10

    /// Canadian provinces and territories as element `DAJ` writes them (no US code is among them).
    static let canadianJurisdictions: Set<String> = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]
    /// US states, the District of Columbia and the territories as element `DAJ` writes them.
    static let usJurisdictions: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD",
        "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD",
        "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "AS", "GU", "MP", "PR", "VI",
    ]

    /// Reads `text` as an AAMVA driver's licence or ID card; `nil` when it is not one or has no
    /// `DL` or `ID` subfile with elements.
    public init?(aamva text: String) {
        let scalars = Array(text.unicodeScalars.prefix(ContentParser.maximumParsedLength))
        guard scalars.count >= 21, scalars[0] == "@", scalars[1] == "\n", scalars[2] == "\u{1E}" || scalars[2] == "\u{1C}",
            scalars[3] == "\r"
        else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            let part = scalars[range]
            guard part.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return Int(String(String.UnicodeScalarView(part)))
        }
        let fileType = String(String.UnicodeScalarView(scalars[4..<9]))
        guard fileType == "ANSI " || fileType == "AAMVA", digits(9..<15) != nil, let version = digits(15..<17) else { return nil }
        let headerLength = IdentityDocument.headerLength(version: version)
        let jurisdictionVersion = version < 2 ? nil : digits(17..<19)
        guard let entries = version < 2 ? digits(17..<19) : digits(19..<21), entries >= 1 else { return nil }
        // Designators that do not fit in the text are not read (a count of 99 in a short file).
        let designatorCount = min(entries, (scalars.count - headerLength) / IdentityDocument.designatorLength)
        var subfile: (type: DocumentType, elements: [String: String])?
        for index in 0..<designatorCount {
            let start = headerLength + index * IdentityDocument.designatorLength
            let type = String(String.UnicodeScalarView(scalars[start..<(start + 2)]))
            guard let documentType = IdentityDocument.documentType(type), let offset = digits((start + 2)..<(start + 6)),
                let length = digits((start + 6)..<(start + 10))
            else { continue }
            // Some issuers count offsets wrongly; the first subfile conventionally follows the designators.
            let afterDesignators = headerLength + entries * IdentityDocument.designatorLength
            let candidates = index == 0 ? [offset, afterDesignators] : [offset]
            guard let begin = candidates.first(where: { IdentityDocument.subfile(scalars, at: $0, startsWith: type) }) else { continue }
            let elements = IdentityDocument.elements(scalars, from: begin + 2, declaredEnd: begin + length)
            if !elements.isEmpty {
                subfile = (documentType, elements)
                break
            }
        }
        guard let subfile else { return nil }
        self.init(
            documentType: subfile.type, issuerNumber: String(String.UnicodeScalarView(scalars[9..<15])), version: version,
            jurisdictionVersion: jurisdictionVersion, source: text)
        fill(from: subfile.elements)
    }

    /// The document type of subfile type `type` (`DL`, `ID`), `nil` for other subfiles (`ZV`…).
    static func documentType(_ type: String) -> DocumentType? {
        switch type {
        case "DL": .driverLicense
        case "ID": .identificationCard
        default: nil
        }
    }

    /// Whether the subfile type `type` stands at `offset`.
    static func subfile(_ scalars: [Unicode.Scalar], at offset: Int, startsWith type: String) -> Bool {
        guard offset >= 0, offset + 2 <= scalars.count else { return false }
        return String(String.UnicodeScalarView(scalars[offset..<(offset + 2)])) == type
    }

    /// The elements of a subfile whose data start at `start`: LF-separated, up to its CR (the
    /// segment terminator) wherever that is, since issuers miscount lengths by a few characters.
    /// An element that runs into the end of the text without a terminator is left out (its value
    /// would be incomplete) unless the declared length ends there too.
    static func elements(_ scalars: [Unicode.Scalar], from start: Int, declaredEnd: Int) -> [String: String] {
        var elements: [String: String] = [:]
        var position = start
        while position < scalars.count {
            var end = position
            while end < scalars.count, scalars[end] != "\n", scalars[end] != "\r" { end += 1 }
            let terminated = end < scalars.count || declaredEnd == scalars.count
            let item = scalars[position..<end]
            if terminated, item.count >= 3, item.prefix(3).allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) {
                let id = String(String.UnicodeScalarView(item.prefix(3)))
                let value = ContentParser.trimmingSpace(String(String.UnicodeScalarView(item.dropFirst(3))))
                if elements[id] == nil, !value.isEmpty { elements[id] = value }
            }
            if end < scalars.count, scalars[end] == "\r" { break }
            position = end + 1
        }
        return elements
    }

    /// Sets the fields from the subfile's elements, with the version's element IDs and date order.
    mutating func fill(from elements: [String: String]) {
        familyName = elements["DCS"] ?? elements["DAB"]
        firstName = elements["DAC"] ?? elements["DCT"]
        middleNames = elements["DAD"]
        fullName = elements["DAA"]
        nameSuffix = elements["DCU"] ?? elements["DAE"]
        documentNumber = elements["DAQ"]
        street = elements["DAG"]
        street2 = elements["DAH"]
        city = elements["DAI"]
        jurisdiction = elements["DAJ"]
        postalCode = elements["DAK"]
        country = elements["DCG"]
        vehicleClass = elements["DCA"]
        sex = elements["DBC"].flatMap(IdentityDocument.sex)
        let order = IdentityDocument.dateOrder(version: version, country: country, jurisdiction: jurisdiction)
        dateOrder = order
        if let order {
            dateOfBirth = elements["DBB"].flatMap { IdentityDocument.date($0, order: order) }
            expiryDate = elements["DBA"].flatMap { IdentityDocument.date($0, order: order) }
            issueDate = elements["DBD"].flatMap { IdentityDocument.date($0, order: order) }
        }
    }

    /// The order of the card's dates: `CCYYMMDD` in version 1 (DL/ID-2000) everywhere and in
    /// Canada and Mexico; `MMDDCCYY` in the United States from version 2 on. The country is
    /// element `DCG`, else the address's jurisdiction (a known US or Canadian code); `nil` when
    /// neither tells.
    public static func dateOrder(version: Int, country: String?, jurisdiction: String?) -> DateOrder? {
        if version < 2 { return .yearMonthDay }
        switch country {
        case "USA": return .monthDayYear
        case "CAN", "MEX": return .yearMonthDay
        case nil: break
        default: return nil
        }
        guard let jurisdiction else { return nil }
        if canadianJurisdictions.contains(jurisdiction) { return .yearMonthDay }
        if usJurisdictions.contains(jurisdiction) { return .monthDayYear }
        return nil
    }

    /// An eight-digit date in `order`, `nil` when it is not eight digits or not a real day.
    public static func date(_ text: String, order: DateOrder) -> CivilDate? {
        let digits = Array(text.unicodeScalars)
        guard digits.count == 8, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { Int(String(String.UnicodeScalarView(digits[range]))) ?? 0 }
        switch order {
        case .monthDayYear: return CivilDate(year: number(4..<8), month: number(0..<2), day: number(2..<4))
        case .yearMonthDay: return CivilDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        }
    }

    /// Element `DBC`: `1`/`M` male, `2`/`F` female, `9` not specified.
    static func sex(_ code: String) -> Sex? {
        switch code {
        case "1", "M": .male
        case "2", "F": .female
        case "9": .notSpecified
        default: nil
        }
    }
}
