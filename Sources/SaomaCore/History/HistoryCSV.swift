// SPDX-License-Identifier: GPL-3.0-or-later

/// History as RFC 4180 CSV: UTF-8, CRLF line ends, a header row, fields quoted when they hold a
/// comma, a quote, CR or LF (quotes doubled). `text` is empty for a binary payload.
///
/// Spreadsheet-safe, as OWASP's CSV-injection guidance asks: a cell a spreadsheet would run as a
/// formula — one whose first character, after any spaces, is `=`, `+`, `-`, `@`, a tab or a
/// carriage return — is written with an apostrophe in front (`'=HYPERLINK(…)`), and so is a
/// cell that already begins with an apostrophe. Reading takes exactly one leading apostrophe
/// off every cell, so an import gives back exactly what was exported.
public enum HistoryCSV {
    /// The header row (without its line end).
    public static let header = HistoryExchange.fields.joined(separator: ",")

    /// The rows of `records`, each ending in CRLF (no header).
    public static func encode(rows records: [HistoryRecord]) -> String {
        var out = ""
        for record in records {
            let fields = [
                HistoryTime.string(milliseconds: record.timeMilliseconds), record.source.rawValue, record.format, record.text ?? "",
                Symbol.hex(record.bytes), record.label ?? "", record.starred ? "true" : "false",
            ]
            out += fields.map { quoted(neutralised($0)) }.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// `field` quoted when RFC 4180 needs it, quotes doubled scalar by scalar (a quote followed
    /// by a combining mark is one Character, and must still be doubled).
    static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }) else {
            return field
        }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in field.unicodeScalars {
            if scalar == "\"" { out.append(scalar) }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }

    /// `field` with an apostrophe in front when a spreadsheet would read it as a formula, or
    /// when it begins with an apostrophe itself (so that `restored` is its exact inverse).
    static func neutralised(_ field: String) -> String {
        guard let first = field.utf8.first(where: { $0 != UInt8(ascii: " ") }) else { return field }
        let startsFormula = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D].contains(first)
        return startsFormula || field.utf8.first == UInt8(ascii: "'") ? "'" + field : field
    }

    /// A cell as read back: one leading apostrophe removed.
    static func restored(_ field: [UInt8]) -> ArraySlice<UInt8> {
        field.first == UInt8(ascii: "'") ? field.dropFirst() : field[...]
    }

    /// The record one CSV row holds (cells as read, apostrophes not yet removed).
    static func record(_ row: HistoryCSVReader.Row) throws(HistoryExchangeError) -> HistoryRecord {
        var f: [String] = []
        f.reserveCapacity(row.fields.count)
        for (index, cell) in row.fields.enumerated() {
            f.append(try HistoryExchange.utf8Text(Array(restored(cell)), line: row.fieldLines[index]))
        }
        guard f.count == HistoryExchange.fields.count, row.fieldCount == f.count else {
            throw .wrongFieldCount(line: row.line, expected: HistoryExchange.fields.count, found: row.fieldCount)
        }
        let starred: Bool
        switch f[6].lowercased() {
        case "true", "1": starred = true
        case "false", "0", "": starred = false
        default: throw .badStarred(line: row.line)
        }
        return try HistoryExchange.record(
            line: row.line, time: f[0], source: f[1], format: f[2], text: f[3], bytesHex: f[4], label: f[5], starred: starred)
    }
}
