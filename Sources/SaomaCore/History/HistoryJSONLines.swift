// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// History as JSON Lines: one object per row with the CSV's fields; `text` and `label` are `null`
/// when absent, `starred` a boolean, `bytes_hex` lower-case hex.
public enum HistoryJSONLines {
    /// Characters one line may have.
    static let maximumLineCharacters = 1 << 20

    /// One row as written and read.
    struct Line: Decodable {
        var time: String
        var source: String
        var format: String
        var text: String?
        var bytesHex: String?
        var label: String?
        var starred: Bool?

        enum CodingKeys: String, CodingKey {
            case time, source, format, text
            case bytesHex = "bytes_hex"
            case label, starred
        }
    }

    /// Encodes `records`, one line each (by hand: fields in their documented order).
    public static func encode(_ records: [HistoryRecord]) -> String {
        var out = ""
        for record in records {
            out += "{\"time\":" + JSONString.quoted(HistoryTime.string(milliseconds: record.timeMilliseconds))
            out += ",\"source\":" + JSONString.quoted(record.source.rawValue) + ",\"format\":" + JSONString.quoted(record.format)
            out +=
                ",\"text\":" + (record.text.map(JSONString.quoted) ?? "null") + ",\"bytes_hex\":"
                + JSONString.quoted(Symbol.hex(record.bytes))
            out +=
                ",\"label\":" + (record.label.map(JSONString.quoted) ?? "null") + ",\"starred\":" + (record.starred ? "true" : "false")
                + "}\n"
        }
        return out
    }

    /// Decodes a whole file (blank lines skipped).
    public static func decode(_ text: String) throws(HistoryExchangeError) -> [HistoryRecord] {
        let decoder = JSONDecoder()
        var records: [HistoryRecord] = []
        var number = 0
        for raw in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let content = String(raw.last == "\r" ? raw.dropLast() : raw)
            if content.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            guard content.utf8.count <= maximumLineCharacters else { throw .fieldTooLong(line: number, field: "line") }
            guard let line = try? decoder.decode(Line.self, from: Data(content.utf8)) else { throw .badJSON(line: number) }
            records.append(
                try HistoryExchange.record(
                    line: number, time: line.time, source: line.source, format: line.format, text: line.text,
                    bytesHex: line.bytesHex ?? "", label: line.label, starred: line.starred ?? false))
        }
        return records
    }
}
