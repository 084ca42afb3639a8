// SPDX-License-Identifier: GPL-3.0-or-later

/// The two export formats, chosen by the file name's extension.
public enum HistoryFileFormat: String, Sendable, CaseIterable {
    /// RFC 4180 CSV, UTF-8, CRLF line ends, header `time,source,format,text,bytes_hex,label,starred`.
    case csv
    /// One JSON object per line with the same fields.
    case jsonLines = "jsonl"

    /// The format named by `path`'s extension (`.csv`, `.jsonl`), case-insensitive.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }

    /// Encodes `records` (in the order given) as a whole file.
    public func encode(_ records: [HistoryRecord]) -> String {
        switch self {
        case .csv: HistoryCSV.header + "\r\n" + HistoryCSV.encode(rows: records)
        case .jsonLines: HistoryJSONLines.encode(records)
        }
    }

    /// Decodes a whole file held in memory; throws the first problem with its line number (the
    /// same reader `HistoryImportDecoder` streams files through).
    public func decode(_ bytes: [UInt8]) throws(HistoryExchangeError) -> [HistoryRecord] {
        var decoder = HistoryImportDecoder(format: self)
        var records = try decoder.feed(bytes)
        records += try decoder.finish()
        return records
    }
}
