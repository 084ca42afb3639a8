// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads an export file as it arrives, chunk by chunk, and gives its records as they complete.
///
/// Memory does not grow with the file: a chunk's records are handed out at once, a row may hold
/// at most a few hundred KiB (`maximumFieldBytes`, `HistoryJSONLines.maximumLineBytes`). The CSV
/// header is checked within the file's first `maximumHeaderBytes`, before anything else is
/// read; every row is checked as it is read (the first problem throws with its line number);
/// more than `maximumRows` rows or `maximumBytes` bytes are refused. A byte-order mark at the
/// start is skipped. One ISO 8601 reader (`HistoryTime`) and one `JSONDecoder` serve every row.
public struct HistoryImportDecoder {
    /// Bytes the CSV header may take (it has 47).
    static let maximumHeaderBytes = 1024
    /// Bytes a CSV field may have: a whole payload as hex, and an apostrophe (`HistoryCSV`).
    static let maximumFieldBytes = 2 * HistoryExchange.maximumPayloadBytes + 1
    /// The UTF-8 byte-order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    public let format: HistoryFileFormat
    let maximumRows: Int
    let maximumBytes: Int

    private var csv: HistoryCSVReader
    private var sawHeader = false
    /// CSV bytes read while looking for the header.
    private var headerBytes = 0
    private var rows = 0
    private var bytesRead = 0
    /// The first bytes, held until it is known whether they are a byte-order mark.
    private var lead: [UInt8] = []
    private var leadDone = false
    private var jsonLine: [UInt8] = []
    private var jsonLineNumber = 1
    private let json = JSONDecoder()

    /// A decoder for a file in `format`; the limits are `HistoryExchange`'s unless given.
    public init(
        format: HistoryFileFormat, maximumRows: Int = HistoryExchange.maximumRows, maximumBytes: Int = HistoryExchange.maximumFileBytes
    ) {
        self.format = format
        self.maximumRows = maximumRows
        self.maximumBytes = maximumBytes
        csv = HistoryCSVReader(
            maximumFieldBytes: Self.maximumHeaderBytes, maximumFields: HistoryExchange.fields.count + 1,
            fieldNames: HistoryExchange.fields)
    }

    /// Reads the next bytes of the file; returns the records they completed.
    public mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(HistoryExchangeError) -> [HistoryRecord] {
        bytesRead += bytes.count
        guard bytesRead <= maximumBytes else { throw .fileTooLarge(limit: maximumBytes) }
        var records: [HistoryRecord] = []
        var rest = ArraySlice(bytes)
        if !leadDone {
            let taken = Swift.min(rest.count, Self.byteOrderMark.count - lead.count)
            lead += rest.prefix(taken)
            rest = rest.dropFirst(taken)
            if lead.count == Self.byteOrderMark.count || !Self.byteOrderMark.starts(with: lead) { try startAfterLead(into: &records) }
        }
        if leadDone { try read(rest, into: &records) }
        return records
    }

    /// The end of the file: the records of a last line without a line end.
    public mutating func finish() throws(HistoryExchangeError) -> [HistoryRecord] {
        var records: [HistoryRecord] = []
        if !leadDone { try startAfterLead(into: &records) }
        switch format {
        case .csv:
            var reader = csv
            try reader.finish { row throws(HistoryExchangeError) in try take(row, into: &records) }
            csv = reader
            if !sawHeader { throw .badHeader(line: 1) }
        case .jsonLines:
            if !jsonLine.isEmpty {
                let content = jsonLine.last == 0x0D ? jsonLine.dropLast() : jsonLine[...]
                try takeJSON(content, into: &records)
                jsonLine = []
            }
        }
        return records
    }

    /// Drops a byte-order mark from the held lead bytes and reads the rest of them.
    private mutating func startAfterLead(into records: inout [HistoryRecord]) throws(HistoryExchangeError) {
        leadDone = true
        let held = lead == Self.byteOrderMark ? [] : lead
        lead = []
        try read(held[...], into: &records)
    }

    private mutating func read(_ bytes: ArraySlice<UInt8>, into records: inout [HistoryRecord]) throws(HistoryExchangeError) {
        switch format {
        case .csv: try readCSV(bytes, into: &records)
        case .jsonLines: try readJSONLines(bytes, into: &records)
        }
    }

    private mutating func readCSV(_ bytes: ArraySlice<UInt8>, into records: inout [HistoryRecord]) throws(HistoryExchangeError) {
        var rest = bytes
        if !sawHeader {
            // Only as much as the header may take, so that a file without one is refused at once.
            let head = rest.prefix(Self.maximumHeaderBytes - headerBytes)
            headerBytes += head.count
            rest = rest.dropFirst(head.count)
            do {
                try feedCSV(head, into: &records)
            } catch .fieldTooLong {
                throw .badHeader(line: 1)
            }
            if !sawHeader && !rest.isEmpty { throw .badHeader(line: 1) }
            if sawHeader { csv.maximumFieldBytes = Self.maximumFieldBytes }
        }
        try feedCSV(rest, into: &records)
    }

    /// Feeds the CSV reader (moved out while it runs: the rows it hands back change `self`).
    private mutating func feedCSV(_ bytes: ArraySlice<UInt8>, into records: inout [HistoryRecord]) throws(HistoryExchangeError) {
        var reader = csv
        try reader.feed(bytes) { row throws(HistoryExchangeError) in try take(row, into: &records) }
        csv = reader
    }

    private mutating func take(_ row: HistoryCSVReader.Row, into records: inout [HistoryRecord]) throws(HistoryExchangeError) {
        if !sawHeader {
            guard row.fieldCount == HistoryExchange.fields.count, row.fields.map({ Array(HistoryCSV.restored($0)) }) == Self.headerFields
            else { throw .badHeader(line: row.line) }
            sawHeader = true
            return
        }
        if row.isBlank { return }
        try count(line: row.line)
        records.append(try HistoryCSV.record(row))
    }

    /// The header's fields as bytes.
    private static let headerFields = HistoryExchange.fields.map { Array($0.utf8) }

    private mutating func readJSONLines(_ bytes: ArraySlice<UInt8>, into records: inout [HistoryRecord]) throws(HistoryExchangeError) {
        var rest = bytes
        while let end = rest.firstIndex(of: 0x0A) {
            let piece = rest[..<end]
            rest = rest[rest.index(after: end)...]
            let content: ArraySlice<UInt8>
            if jsonLine.isEmpty {
                content = piece
            } else {
                jsonLine += piece
                content = jsonLine[...]
            }
            guard content.count <= HistoryJSONLines.maximumLineBytes + 1 else {
                throw .fieldTooLong(line: jsonLineNumber, field: "line")
            }
            try takeJSON(content.last == 0x0D ? content.dropLast() : content, into: &records)
            jsonLine.removeAll(keepingCapacity: true)
            jsonLineNumber += 1
        }
        jsonLine += rest
        guard jsonLine.count <= HistoryJSONLines.maximumLineBytes + 1 else { throw .fieldTooLong(line: jsonLineNumber, field: "line") }
    }

    private mutating func takeJSON(_ content: ArraySlice<UInt8>, into records: inout [HistoryRecord]) throws(HistoryExchangeError) {
        guard content.count <= HistoryJSONLines.maximumLineBytes else { throw .fieldTooLong(line: jsonLineNumber, field: "line") }
        guard let record = try HistoryJSONLines.record(content, line: jsonLineNumber, decoder: json) else { return }
        try count(line: jsonLineNumber)
        records.append(record)
    }

    /// Counts one more row, refusing the one past the limit.
    private mutating func count(line: Int) throws(HistoryExchangeError) {
        rows += 1
        guard rows <= maximumRows else { throw .tooManyRows(line: line, limit: maximumRows) }
    }
}
