// SPDX-License-Identifier: GPL-3.0-or-later

/// The two export formats (seed 014, item 5), chosen by the file name's extension.
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
        case .csv: HistoryCSV.encode(records)
        case .jsonLines: HistoryJSONLines.encode(records)
        }
    }

    /// Decodes a whole file; throws the first problem with its line number.
    public func decode(_ bytes: [UInt8]) throws(HistoryExchangeError) -> [HistoryRecord] {
        guard bytes.count <= HistoryExchange.maximumFileBytes else { throw .fileTooLarge(limit: HistoryExchange.maximumFileBytes) }
        let text = try HistoryExchange.utf8Text(bytes)
        switch self {
        case .csv: return try HistoryCSV.decode(text)
        case .jsonLines: return try HistoryJSONLines.decode(text)
        }
    }
}

/// Why an export file could not be imported; lines count from 1.
public enum HistoryExchangeError: Error, Equatable, Sendable {
    case fileTooLarge(limit: Int)
    case notUTF8(line: Int)
    case badHeader(line: Int)
    case unterminatedQuote(line: Int)
    case wrongFieldCount(line: Int, expected: Int, found: Int)
    case badTime(line: Int)
    case unknownSource(line: Int, String)
    case unknownFormat(line: Int, String)
    case badHex(line: Int)
    case badStarred(line: Int)
    case fieldTooLong(line: Int, field: String)
    case badJSON(line: Int)
}

/// The rules both formats share: field names, limits, one record from its fields.
public enum HistoryExchange {
    /// The fields of every row, in the order written.
    public static let fields = ["time", "source", "format", "text", "bytes_hex", "label", "starred"]
    /// Bytes an import file may have (a million typical rows fit easily).
    public static let maximumFileBytes = 256 << 20
    /// Bytes a payload may have (a QR code holds at most 2953).
    public static let maximumPayloadBytes = 65_536
    /// Characters a label may have.
    public static let maximumLabelCharacters = 1000

    /// `bytes` as text (a leading byte-order mark dropped), or the line of the first invalid byte.
    static func utf8Text(_ bytes: [UInt8]) throws(HistoryExchangeError) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        var line = 1
        var iterator = body.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: throw .notUTF8(line: line)
            case .error: throw .notUTF8(line: line)
            }
        }
    }

    /// The record written as `fields` on `line`; `starred` is `true`/`false` (or `1`/`0`).
    static func record(
        line: Int, time: String, source: String, format: String, text: String?, bytesHex: String, label: String?, starred: Bool
    ) throws(HistoryExchangeError) -> HistoryRecord {
        guard let milliseconds = HistoryTime.milliseconds(from: time) else { throw .badTime(line: line) }
        guard let source = HistorySource(rawValue: source) else { throw .unknownSource(line: line, String(source.prefix(40))) }
        guard let symbology = Symbology(rawValue: format) ?? Symbology(userName: format) else {
            throw .unknownFormat(line: line, String(format.prefix(40)))
        }
        guard bytesHex.utf8.count <= 2 * maximumPayloadBytes, (text?.utf8.count ?? 0) <= maximumPayloadBytes else {
            throw .fieldTooLong(line: line, field: "text")
        }
        guard (label?.count ?? 0) <= maximumLabelCharacters else { throw .fieldTooLong(line: line, field: "label") }
        guard let decodedBytes = hexBytes(bytesHex) else { throw .badHex(line: line) }
        var payloadText = text
        var bytes = decodedBytes
        if bytesHex.isEmpty, let text { bytes = Array(text.utf8) }
        if payloadText == "" && !bytes.isEmpty { payloadText = nil }
        return HistoryRecord(
            timeMilliseconds: milliseconds, source: source, format: symbology.name, text: payloadText, bytes: bytes,
            label: label?.isEmpty == true ? nil : label, starred: starred)
    }

    /// Bytes from lower- or upper-case hex digits, `nil` when odd or not hex.
    static func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = OTPSecretStripping.hexValue(digits[index]), let low = OTPSecretStripping.hexValue(digits[index + 1]) else {
                return nil
            }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }
}
