// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import CharsetConversion

@Suite("Payload text decoding")
struct PayloadTextTests {
    /// Bytes, the text expected and the encoding expected to be chosen (`nil` = UTF-8).
    static let table: [(String, [UInt8], String, PayloadText.Encoding?)] = [
        ("ASCII", Array("https://example.org/?q=1".utf8), "https://example.org/?q=1", nil),
        ("UTF-8 German", Array("Grüße".utf8), "Grüße", nil),
        ("UTF-8 Chinese", Array("扫码".utf8), "扫码", nil),
        ("Shift-JIS kana", [0x82, 0xB1, 0x82, 0xF1, 0x82, 0xC9, 0x82, 0xBF, 0x82, 0xCD], "こんにちは", .shiftJIS),
        ("Shift-JIS kanji", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA], "日本語", .shiftJIS),
        ("Shift-JIS half-width katakana", [0xC3, 0xDE, 0xBB, 0xDE, 0xB2, 0xDD, 0x51, 0x52], "ﾃﾞｻﾞｲﾝQR", .shiftJIS),
        ("Shift-JIS backslash stays a backslash", [0x93, 0xFA, 0x5C, 0x82, 0xA0], "日\\あ", .shiftJIS),
        ("GB 18030 Beijing", [0xB1, 0xB1, 0xBE, 0xA9], "北京", .gb18030),
        ("GB 18030", [0xC4, 0xE3, 0xBA, 0xC3, 0xA3, 0xAC, 0xCA, 0xC0, 0xBD, 0xE7], "你好，世界", .gb18030),
        ("GB 18030 scan code", [0xC9, 0xA8, 0xC2, 0xEB], "扫码", .gb18030),
        ("Big5", [0xC1, 0x63, 0xC5, 0xE9, 0xA4, 0xA4, 0xA4, 0xE5], "繁體中文", .big5),
        ("Big5 Taiwan", [0xA5, 0x78, 0xC6, 0x57], "台灣", .big5),
        ("ISO-8859-1 German", [0x47, 0x72, 0xFC, 0xDF, 0x65], "Grüße", .isoLatin1),
        ("ISO-8859-1 French", [0x63, 0x61, 0x66, 0xE9], "café", .isoLatin1),
        // GB 18030's four-byte pattern scores as well, but its table has no F6 30 F6 30 (found by fuzzing).
        ("ISO-8859-1 where GB 18030 refuses", [0xF6, 0x30, 0xF6, 0x30], "ö0ö0", .isoLatin1),
        ("GS1 with GS separators", [0x30, 0x31, 0x1D, 0x31, 0x30], "01\u{1D}10", nil),
    ]

    @Test("decodes each encoding", arguments: table)
    func decodesEachEncoding(name: String, bytes: [UInt8], text: String, encoding: PayloadText.Encoding?) throws {
        let decoded = try #require(PayloadText.decodeWithEncoding(bytes), "\(name)")
        #expect(decoded.1 == text, "\(name)")
        #expect(decoded.0 == encoding, "\(name)")
    }

    static let binary: [[UInt8]] = [
        [0x00, 0x01, 0x02, 0x03],
        Array("text\u{0}with NUL".utf8),
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D],
        [0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0x08, 0x41],
    ]

    @Test("binary payloads have no text", arguments: binary)
    func binaryHasNoText(bytes: [UInt8]) {
        #expect(PayloadText.decode(bytes) == nil)
    }
}
