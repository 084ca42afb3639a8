// SPDX-License-Identifier: GPL-3.0-or-later

/// History as RFC 4180 CSV: UTF-8, CRLF line ends, a header row, fields quoted when they hold a
/// comma, a quote, CR or LF (quotes doubled). `text` is empty for a binary payload.
public enum HistoryCSV {
    /// The header row (without its line end).
    public static let header = HistoryExchange.fields.joined(separator: ",")

    /// Encodes `records` with the header first.
    public static func encode(_ records: [HistoryRecord]) -> String {
        var out = header + "\r\n"
        for record in records {
            let fields = [
                HistoryTime.string(milliseconds: record.timeMilliseconds), record.source.rawValue, record.format, record.text ?? "",
                Symbol.hex(record.bytes), record.label ?? "", record.starred ? "true" : "false",
            ]
            out += fields.map(quoted).joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// `field` quoted when RFC 4180 needs it.
    static func quoted(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Decodes a whole file (header first; CRLF or LF line ends; a last line end optional).
    public static func decode(_ text: String) throws(HistoryExchangeError) -> [HistoryRecord] {
        let rows = try rows(of: text)
        guard let first = rows.first else { throw .badHeader(line: 1) }
        guard first.fields == HistoryExchange.fields else { throw .badHeader(line: 1) }
        var records: [HistoryRecord] = []
        for row in rows.dropFirst() {
            if row.fields == [""] { continue }
            guard row.fields.count == HistoryExchange.fields.count else {
                throw .wrongFieldCount(line: row.line, expected: HistoryExchange.fields.count, found: row.fields.count)
            }
            let f = row.fields
            let starred: Bool
            switch f[6].lowercased() {
            case "true", "1": starred = true
            case "false", "0", "": starred = false
            default: throw .badStarred(line: row.line)
            }
            records.append(
                try HistoryExchange.record(
                    line: row.line, time: f[0], source: f[1], format: f[2], text: f[3], bytesHex: f[4], label: f[5], starred: starred))
        }
        return records
    }

    /// One record's fields and the line it starts on.
    struct Row: Equatable {
        var line: Int
        var fields: [String]
    }

    /// Splits CSV text into rows of fields (a quoted field may span lines).
    static func rows(of text: String) throws(HistoryExchangeError) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var rowLine = 1
        var inQuotes = false
        var quoteLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending {
                pending = nil
                return p
            }
            return scalars.next()
        }
        func endRow() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            rows.append(Row(line: rowLine, fields: fields))
            fields = []
        }
        var sawAny = false
        while let c = next() {
            sawAny = true
            if c == "\n" { line += 1 }
            if inQuotes {
                if c == "\"" {
                    if let following = next() {
                        if following == "\"" {
                            field.append("\"")
                        } else {
                            inQuotes = false
                            pending = following
                            if following == "\n" { line -= 1 }
                        }
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty:
                inQuotes = true
                quoteLine = line
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
            case "\r":
                if let following = next(), following != "\n" {
                    pending = following
                } else {
                    line += 1
                }
                endRow()
                rowLine = line
            case "\n":
                endRow()
                rowLine = line
            default:
                field.append(c)
            }
        }
        if inQuotes { throw .unterminatedQuote(line: quoteLine) }
        if sawAny && (!field.isEmpty || !fields.isEmpty) { endRow() }
        return rows
    }
}
