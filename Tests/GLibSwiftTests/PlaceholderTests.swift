// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import GLibSwift

/// `{name}` placeholders: the one style of translated text. No catalogue is bound here, so `tr`
/// and `trn` return the English message (and `trn` picks by count, as gettext does without one).
@Suite("GLibSwift: named placeholders")
struct PlaceholderTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let template: String
        let values: [String: String]
        let expected: String
        var testDescription: String { template }
    }

    static let rows: [Row] = [
        Row(
            template: "Cannot write {file}: {reason}", values: ["file": "a.png", "reason": "disk full"],
            expected: "Cannot write a.png: disk full"),
        Row(template: "{pixels} × {pixels} pixels", values: ["pixels": "296"], expected: "296 × 296 pixels"),
        Row(template: "{reason}, then {file}", values: ["file": "f", "reason": "r"], expected: "r, then f"),
        // A value is never filled again: a payload or file name that looks like a placeholder stays as it is.
        Row(template: "{device}: {message}", values: ["device": "{message}", "message": "{device}"], expected: "{message}: {device}"),
        Row(template: "Code {index}: {text}", values: ["index": "1", "text": "{index}{{text}}"], expected: "Code 1: {index}{{text}}"),
        // Unknown names, stray and nested braces are text.
        Row(template: "{unknown} {file}", values: ["file": "x"], expected: "{unknown} x"),
        Row(template: "{{file}} {file", values: ["file": "x"], expected: "{x} {file"),
        Row(template: "} { {}", values: ["file": "x"], expected: "} { {}"),
        Row(template: "no placeholders", values: [:], expected: "no placeholders"),
        Row(template: "{file}", values: [:], expected: "{file}"),
        // Values are inserted as they are: markup and percent signs are the caller's to escape.
        Row(template: "Saved {file}", values: ["file": "<b>%@ %ld &amp;</b>"], expected: "Saved <b>%@ %ld &amp;</b>"),
        Row(template: "扫码 {text}", values: ["text": "文本\u{202E}"], expected: "扫码 文本\u{202E}"),
    ]

    @Test(arguments: rows)
    func fillsEachPlaceholderOnce(row: Row) {
        #expect(fillingPlaceholders(row.template, row.values) == row.expected)
    }

    @Test func translatesThenFills() {
        #expect(tr("Could not paste: {reason}", ["reason": "no image"]) == "Could not paste: no image")
    }

    @Test(arguments: [(0, "0 codes"), (1, "1 code"), (2, "2 codes"), (12_345, "12345 codes")])
    func pluralFillsCount(count: Int, expected: String) {
        #expect(trn("{count} code", "{count} codes", count) == expected)
    }

    @Test func pluralFillsOtherNamesAndAGivenCountWins() {
        #expect(trn("{count} row in {file}", "{count} rows in {file}", 3, ["file": "h.csv"]) == "3 rows in h.csv")
        #expect(trn("{count} item", "{count} items", 2, ["count": "two"]) == "two items")
    }
}
