// SPDX-License-Identifier: GPL-3.0-or-later
import CharsetConversion
import DMTXDecoding
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing

/// Data Matrix codes with an ECI designator, written by the real `zint` (package zint): dmtxwrite
/// cannot write one.
enum ECIImages {
    /// `text` encoded by zint as Data Matrix under ECI `eci` (zint converts the text to the ECI's
    /// character set), square (found faster than rectangles), with a quiet zone.
    static func dataMatrix(_ text: String, eci: Int) throws -> LumaImage {
        let folder = try TemporaryFolder(prefix: "saoma-eci")
        let arguments = ["-b", "71", "--eci=\(eci)", "--scale=4", "--square", "--quietzones", "-d", text, "-o", folder.path("code.png")]
        try runTool("/usr/bin/zint", arguments)
        return try ImageLoader().load(path: folder.path("code.png")).luma
    }

    /// A Data Matrix code zint draws from `arguments` (data and segments), square, with a quiet zone.
    static func dataMatrix(arguments: [String]) throws -> LumaImage {
        let folder = try TemporaryFolder(prefix: "saoma-eci")
        try runTool("/usr/bin/zint", ["-b", "71", "--scale=4", "--square", "--quietzones", "-o", folder.path("code.png")] + arguments)
        return try ImageLoader().load(path: folder.path("code.png")).luma
    }
}

@Suite("ECI designators")
struct ECITests {
    @Test(
        "reads Data Matrix designators of one to three codewords",
        arguments: [
            ([241, 27, 72], 26, 2), ([241, 4], 3, 2), ([241, 1], 0, 2), ([241, 127], 126, 2),
            ([241, 128, 1], 127, 3), ([241, 131, 11], 899, 3), ([241, 191, 254], 16382, 3),
            ([241, 192, 1, 1], 16383, 4), ([241, 207, 63, 129], 999_999, 4),
        ] as [([UInt8], Int, Int)])
    func readsDesignators(codewords: [UInt8], number: Int, length: Int) throws {
        let designator = try #require(ECI.dataMatrixDesignator(codewords))
        #expect(designator.number == number)
        #expect(designator.length == length)
    }

    @Test(
        "finds no designator where the data does not start with a whole one",
        arguments: [[], [241], [72, 241, 27], [241, 0], [241, 255], [241, 128], [241, 130, 0], [241, 200, 1], [232, 241, 27]] as [[UInt8]])
    func noDesignator(codewords: [UInt8]) {
        #expect(ECI.dataMatrixDesignator(codewords) == nil)
    }

    @Test("takes libdmtx's stray designator byte off the payload, and refuses output it cannot mend")
    func mendsLibdmtxOutput() throws {
        let plain = try #require(ECI.dataMatrixPayload(output: Array("Gruse".utf8), codewords: [72, 115, 118, 116]))
        #expect(plain.bytes == Array("Gruse".utf8) && plain.eci == nil)
        let utf8 = try #require(ECI.dataMatrixPayload(output: [0x1A, 0x47, 0x72], codewords: [241, 27, 72, 115]))
        #expect(utf8.bytes == [0x47, 0x72] && utf8.eci == 26)
        // The output does not start with the byte libdmtx writes for the designator: not trusted.
        #expect(ECI.dataMatrixPayload(output: [0x47, 0x72], codewords: [241, 27, 72, 115]) == nil)
        // Two-codeword designators come out of libdmtx as digits or padding: not trusted.
        #expect(ECI.dataMatrixPayload(output: Array("0167".utf8), codewords: [241, 131, 133, 72]) == nil)
    }

    @Test(
        "finds a designator after the start in ASCII encodation only",
        arguments: [
            // ASCII data, then a designator (ECI 26) after them; after a structured-append header.
            ([66, 67, 241, 27, 72], true), ([233, 18, 1, 1, 241, 27, 72], true), ([241, 4, 72, 241, 27, 72], true),
            // At the start only; none at all; after padding (the data have ended).
            ([241, 27, 72, 129], false), ([66, 67, 68], false), ([66, 129, 241, 27], false),
            // 241 inside C40, Text and X12 pairs, after a Text unlatch it counts.
            ([230, 241, 1, 241, 1, 254, 66], false), ([239, 241, 1, 254, 241, 27], true), ([238, 1, 241, 254, 66], false),
            // A lone last codeword after C40 pairs is ASCII.
            ([230, 241, 1, 241], true),
            // EDIFACT: 241 (0b11110001) inside the six-bit values; the unlatch 0x1F, then ASCII.
            ([240, 241, 0, 0, 66], false), ([240, 0x7C, 0x00, 0x00, 241, 27], true),
            // Base 256: a length of 3 (randomised at position 2), three data bytes, then ASCII.
            ([231, ECITests.randomized(3, position: 2), 241, 241, 241, 241, 27], true),
            ([231, ECITests.randomized(3, position: 2), 241, 241, 241, 66], false),
            // Base 256 to the end of the data (length 0).
            ([231, ECITests.randomized(0, position: 2), 241, 27, 241, 27], false),
            // An upper shift's data codeword is no designator.
            ([235, 241, 66], false),
        ] as [([UInt8], Bool)])
    func laterDesignators(codewords: [UInt8], later: Bool) {
        #expect(ECI.dataMatrixHasLaterDesignator(codewords) == later)
        if later { #expect(ECI.dataMatrixPayload(output: Array("BC".utf8), codewords: codewords) == nil) }
    }

    /// `value` as the Base 256 codeword at 1-based data position `position` (255-state randomisation).
    static func randomized(_ value: Int, position: Int) -> UInt8 {
        UInt8((value + (149 * position) % 255 + 1) % 256)
    }

    @Test("refuses a Data Matrix code whose ECI changes after its start, which libdmtx reads with a stray byte")
    func refusesLaterECI() throws {
        // zint: "AB" in ISO-8859-1 (ECI 3), then "é€" in UTF-8 (ECI 26). libdmtx 0.7.7 gives
        // "AB", the byte 0x1A, then the UTF-8 bytes: read as ISO-8859-1 that was "AB\u{1A}Ã©â\u{82}¬".
        let mixed = try ECIImages.dataMatrix(arguments: ["--eci=3", "-d", "AB", "--seg1=26,é€"])
        #expect(DataMatrixDecoder().decode(mixed, options: DecodeOptions()).isEmpty)
        // Codes whose C40 pairs and Base 256 bytes hold codewords of value 241 are read as before.
        let c40 = String(repeating: "YIC", count: 8)
        let c40Symbols = DataMatrixDecoder().decode(try ECIImages.dataMatrix(arguments: ["-d", c40]), options: DecodeOptions())
        #expect(c40Symbols.map(\.text) == [c40])
        let binary = (1...255).map { String(format: "\\x%02X", $0) }.joined()
        let binarySymbols = DataMatrixDecoder().decode(
            try ECIImages.dataMatrix(arguments: ["--binary", "--esc", "-d", binary]), options: DecodeOptions())
        #expect(binarySymbols.map(\.bytes) == [Array(1...255)])
    }

    @Test("refuses libdmtx's reading of a structured-append part, which it reports whole with stray bytes")
    func refusesStructuredAppendParts() throws {
        // zint: part 1 of 2. libdmtx 0.7.7 gave "\u{0E}\u{00}\u{00}part1" as a whole code.
        let part = try ECIImages.dataMatrix(arguments: ["--structapp=1,2,1001", "-d", "part1"])
        #expect(DataMatrixDecoder().decode(part, options: DecodeOptions()).isEmpty)
        #expect(ECI.dataMatrixHasStructuredAppend([233, 15, 4, 240, 113, 98]))
        // 233 inside C40 pairs or after padding is no header.
        #expect(!ECI.dataMatrixHasStructuredAppend([230, 233, 1, 254, 66]))
        #expect(!ECI.dataMatrixHasStructuredAppend([66, 129, 233, 15]))
        #expect(ECI.dataMatrixPayload(output: Array("part1".utf8), codewords: [233, 15, 4, 240, 113, 98]) == nil)
    }

    @Test(
        "decodes text in the ECI's character set",
        arguments: [
            ([0x47, 0x72, 0xFC, 0xDF, 0x65], 3, "Grüße"), (Array("Grüße 扫码".utf8), 26, "Grüße 扫码"),
            ([0x83, 0x65, 0x83, 0x58, 0x83, 0x67], 20, "テスト"), ([0xC9, 0xA8, 0xC2, 0xEB], 29, "扫码"), ([0xA4, 0x40], 28, "一"),
            ([0xB0, 0xE1], 4, "°á"), ([0x00, 0x41, 0x00, 0xE9], 25, "Aé"),
        ] as [([UInt8], Int, String)])
    func decodesCharsets(bytes: [UInt8], eci: Int, text: String) {
        #expect(ECI.text(bytes, eci: eci) == text)
    }

    @Test(
        "gives no text for binary, unassigned and invalid data",
        arguments: [([0x41], 899), ([0x41], 14), ([0x41], 19), ([0xFF, 0xFE], 26), ([0x80], 27)] as [([UInt8], Int)])
    func noText(bytes: [UInt8], eci: Int) {
        #expect(ECI.text(bytes, eci: eci) == nil)
    }

    @Test(
        "reads zint's Data Matrix codes with ECI as the text they were written from",
        arguments: [("Grüße", 3), ("Grüße 扫码", 26), ("テスト", 20), ("Κόσμε", 9)] as [(String, Int)])
    func readsZintECI(text: String, eci: Int) throws {
        let image = try ECIImages.dataMatrix(text, eci: eci)
        let symbols = DataMatrixDecoder().decode(image, options: DecodeOptions())
        try #require(symbols.count == 1)
        #expect(symbols[0].text == text)
        #expect(!symbols[0].isGS1)
        // The payload bytes are the text in the ECI's character set, without the designator.
        #expect(ECI.text(symbols[0].bytes, eci: eci) == text)
    }
}
