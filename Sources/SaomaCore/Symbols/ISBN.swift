// SPDX-License-Identifier: GPL-3.0-or-later

/// ISBNs, which books carry as EAN-13 codes with the 978 or 979 prefix.
public enum ISBN {
    /// How an EAN-13 read is reported for the symbologies asked for: as an ISBN-13 when it is a
    /// book's and ISBN-13 is wanted, as the ISBN-10 digits when only ISBN-10 is wanted (978 only),
    /// else as the EAN-13 it is.
    public static func reading(ofEAN13 bytes: [UInt8], wanted: Set<Symbology>) -> (Symbology, [UInt8]) {
        let isBook = bytes.starts(with: Array("978".utf8)) || bytes.starts(with: Array("979".utf8))
        if isBook && wanted.contains(.isbn13) { return (.isbn13, bytes) }
        if isBook && !wanted.contains(.ean13) && wanted.contains(.isbn10), let isbn10 = tenDigits(fromEAN13: bytes) {
            return (.isbn10, isbn10)
        }
        return (.ean13, bytes)
    }

    /// The ISBN-10 digits (with its mod-11 check character) of a 978-prefixed EAN-13, or `nil`.
    public static func tenDigits(fromEAN13 ean: [UInt8]) -> [UInt8]? {
        guard ean.count == 13, ean.starts(with: Array("978".utf8)), ean.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let body = Array(ean[3..<12])
        var sum = 0
        for (i, d) in body.enumerated() { sum += (10 - i) * Int(d - 0x30) }
        let check = (11 - sum % 11) % 11
        return body + [check == 10 ? UInt8(ascii: "X") : UInt8(0x30 + check)]
    }
}
