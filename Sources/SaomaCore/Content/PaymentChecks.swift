// SPDX-License-Identifier: GPL-3.0-or-later

/// Check digits of payment codes: IBAN (ISO 13616, mod 97), ISO 11649 creditor references
/// (mod 97), Swiss QR references (recursive mod 10), and the shape of BICs and amounts.
public enum PaymentChecks {
    /// IBAN lengths by country (SWIFT IBAN registry); other countries are checked by checksum only.
    static let ibanLengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "BY": 28, "CH": 21,
        "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27,
        "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24,
        "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29,
        "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24,
        "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
    ]

    /// `text` upper-cased without spaces (how an IBAN or reference is compared and stored).
    public static func compact(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\t" })).uppercased()
    }

    /// Whether `text` is only A–Z and 0–9.
    static func isAlphanumeric(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// The remainder mod 97 of `text` read as a number with letters as 10…35; `nil` for other characters.
    static func mod97(_ text: String) -> Int? {
        var remainder = 0
        for s in text.unicodeScalars {
            if ("0"..."9").contains(s) {
                remainder = (remainder * 10 + Int(s.value - 48)) % 97
            } else if ("A"..."Z").contains(s) {
                remainder = (remainder * 100 + Int(s.value - 55)) % 97
            } else {
                return nil
            }
        }
        return remainder
    }

    /// Whether `iban` (compact) has a country, check digits, the country's length and mod 97 = 1.
    public static func isValidIBAN(_ iban: String) -> Bool {
        let scalars = Array(iban.unicodeScalars)
        guard (15...34).contains(scalars.count), isAlphanumeric(iban), scalars[0...1].allSatisfy({ ("A"..."Z").contains($0) }),
            scalars[2...3].allSatisfy({ ("0"..."9").contains($0) })
        else { return false }
        if let length = ibanLengths[String(String.UnicodeScalarView(scalars[0...1]))], length != scalars.count { return false }
        return mod97(String(String.UnicodeScalarView(scalars[4...] + scalars[0...3]))) == 1
    }

    /// Whether `reference` is an ISO 11649 creditor reference: `RF`, two check digits, 1…21
    /// letters or digits, mod 97 = 1 with the first four characters moved to the end.
    public static func isValidCreditorReference(_ reference: String) -> Bool {
        let scalars = Array(reference.unicodeScalars)
        guard (5...25).contains(scalars.count), reference.hasPrefix("RF"), isAlphanumeric(reference),
            scalars[2...3].allSatisfy({ ("0"..."9").contains($0) })
        else { return false }
        return mod97(String(String.UnicodeScalarView(scalars[4...] + scalars[0...3]))) == 1
    }

    /// Whether `reference` is a Swiss QR reference: 27 digits, the last the recursive mod-10 check digit.
    public static func isValidQRReference(_ reference: String) -> Bool {
        let digits = reference.unicodeScalars.compactMap { ("0"..."9").contains($0) ? Int($0.value - 48) : nil }
        guard digits.count == 27, reference.unicodeScalars.count == 27 else { return false }
        return mod10Recursive(digits.dropLast()) == digits[26]
    }

    /// The check digit of the recursive mod-10 method (Swiss payment slips).
    static func mod10Recursive(_ digits: ArraySlice<Int>) -> Int {
        let table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]
        var carry = 0
        for d in digits { carry = table[(carry + d) % 10] }
        return (10 - carry) % 10
    }

    /// Whether `iban` is a Swiss QR-IBAN (institution identifier 30000…31999).
    public static func isQRIBAN(_ iban: String) -> Bool {
        let scalars = Array(iban.unicodeScalars)
        guard scalars.count >= 9, let iid = Int(String(String.UnicodeScalarView(scalars[4..<9]))) else { return false }
        return (30000...31999).contains(iid)
    }

    /// Whether `bic` has the ISO 9362 shape: 4 letters, 2 letters (country), 2 letters or digits,
    /// optionally 3 more letters or digits.
    public static func isValidBIC(_ bic: String) -> Bool {
        let scalars = Array(bic.unicodeScalars)
        guard scalars.count == 8 || scalars.count == 11, isAlphanumeric(bic) else { return false }
        return scalars[0..<6].allSatisfy { ("A"..."Z").contains($0) }
    }

    /// `text` as an amount with two decimals (`12.3` → `12.30`) when it is 0.01…999999999.99 with
    /// at most two decimals and nothing else; `nil` otherwise.
    public static func amount(_ text: String) -> String? {
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 9,
            parts[0].unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
        else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= 2, fraction.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        fraction += String(repeating: "0", count: 2 - fraction.count)
        let whole = String(parts[0].drop { $0 == "0" })
        guard !(whole.isEmpty && fraction == "00") else { return nil }
        return (whole.isEmpty ? "0" : whole) + "." + fraction
    }
}

extension String {
    /// The string in groups of `size` characters separated by spaces (IBANs, references and
    /// secrets by four, login codes by three).
    public func inGroups(of size: Int) -> String {
        var out = ""
        for (i, c) in enumerated() {
            if i > 0 && size > 0 && i % size == 0 { out.append(" ") }
            out.append(c)
        }
        return out
    }
}
