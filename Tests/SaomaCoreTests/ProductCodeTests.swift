// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One row: a retail code's text and symbology, and the product it must read as (`nil`: not one).
struct ProductCase: CustomTestStringConvertible, Sendable {
    let text: String
    let symbology: Symbology
    let expected: ProductCode?

    init(_ text: String, _ symbology: Symbology, _ expected: ProductCode?) {
        self.text = text
        self.symbology = symbology
        self.expected = expected
    }

    var testDescription: String { "\(symbology.name) \(text.debugDescription)" }
}

@Suite("Product numbers (EAN/UPC/ISBN)")
struct ProductCodeTests {
    static let cases: [ProductCase] = [
        ProductCase("4006381333931", .ean13, ProductCode(number: "4006381333931", gtin: "4006381333931")),
        ProductCase("036000291452", .upcA, ProductCode(number: "036000291452", gtin: "0036000291452")),
        ProductCase("0036000291452", .upcA, ProductCode(number: "0036000291452", gtin: "0036000291452")),
        ProductCase("96385074", .ean8, ProductCode(number: "96385074", gtin: "96385074")),
        // UPC-E 0 123456 5 stands for UPC-A 0 12345 00006 5.
        ProductCase("01234565", .upcE, ProductCode(number: "01234565", gtin: "0012345000065")),
        ProductCase(
            "9780201379624", .isbn13,
            ProductCode(number: "9780201379624", gtin: "9780201379624", isbn13: "9780201379624", isbn10: "0201379627")),
        ProductCase(
            "9780201379624", .ean13,
            ProductCode(number: "9780201379624", gtin: "9780201379624", isbn13: "9780201379624", isbn10: "0201379627")),
        // 979-1 books have no ISBN-10; 979-0 is printed music (ISMN), not a book number.
        ProductCase("9791000000008", .ean13, ProductCode(number: "9791000000008", gtin: "9791000000008", isbn13: "9791000000008")),
        ProductCase("9790123456785", .ean13, ProductCode(number: "9790123456785", gtin: "9790123456785")),
        ProductCase(
            "080442957X", .isbn10,
            ProductCode(number: "080442957X", gtin: "9780804429573", isbn13: "9780804429573", isbn10: "080442957X")),
        ProductCase(
            "4006381333931 12", .ean13, ProductCode(number: "4006381333931", gtin: "4006381333931", addOn: "12")),
        ProductCase(
            "9780201379624 90000", .isbn13,
            ProductCode(
                number: "9780201379624", gtin: "9780201379624", addOn: "90000", isbn13: "9780201379624", isbn10: "0201379627")),
        // Wrong check digits, lengths, characters and add-ons are not products.
        ProductCase("4006381333932", .ean13, nil),
        ProductCase("036000291453", .upcA, nil),
        ProductCase("01234566", .upcE, nil),
        ProductCase("21234565", .upcE, nil),
        ProductCase("0804429570", .isbn10, nil),
        ProductCase("40063813339", .ean13, nil),
        ProductCase("400638133393a", .ean13, nil),
        ProductCase("４００６３８１３３３９３１", .ean13, nil),
        ProductCase("4006381333931 123", .ean13, nil),
        ProductCase("4006381333931 1x", .ean13, nil),
        ProductCase("4006381333931  12", .ean13, nil),
        ProductCase("", .ean13, nil),
        // The same digits in another symbology are not a product number.
        ProductCase("4006381333931", .qrCode, nil),
        ProductCase("4006381333931", .code128, nil),
    ]

    @Test("reads each code, checking its digit", arguments: cases)
    func reads(_ c: ProductCase) {
        #expect(ProductCode(text: c.text, symbology: c.symbology) == c.expected)
    }

    @Test("the parser reads retail codes as products and other codes' digits as text")
    func parserUsesTheSymbology() {
        #expect(ContentParser.parse("4006381333931", symbology: .ean13).kind == .product)
        #expect(ContentParser.parse("4006381333931", symbology: .qrCode) == .text("4006381333931"))
        #expect(ContentParser.parse("https://example.org", symbology: .qrCode) == .url("https://example.org"))
        #expect(ContentParser.parse("4006381333932", symbology: .ean13) == .text("4006381333932"))
    }

    @Test(
        "GS1 check digits of every length",
        arguments: [("4006381333931", true), ("96385074", true), ("00012345600012", true), ("00012345600013", false), ("7", false)])
    func checkDigits(digits: String, valid: Bool) {
        #expect(ProductCode.hasValidCheckDigit(digits) == valid)
    }
}
