// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import Testing

/// One hostile payload or file name: what it tries, and the single line a terminal must get.
struct TerminalAttack: CustomTestStringConvertible, Sendable {
    let name: String
    let payload: String
    let shown: String
    var testDescription: String { name }
}

@Suite("Terminal-safe text")
struct VisibleTextTests {
    static let attacks: [TerminalAttack] = [
        .init(name: "OSC 52 writes the clipboard", payload: "\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}", shown: "␛]52;c;ZWNobyBwd25lZA==␇"),
        .init(
            name: "OSC 8 fake link", payload: "\u{1B}]8;;https://evil.example\u{1B}\\https://bank.example\u{1B}]8;;\u{1B}\\",
            shown: "␛]8;;https://evil.example␛\\https://bank.example␛]8;;␛\\"),
        .init(name: "title change", payload: "\u{1B}]0;sudo password\u{07}", shown: "␛]0;sudo password␇"),
        .init(name: "screen clear", payload: "\u{1B}[2J\u{1B}[H", shown: "␛[2J␛[H"),
        .init(
            name: "carriage return hides the start", payload: "https://evil.example\rhttps://bank.example",
            shown: "https://evil.example␍https://bank.example"),
        .init(name: "backspaces hide a host", payload: "https://evil\u{08}\u{08}\u{08}\u{08}bank", shown: "https://evil␈␈␈␈bank"),
        .init(name: "newline forges a QR line", payload: "hello\nQR: https://evil.example", shown: "hello␊QR: https://evil.example"),
        .init(name: "C1 CSI written as UTF-8", payload: "a\u{9B}2Jb", shown: "a\u{FFFD}2Jb"),
        .init(name: "C1 OSC and ST", payload: "\u{9D}52;c;eA==\u{9C}", shown: "\u{FFFD}52;c;eA==\u{FFFD}"),
        .init(name: "DEL", payload: "a\u{7F}b", shown: "a␡b"),
        .init(name: "NUL and tab", payload: "a\u{0}b\tc", shown: "a␀b␉c"),
        .init(name: "bidi override reorders", payload: "invoice\u{202E}fdp.exe", shown: "invoice\u{FFFD}fdp.exe"),
        .init(name: "line separator", payload: "a\u{2028}b", shown: "a\u{FFFD}b"),
        .init(name: "bidi isolate and marks", payload: "a\u{2067}b\u{200F}c\u{2069}", shown: "a\u{FFFD}b\u{FFFD}c\u{FFFD}"),
        .init(name: "plain text is kept", payload: "Grüße, 世界 😀", shown: "Grüße, 世界 😀"),
    ]

    @Test("controls from payloads are shown, never sent", arguments: attacks)
    func neutralises(_ attack: TerminalAttack) {
        let shown = VisibleText.of(attack.payload)
        #expect(shown == attack.shown)
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("line breaks and tabs stay when asked (multi-line labels)")
    func keepsLineBreaks() {
        #expect(VisibleText.of("a\nb\tc\r", keepingLineBreaks: true) == "a\nb\tc␍")
    }

    @Test("long values are echoed shortened, visibly")
    func shortens() {
        let long = String(repeating: "x", count: 1000) + "\u{1B}"
        let shown = VisibleText.shortened(long)
        #expect(shown.count == VisibleText.echoLimit)
        #expect(shown.hasSuffix("…"))
        #expect(VisibleText.shortened("short\u{1B}") == "short␛")
    }

    @Test("binary payloads are marked and shown as hex")
    func binaryLine() {
        let binary = Symbol(format: .qrCode, bytes: [0x00, 0x1B, 0xFF], text: nil, corners: [])
        #expect(VisibleText.line(for: binary, binaryLabel: "(binary, hex)") == "(binary, hex) 001bff")
        let text = Symbol(format: .qrCode, bytes: Array("a\u{1B}b".utf8), text: "a\u{1B}b", corners: [])
        #expect(VisibleText.line(for: text, binaryLabel: "(binary, hex)") == "a␛b")
    }

    @Test("JSON strings stay exact and escape every control character", arguments: attacks)
    func jsonEscapes(_ attack: TerminalAttack) throws {
        let quoted = JSONString.quoted(attack.payload)
        // Bidirectional controls too: a JSON line on a terminal must not reorder what follows.
        let acted: Set<UInt32> = [
            0x61C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ]
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || acted.contains($0.value) })
        let decoded = try JSONSerialization.jsonObject(with: Data(("[" + quoted + "]").utf8)) as? [String]
        #expect(decoded == [attack.payload])
    }

    @Test("raw argument bytes show as \\xNN")
    func rawBytesShown() {
        #expect(VisibleText.of(RawArgument.decode([0x61, 0xFF, 0x62, 0xC3])) == "a\\xffb\\xc3")
    }
}

@Suite("Raw command-line arguments")
struct RawArgumentTests {
    static let samples: [[UInt8]] = [
        Array("plain.png".utf8), Array("Grüße 世界.png".utf8), [0x66, 0xFF, 0xFE, 0x2E, 0x70], [0xC3, 0x28], [0xE2, 0x82],
        [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0x80], [],
    ]

    @Test("bytes survive the round trip exactly", arguments: samples)
    func roundTrip(bytes: [UInt8]) {
        let string = RawArgument.decode(bytes)
        #expect(RawArgument.bytes(of: string) == bytes)
        #expect(RawArgument.isUTF8(string) == (String(validating: bytes, as: UTF8.self) != nil))
    }

    @Test("valid UTF-8 is kept as it is")
    func validKept() {
        #expect(RawArgument.decode(Array("Grüße".utf8)) == "Grüße")
    }
}
