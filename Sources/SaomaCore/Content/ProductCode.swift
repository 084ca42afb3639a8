// SPDX-License-Identifier: GPL-3.0-or-later

/// A retail product number from an EAN-13, EAN-8, UPC-A, UPC-E or ISBN barcode, with its GTIN
/// check digit verified; a book's number (ISBN) is read as such.
///
/// Pure value; `init?(text:symbology:)` is total over any text.
public struct ProductCode: Hashable, Sendable {
    /// The digits as the barcode carries them ("4006381333931", UPC-E "01234565", ISBN-10 "020137962X").
    public var number: String
    /// The Global Trade Item Number the code stands for: 13 digits for EAN-13, UPC-A (a leading 0)
    /// and UPC-E (expanded to UPC-A first), 8 for EAN-8.
    public var gtin: String
    /// The EAN-2 or EAN-5 add-on printed beside the code ("" when there is none).
    public var addOn: String
    /// The book's ISBN-13 when the number is an ISBN (prefix 978, or 979 but not 979-0, which is
    /// for printed music), else `nil`.
    public var isbn13: String?
    /// The same book's ISBN-10 (only 978 numbers have one), else `nil`.
    public var isbn10: String?

    public init(number: String, gtin: String, addOn: String = "", isbn13: String? = nil, isbn10: String? = nil) {
        self.number = number
        self.gtin = gtin
        self.addOn = addOn
        self.isbn13 = isbn13
        self.isbn10 = isbn10
    }

    /// Whether the number is a book's (an ISBN).
    public var isBook: Bool { isbn13 != nil }

    /// The symbologies whose codes are product numbers.
    public static let symbologies: Set<Symbology> = [.ean13, .ean8, .upcA, .upcE, .isbn10, .isbn13]

    /// The product number of a code of `symbology` reading `text` (the digits, then an optional
    /// add-on after one space, as the decoder reports it); `nil` for other symbologies, other
    /// lengths, anything but digits, or a wrong check digit.
    public init?(text: String, symbology: Symbology) {
        guard ProductCode.symbologies.contains(symbology), text.utf8.count <= 20 else { return nil }
        let parts = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count) else { return nil }
        let number = parts[0]
        let addOn = parts.count == 2 ? parts[1] : ""
        guard addOn.isEmpty || ([2, 5].contains(addOn.utf8.count) && ProductCode.isDigits(addOn)) else { return nil }
        if symbology == .isbn10 {
            guard let isbn13 = ProductCode.isbn13(fromISBN10: number) else { return nil }
            self.init(number: number, gtin: isbn13, addOn: addOn, isbn13: isbn13, isbn10: number)
            return
        }
        guard ProductCode.isDigits(number) else { return nil }
        let gtin: String
        switch (symbology, number.utf8.count) {
        case (.ean13, 13), (.isbn13, 13): gtin = number
        case (.upcA, 12): gtin = "0" + number
        case (.upcA, 13) where number.hasPrefix("0"): gtin = number
        case (.ean8, 8): gtin = number
        case (.upcE, 8):
            guard let upcA = ProductCode.expandedUPCE(number) else { return nil }
            gtin = "0" + upcA
        default: return nil
        }
        guard ProductCode.hasValidCheckDigit(gtin) else { return nil }
        let book = gtin.utf8.count == 13 && (gtin.hasPrefix("978") || (gtin.hasPrefix("979") && !gtin.hasPrefix("9790")))
        self.init(
            number: number, gtin: gtin, addOn: addOn, isbn13: book ? gtin : nil,
            isbn10: ISBN.tenDigits(fromEAN13: Array(gtin.utf8)).map { String(decoding: $0, as: UTF8.self) })
    }

    /// Whether `text` is one or more ASCII digits.
    static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Whether the last digit of `digits` is the GS1 check digit of the others (weights 3 and 1
    /// alternating from the right, sum to a multiple of 10).
    public static func hasValidCheckDigit(_ digits: String) -> Bool {
        let values = digits.utf8.map { Int($0) - Int(UInt8(ascii: "0")) }
        guard values.count >= 2, values.allSatisfy({ (0...9).contains($0) }) else { return false }
        return checkDigit(values.dropLast()) == values[values.count - 1]
    }

    /// The GS1 check digit of `body` (the digits before the check digit).
    static func checkDigit<C: Collection>(_ body: C) -> Int where C.Element == Int {
        var sum = 0
        for (offset, value) in body.reversed().enumerated() { sum += value * (offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }

    /// The UPC-A number (12 digits) a UPC-E number (8 digits: number system 0 or 1, six digits,
    /// the check digit) stands for, by the zero-suppression rules; `nil` for number systems other
    /// than 0 and 1.
    static func expandedUPCE(_ upcE: String) -> String? {
        let d = Array(upcE)
        guard d.count == 8, d[0] == "0" || d[0] == "1" else { return nil }
        let m = String(d[1...6])
        let m6 = Array(m)
        let body: String
        switch m6[5] {
        case "0", "1", "2": body = String(m6[0...1]) + String(m6[5]) + "0000" + String(m6[2...4])
        case "3": body = String(m6[0...2]) + "00000" + String(m6[3...4])
        case "4": body = String(m6[0...3]) + "00000" + String(m6[4])
        default: body = String(m6[0...4]) + "0000" + String(m6[5])
        }
        return String(d[0]) + body + String(d[7])
    }

    /// The ISBN-13 of a valid ISBN-10 (nine digits and a mod-11 check character, `X` for 10), else `nil`.
    static func isbn13(fromISBN10 isbn10: String) -> String? {
        let characters = Array(isbn10.uppercased())
        guard characters.count == 10, isDigits(String(characters[0..<9])) else { return nil }
        var sum = 0
        for (index, character) in characters.enumerated() {
            let value: Int
            if index == 9 && character == "X" {
                value = 10
            } else if let digit = character.wholeNumberValue, character.isASCII {
                value = digit
            } else {
                return nil
            }
            sum += value * (10 - index)
        }
        guard sum % 11 == 0 else { return nil }
        let body = "978" + String(characters[0..<9])
        return body + String(checkDigit(body.utf8.map { Int($0) - Int(UInt8(ascii: "0")) }))
    }
}
