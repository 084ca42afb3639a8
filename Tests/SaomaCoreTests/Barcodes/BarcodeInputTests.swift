// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One payload for one format: the bytes drawn, or the error.
struct BarcodeInputCase: CustomTestStringConvertible, Sendable {
    let format: BarcodeFormat
    let payload: QRPayload
    var bytes: String?
    var error: BarcodeInputError?
    var eci = false
    var testDescription: String { "\(format.name) \(payload)" }
}

@Suite("Generating barcodes: what each format accepts")
struct BarcodeInputTests {
    static let cases: [BarcodeInputCase] = [
        BarcodeInputCase(format: .ean13, payload: .text("400638133393"), bytes: "4006381333931"),
        BarcodeInputCase(format: .ean13, payload: .text("4006381333931"), bytes: "4006381333931"),
        BarcodeInputCase(format: .ean13, payload: .text("4006381333932"), error: .checkDigit(format: .ean13, given: 2, expected: 1)),
        BarcodeInputCase(format: .ean13, payload: .text("40063813339"), error: .digitCount(format: .ean13, count: 11)),
        BarcodeInputCase(format: .ean13, payload: .text("40063813339310"), error: .digitCount(format: .ean13, count: 14)),
        BarcodeInputCase(format: .ean13, payload: .text("4006381-33393"), error: .notDigits(format: .ean13, character: "-")),
        BarcodeInputCase(format: .ean13, payload: .text("４００６３８１３３３９３"), error: .notDigits(format: .ean13, character: "４")),
        BarcodeInputCase(format: .upcA, payload: .text("03600029145"), bytes: "036000291452"),
        BarcodeInputCase(format: .upcA, payload: .text("036000291453"), error: .checkDigit(format: .upcA, given: 3, expected: 2)),
        BarcodeInputCase(format: .upcA, payload: .bytes(Array("036000291452".utf8)), bytes: "036000291452"),
        BarcodeInputCase(format: .code128, payload: .text("Äpfel"), bytes: "\u{C4}pfel"),
        BarcodeInputCase(format: .code128, payload: .text("中"), error: .unsupportedCharacter(format: .code128, character: "中")),
        BarcodeInputCase(
            format: .code128, payload: .text(String(repeating: "x", count: 81)), error: .tooLong(format: .code128, count: 81, limit: 80)),
        BarcodeInputCase(format: .microQR, payload: .text("PART-1"), bytes: "PART-1"),
        BarcodeInputCase(format: .microQR, payload: .text("naïve"), error: .unsupportedCharacter(format: .microQR, character: "ï")),
        BarcodeInputCase(
            format: .microQR, payload: .bytes([0x41, 0xFF]), error: .unsupportedCharacter(format: .microQR, character: "\\xff")),
        BarcodeInputCase(
            format: .microQR, payload: .text(String(repeating: "1", count: 36)), error: .tooLong(format: .microQR, count: 36, limit: 35)),
        BarcodeInputCase(format: .dataMatrix, payload: .text("Grüße"), bytes: "Grüße", eci: true),
        BarcodeInputCase(format: .aztec, payload: .text("plain"), bytes: "plain"),
        BarcodeInputCase(format: .pdf417, payload: .bytes([0xC3, 0xBC]), bytes: "ü"),
        BarcodeInputCase(format: .pdf417, payload: .text(""), error: .empty),
    ]

    @Test("payloads per format", arguments: cases)
    func prepares(_ c: BarcodeInputCase) {
        do {
            let input = try BarcodeInput.prepare(c.payload, for: c.format)
            #expect(c.error == nil, "expected \(String(describing: c.error))")
            if c.format == .code128, let bytes = c.bytes {
                #expect(input.bytes == bytes.unicodeScalars.map { UInt8($0.value) })
            } else {
                #expect(input.bytes == c.bytes.map { Array($0.utf8) })
            }
            #expect(input.usesUTF8ECI == c.eci)
        } catch {
            #expect(error == c.error)
        }
    }

    @Test("GS1 check digits", arguments: [([4, 0, 0, 6, 3, 8, 1, 3, 3, 3, 9, 3], 1), ([0, 3, 6, 0, 0, 0, 2, 9, 1, 4, 5], 2), ([0], 0)])
    func checkDigits(_ row: ([Int], Int)) {
        #expect(BarcodeInput.checkDigit(row.0) == row.1)
    }

    @Test(
        "format names and aliases",
        arguments: [
            ("qr", BarcodeFormat.qr), ("QR-Code", .qr), ("datamatrix", .dataMatrix), ("DM", .dataMatrix), ("aztec", .aztec),
            ("PDF417", .pdf417), ("micro-qr", .microQR), ("ean-13", .ean13), ("EAN", .ean13), ("upc", .upcA), ("UPC-A", .upcA),
            ("code-128", .code128),
        ])
    func names(_ row: (String, BarcodeFormat)) {
        #expect(BarcodeFormat(userName: row.0) == row.1)
    }

    @Test("unknown format names", arguments: ["", "maxicode", "ean8", "qr2", "ｑｒ"])
    func unknownNames(_ name: String) {
        #expect(BarcodeFormat(userName: name) == nil)
    }
}

@Suite("Generating barcodes: SVG drawings")
struct BarcodeDrawingTests {
    @Test("bars in modules, captions escaped, the size in pixels")
    func svg() {
        let drawing = BarcodeDrawing(
            width: 10, height: 6, bars: [BarcodeDrawing.Bar(x: 1, y: 0, width: 2, height: 4.5)],
            captions: [BarcodeDrawing.Caption(text: "<a&b>\u{1B}\"'", x: 5, y: 6, size: 2.25, anchor: .middle)])
        let svg = drawing.svg(moduleSize: 3, foreground: RGBColor(red: 0, green: 0, blue: 128))
        #expect(svg.contains(#"width="30" height="18" viewBox="0 0 10 6""#))
        #expect(svg.contains(#"d="M1 0h2v4.5h-2z""#))
        #expect(svg.contains(##"fill="#000080""##))
        #expect(svg.contains("&lt;a&amp;b&gt;\u{FFFD}&quot;&apos;</text>"))
        #expect(svg.contains(#"font-size="2.25" text-anchor="middle""#))
        #expect(!svg.contains("\u{1B}"))
    }

    @Test("the largest whole module size that fits", arguments: [(100, 10), (99, 9), (9, nil), (10, 1)])
    func fitting(_ row: (Int, Int?)) {
        #expect(BarcodeDrawing(width: 10, height: 6, bars: []).moduleSize(fitting: row.0) == row.1)
    }
}
