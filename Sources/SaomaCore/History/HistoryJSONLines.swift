// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// History as JSON Lines: one object per row with the CSV's fields; `text` and `label` are `null`
/// when absent, `starred` a boolean, `bytes_hex` lower-case hex.
public enum HistoryJSONLines {
    /// Bytes one line may have (the longest row Saoma writes, every character of a full payload escaped, is under 600 KiB).
    static let maximumLineBytes = 1 << 20

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

    /// The record one line holds (`content` without its line end), or `nil` for a blank line.
    static func record(_ content: ArraySlice<UInt8>, line number: Int, decoder: JSONDecoder) throws(HistoryExchangeError)
        -> HistoryRecord?
    {
        if content.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == 0x09 }) { return nil }
        guard String(validating: content, as: UTF8.self) != nil else { throw .notUTF8(line: number) }
        guard let line = try? decoder.decode(Line.self, from: Data(content)) else { throw .badJSON(line: number) }
        return try HistoryExchange.record(
            line: number, time: line.time, source: line.source, format: line.format, text: line.text,
            bytesHex: line.bytesHex ?? "", label: line.label, starred: line.starred ?? false)
    }
}
