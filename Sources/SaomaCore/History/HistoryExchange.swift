// SPDX-License-Identifier: GPL-3.0-or-later

/// The rules both export formats share: field names, limits, one record from its fields.
public enum HistoryExchange {
    /// The fields of every row, in the order written.
    public static let fields = ["time", "source", "format", "text", "bytes_hex", "label", "starred"]
    /// Bytes an import file may have (a million typical rows fit easily), checked before reading
    /// and again while reading.
    public static let maximumFileBytes = 256 << 20
    /// Rows an import file may have.
    public static let maximumRows = 1_000_000
    /// Bytes a payload may have (a QR code holds at most 2953).
    public static let maximumPayloadBytes = 65_536
    /// Characters a label may have, counted as Unicode scalars (as GTK counts an entry's length;
    /// never by Swift Characters: one Character can be thousands of combining marks).
    public static let maximumLabelCharacters = 1000

    /// The record written as `fields` on `line`; `starred` is `true`/`false` (or `1`/`0`).
    static func record(
        line: Int, time: String, source: String, format: String, text: String?, bytesHex: String, label: String?, starred: Bool
    ) throws(HistoryExchangeError) -> HistoryRecord {
        let milliseconds: Int64
        switch HistoryTime.parse(time) {
        case .time(let value): milliseconds = value
        case .outOfRange: throw .timeOutOfRange(line: line)
        case .invalid: throw .badTime(line: line)
        }
        guard let source = HistorySource(rawValue: source) else { throw .unknownSource(line: line, String(source.prefix(40))) }
        guard let symbology = Symbology(rawValue: format) ?? Symbology(userName: format) else {
            throw .unknownFormat(line: line, String(format.prefix(40)))
        }
        guard bytesHex.utf8.count <= 2 * maximumPayloadBytes, (text?.utf8.count ?? 0) <= maximumPayloadBytes else {
            throw .fieldTooLong(line: line, field: "text")
        }
        guard (label?.unicodeScalars.count ?? 0) <= maximumLabelCharacters else { throw .fieldTooLong(line: line, field: "label") }
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

    /// `bytes` as text, or the line (counted from `line`) holding the first byte that is not UTF-8.
    static func utf8Text(_ bytes: [UInt8], line: Int) throws(HistoryExchangeError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var current = line
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var previous: Unicode.Scalar?
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\r" || (scalar == "\n" && previous != "\r") { current += 1 }
                previous = scalar
            case .emptyInput, .error: throw .notUTF8(line: current)
            }
        }
    }
}
