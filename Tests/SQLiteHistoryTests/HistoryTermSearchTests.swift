// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import SQLiteHistory

/// Searching for several terms at once (the desktop's search provider).
@Suite("History search by terms")
struct HistoryTermSearchTests {
    /// Texts in the order they are recorded (a minute apart), with a label for some.
    static let rows: [(text: String, label: String?)] = [
        ("https://gnome.org/download", nil),
        ("WIFI:T:WPA;S:Home Network;P:hunter22;;", "upstairs router"),
        ("扫码轻触小蓝点", nil),
        ("Invoice 2026-12 for ACME", "paid"),
        ("https://example.org/acme/invoice", nil),
        ("ab cd", nil),
        ("He said \"quoted\" words", nil),
    ]
    let temp: TemporaryHistory
    let store: HistoryStore

    init() throws {
        temp = try TemporaryHistory()
        store = try HistoryStore(path: temp.path)
        for (index, row) in Self.rows.enumerated() {
            var record = qrRecord(row.text, at: t0 + Int64(index) * 60_000)
            record.label = row.label
            try store.record(record)
        }
    }

    func texts(_ terms: [String], limit: Int = 10) throws -> [String] {
        try store.search(terms: terms, limit: limit).map { $0.text ?? "" }
    }

    @Test(arguments: [
        // Every term must be found (AND), in any order, case-insensitively.
        (["invoice"], ["https://example.org/acme/invoice", "Invoice 2026-12 for ACME"]),
        (["acme", "invoice"], ["https://example.org/acme/invoice", "Invoice 2026-12 for ACME"]),
        (["ACME", "2026"], ["Invoice 2026-12 for ACME"]),
        (["invoice", "gnome"], []),
        // Labels are searched as well as texts.
        (["router"], ["WIFI:T:WPA;S:Home Network;P:hunter22;;"]),
        (["paid", "acme"], ["Invoice 2026-12 for ACME"]),
        // Any three characters of a CJK word, and shorter terms by scanning.
        (["轻触小"], ["扫码轻触小蓝点"]),
        (["蓝点"], ["扫码轻触小蓝点"]),
        (["ab"], ["ab cd"]),
        (["ab", "cd"], ["ab cd"]),
        (["cd", "invoice"], []),
        (["or", "invoice"], ["https://example.org/acme/invoice", "Invoice 2026-12 for ACME"]),
        // Quotes are part of a term, not FTS5 syntax; operators are plain words.
        (["\"quoted\""], ["He said \"quoted\" words"]),
        (["said", "OR", "gnome"], []),
        (["NOT"], []),
        // No terms (or only blanks): nothing.
        ([], []),
        (["  ", ""], []),
    ])
    func matchesEveryTerm(_ terms: [String], _ expected: [String]) throws {
        #expect(try texts(terms) == expected, "terms \(terms)")
    }

    @Test func newestFirstAndAtMostTheLimit() throws {
        #expect(try texts(["org"], limit: 1) == ["https://example.org/acme/invoice"])
        #expect(try texts(["o"], limit: 2) == ["He said \"quoted\" words", "https://example.org/acme/invoice"])
        #expect(try texts(["org"], limit: 0) == [])
    }

    @Test func shortTermsScanOnlyTheNewestRowsWhenAsked() throws {
        // "ab" is in the second newest row only; "gn" in the first row recorded.
        #expect(try store.search(terms: ["ab"], limit: 10, scanningAtMost: 1).isEmpty)
        #expect(try store.search(terms: ["ab"], limit: 10, scanningAtMost: 2).map(\.text) == ["ab cd"])
        #expect(try store.search(terms: ["gn"], limit: 10, scanningAtMost: 6).isEmpty)
        #expect(try store.search(terms: ["gn"], limit: 10).map(\.text) == ["https://gnome.org/download"])
        // A term long enough for the index is not bounded by the scan.
        #expect(try store.search(terms: ["gnome"], limit: 10, scanningAtMost: 1).map(\.text) == ["https://gnome.org/download"])
    }

    @Test func recordsByIDKeepTheOrderAsked() throws {
        let all = try store.recent(limit: 10)
        let ids = try #require(all.compactMap(\.id).count == all.count ? all.compactMap(\.id) : nil)
        let asked = [ids[3], 999_999, ids[0], ids[3]]
        #expect(try store.records(ids: asked).map(\.id) == [ids[3], ids[0], ids[3]])
        #expect(try store.records(ids: []).isEmpty)
    }
}
