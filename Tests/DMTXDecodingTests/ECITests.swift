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
