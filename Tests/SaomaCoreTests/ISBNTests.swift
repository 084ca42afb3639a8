// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("ISBN")
struct ISBNTests {
    @Test(
        "derives ISBN-10 from a 978 EAN-13",
        arguments: [
            ("9780306406157", "0306406152"), ("9781566199094", "1566199093"), ("9780008000004", "000800000X"), ("4006381333931", nil),
        ] as [(String, String?)]
    )
    func derivesISBN10(ean: String, isbn10: String?) {
        #expect(ISBN.tenDigits(fromEAN13: Array(ean.utf8)) == isbn10.map { Array($0.utf8) })
    }

    @Test(
        "an EAN-13 read is reported as what was asked for",
        arguments: [
            ("9780306406157", [.ean13, .isbn13], .isbn13, "9780306406157"),
            ("9780306406157", [.ean13], .ean13, "9780306406157"),
            ("9780306406157", [.isbn10], .isbn10, "0306406152"),
            ("9790306406156", [.isbn10], .ean13, "9790306406156"),
            ("4006381333931", [.isbn13], .ean13, "4006381333931"),
        ] as [(String, Set<Symbology>, Symbology, String)])
    func reading(ean: String, wanted: Set<Symbology>, format: Symbology, bytes: String) {
        let (reported, payload) = ISBN.reading(ofEAN13: Array(ean.utf8), wanted: wanted)
        #expect(reported == format && payload == Array(bytes.utf8))
    }
}
