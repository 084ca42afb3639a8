// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Argument reader")
struct ArgumentReaderTests {
    /// A command line and what the reader gives for it when `-f` and `--out` take a value:
    /// `p:` a positional word, `o:` an option, `v:` the value read after it (`v:nil` at the end).
    static let rows: [([String], [String])] = [
        ([], []),
        (["a.png", "-", "--json", "b.png"], ["p:a.png", "p:-", "o:--json", "p:b.png"]),
        (["-f", "qr", "x.png"], ["o:-f", "v:qr", "p:x.png"]),
        // A value is the next word, whatever it looks like.
        (["-f", "--json", "x"], ["o:-f", "v:--json", "p:x"]),
        (["--out", "--", "x"], ["o:--out", "v:--", "p:x"]),
        (["-f"], ["o:-f", "v:nil"]),
        // `--` ends the options once; after it everything is positional, a second `--` too.
        (["--", "--json", "-x", "-", "--"], ["p:--json", "p:-x", "p:-", "p:--"]),
        (["x", "--"], ["p:x"]),
        // Inline values are the parsers' business: the word is one option.
        (["--out=a.png", "-"], ["o:--out=a.png", "p:-"]),
        // Hostile words pass through unchanged.
        (["\u{1B}[31m", "-\n", "", "<b>"], ["p:\u{1B}[31m", "o:-\n", "p:", "p:<b>"]),
        (["-\u{10FFFF}", "\u{10FF80}"], ["o:-\u{10FFFF}", "p:\u{10FF80}"]),
    ]

    @Test("words are positional or options, and an option's value is the next word", arguments: rows)
    func reads(arguments: [String], expected: [String]) {
        var reader = ArgumentReader(arguments)
        var seen: [String] = []
        while let word = reader.next() {
            switch word {
            case .positional(let text):
                seen.append("p:" + text)
            case .option(let option):
                seen.append("o:" + option)
                if option == "-f" || option == "--out" { seen.append("v:" + (reader.value() ?? "nil")) }
            }
        }
        #expect(seen == expected)
        #expect(reader.next() == nil)
        #expect(reader.value() == nil)
    }
}

@Suite("Bounded numbers (option values and debug environment variables)")
struct BoundedNumberTests {
    static let integers: [(String, ClosedRange<Int>, Int?)] = [
        ("2", 1...16, 2), ("16", 1...16, 16), ("17", 1...16, nil), ("0", 1...16, nil), ("-3", -5...5, -3),
        ("99999999999999", 1...16, nil), ("9223372036854775808", 1...Int.max, nil), ("1e3", 1...9999, nil), ("+2", 1...16, nil),
        (" 2", 1...16, nil), ("2 ", 1...16, nil), ("", 1...16, nil), ("-", -5...5, nil), ("2.0", 1...16, nil), ("٣", 1...16, nil),
        ("0x10", 1...100, nil), (String(repeating: "0", count: 40) + "1", 1...16, nil),
    ]

    @Test("whole numbers", arguments: integers)
    func integer(text: String, range: ClosedRange<Int>, expected: Int?) {
        #expect(ArgumentReader.integer(text, in: range) == expected)
    }

    static let numbers: [(String, ClosedRange<Double>, Double?)] = [
        ("2", 1...8, 2), ("1.5", 1...8, 1.5), ("-0.25", -1...1, -0.25), ("1e300", 1...8, nil), ("nan", 1...8, nil), ("inf", 1...8, nil),
        ("infinity", 1...8, nil), ("1.", 1...8, nil), (".5", 0...8, nil), ("1.2.3", 1...8, nil), ("9", 1...8, nil), ("0x1p3", 1...8, nil),
        (String(repeating: "9", count: 400), 1...8, nil), ("-", 1...8, nil),
    ]

    @Test("decimal numbers", arguments: numbers)
    func number(text: String, range: ClosedRange<Double>, expected: Double?) {
        #expect(ArgumentReader.number(text, in: range) == expected)
    }
}
