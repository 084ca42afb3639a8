// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// Long text cut for display by scalars and bytes: one row per kind of text an attacker or a
/// long payload brings, with what a one-line place shows.
@Suite("Display text: long text cut by a scalar and byte budget")
struct DisplayTextTests {
    static let acute = "\u{0301}"
    static let zwj = "\u{200D}"
    static let marks16 = String(repeating: acute, count: 16)

    static let rows: [(name: String, text: String, shown: String, isCut: Bool)] = [
        ("empty", "", "", false),
        ("short", "https://example.org", "https://example.org", false),
        ("exactly the budget", String(repeating: "x", count: 200), String(repeating: "x", count: 200), false),
        ("one over", String(repeating: "x", count: 201), String(repeating: "x", count: 200), true),
        ("one character of 24 000 combining marks", "a" + String(repeating: acute, count: 24_000), "a" + marks16, true),
        ("a million combining marks", "a" + String(repeating: acute, count: 1_000_000), "a" + marks16, true),
        ("marks then a letter", "a" + String(repeating: acute, count: 20) + "b", "a" + marks16 + "b", true),
        ("sixteen marks are kept", "a" + marks16 + "b", "a" + marks16 + "b", false),
        (
            "decomposed accents count as scalars", String(repeating: "e" + acute, count: 150), String(repeating: "e" + acute, count: 100),
            true
        ),
        ("CJK: 200 scalars, 600 bytes", String(repeating: "扫", count: 300), String(repeating: "扫", count: 200), true),
        ("emoji: 200 scalars, 800 bytes", String(repeating: "😀", count: 300), String(repeating: "😀", count: 200), true),
        (
            "4-byte scalars after ASCII stop at the byte budget", String(repeating: "x", count: 10) + String(repeating: "😀", count: 300),
            String(repeating: "x", count: 10) + String(repeating: "😀", count: 190), true
        ),
        ("a family emoji stays whole", "👨" + zwj + "👩" + zwj + "👧" + zwj + "👦", "👨" + zwj + "👩" + zwj + "👧" + zwj + "👦", false),
        (
            "a flag of tag characters stays whole", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", false
        ),
        (
            "skin tones and variation selectors extend", "👍" + String(repeating: "\u{1F3FD}\u{FE0F}", count: 20),
            "👍" + String(repeating: "\u{1F3FD}\u{FE0F}", count: 8), true
        ),
        ("joiners in a row", "a" + String(repeating: zwj, count: 100), "a" + String(repeating: zwj, count: 16), true),
        ("enclosing marks", "1" + String(repeating: "\u{20DD}", count: 40), "1" + String(repeating: "\u{20DD}", count: 16), true),
        (
            "spacing marks (Devanagari)", "क" + String(repeating: "\u{093E}", count: 40), "क" + String(repeating: "\u{093E}", count: 16),
            true
        ),
        (
            "Hangul jamo: one character of 1000 scalars", String(repeating: "\u{1100}", count: 1000),
            String(repeating: "\u{1100}", count: 200), true
        ),
        (
            "zalgo stays zalgo", "Z\u{0337}\u{031B}\u{0349}a\u{0338}l\u{0334}g\u{0335}o\u{0336}",
            "Z\u{0337}\u{031B}\u{0349}a\u{0338}l\u{0334}g\u{0335}o\u{0336}", false
        ),
        ("controls are left to VisibleText", "a\u{1B}[2J\nb", "a\u{1B}[2J\nb", false),
    ]

    @Test("a line's budget", arguments: rows.indices)
    func line(_ index: Int) {
        let row = Self.rows[index]
        let (text, isCut) = DisplayText.cut(row.text, .line)
        #expect(text == row.shown, "\(row.name)")
        #expect(isCut == row.isCut, "\(row.name)")
        #expect(text.unicodeScalars.count <= DisplayText.Budget.line.scalars && text.utf8.count <= DisplayText.Budget.line.bytes)
        #expect(DisplayText.shown(row.text) == row.shown + (row.isCut ? "…" : ""))
    }

    @Test("every budget holds, and a cut text is a prefix of the text's scalars once marks are capped")
    func budgets() {
        let text = String(repeating: "Grüße 扫码 😀" + Self.acute, count: 5000)
        for budget in [
            DisplayText.Budget.line, .field, .page, DisplayText.Budget(scalars: 1, bytes: 1), DisplayText.Budget(scalars: 0, bytes: 0),
        ] {
            let (cut, isCut) = DisplayText.cut(text, budget)
            #expect(isCut)
            #expect(cut.unicodeScalars.count <= budget.scalars && cut.utf8.count <= budget.bytes)
            #expect(text.unicodeScalars.starts(with: cut.unicodeScalars))
        }
    }

    @Test("echoed values are shortened by scalars too")
    func shortenedEcho() {
        let bomb = "a" + String(repeating: Self.acute, count: 100_000)
        #expect(VisibleText.shortened(bomb) == "a" + Self.marks16 + "…")
        #expect(VisibleText.shortened(String(repeating: "x", count: 500), limit: 200) == String(repeating: "x", count: 199) + "…")
        #expect(VisibleText.shortened("\u{1B}]52;c;aGk=\u{07}") == "␛]52;c;aGk=␇")
        #expect(VisibleText.shortened(String(repeating: "\u{1B}", count: 100), limit: 10) == String(repeating: "␛", count: 9) + "…")
    }
}
