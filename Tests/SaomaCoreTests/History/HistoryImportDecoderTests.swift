// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// The streaming importer: the same rows whatever the chunks, bounded whatever the file.
@Suite("History import decoder")
struct HistoryImportDecoderTests {
    static let header = "time,source,format,text,bytes_hex,label,starred\r\n"
    static let goodRow = "2025-11-30T09:30:00.000Z,camera,QR,hello,68656c6c6f,,false\r\n"

    /// Hostile payloads that must come back byte for byte.
    static let hostile: [HistoryRecord] = [
        "a\u{0}b, the rest after a NUL", "\u{0}", "=cmd|' /C calc'!A0", "'quoted", "\"\"\"", "line\r\nbreak\rlone CR\nLF",
        "\u{FEFF}starts with a byte-order mark", "a quote and a combining tilde \"\u{0303}, then a comma", "\"\u{0301}", "扫码\u{0}轻触",
        "\u{1B}]52;c;ZXZpbA==\u{07}", "  -1", ",", "\t",
    ].enumerated().map { index, text in
        HistoryRecord(
            timeMilliseconds: 1_764_495_000_000 + Int64(index), source: .photo, format: "QR", text: text, bytes: Array(text.utf8),
            label: index.isMultiple(of: 2) ? "label\u{0}with NUL " + text : nil, starred: index.isMultiple(of: 3))
    }

    @Test("hostile payloads, NUL included, survive export and import in both formats", arguments: HistoryFileFormat.allCases)
    func hostileRoundTrip(format: HistoryFileFormat) throws {
        let decoded = try format.decode(Array(format.encode(Self.hostile).utf8))
        #expect(decoded == Self.hostile)
        #expect(decoded.first?.text?.unicodeScalars.count == "a\u{0}b, the rest after a NUL".unicodeScalars.count)
    }

    /// Decodes `bytes` fed in chunks of `size` bytes.
    func decode(_ bytes: [UInt8], format: HistoryFileFormat, chunk size: Int) throws(HistoryExchangeError) -> [HistoryRecord] {
        var decoder = HistoryImportDecoder(format: format)
        var records: [HistoryRecord] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            records += try decoder.feed(bytes[start..<end])
            start = end
        }
        return records + (try decoder.finish())
    }

    @Test("any chunking gives the same rows", arguments: HistoryFileFormat.allCases, [1, 2, 3, 7, 64, 1 << 16])
    func chunking(format: HistoryFileFormat, size: Int) throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(format.encode(Self.hostile).utf8)
        #expect(try decode(bytes, format: format, chunk: size) == Self.hostile)
    }

    @Test("errors name the same line whatever the chunking", arguments: [1, 5, 1 << 16])
    func chunkedErrors(size: Int) {
        let csv =
            Self.header + Self.goodRow + "\"quoted\r\nover two lines\",camera,QR,x,,,false\r\n"
            + "0000-01-01T00:00:00Z,camera,QR,x,,,false\r\n"
        #expect(throws: HistoryExchangeError.badTime(line: 3)) { try decode(Array(csv.utf8), format: .csv, chunk: size) }
        let later =
            Self.header + Self.goodRow + "2025-11-30T09:30:00Z,camera,QR,\"two\r\nlines\",,,false\r\n"
            + "0000-01-01T00:00:00Z,camera,QR,x,,,false\r\n"
        #expect(throws: HistoryExchangeError.timeOutOfRange(line: 5)) { try decode(Array(later.utf8), format: .csv, chunk: size) }
    }

    @Test("a file without the header is refused within its first KiB, whatever follows")
    func headerFirst() {
        var decoder = HistoryImportDecoder(format: .csv)
        // A header line longer than any header, and 16 MiB of rows after it: refused at the first chunk.
        let chunk = Array(("time,source,format,text,bytes_hex,label,starred," + String(repeating: "x", count: 2000) + "\r\n").utf8)
        #expect(throws: HistoryExchangeError.badHeader(line: 1)) { _ = try decoder.feed(chunk) }
        var zeros = HistoryImportDecoder(format: .csv)
        #expect(throws: HistoryExchangeError.badHeader(line: 1)) { _ = try zeros.feed([UInt8](repeating: 0, count: 1 << 16)) }
        var short = HistoryImportDecoder(format: .csv)
        #expect(throws: HistoryExchangeError.badHeader(line: 1)) { _ = try short.feed(Array("time,source\r\n".utf8)) }
        var empty = HistoryImportDecoder(format: .csv)
        #expect(throws: HistoryExchangeError.badHeader(line: 1)) { _ = try empty.finish() }
    }

    @Test("rows past the limit are refused with the line number")
    func rowLimit() throws {
        var decoder = HistoryImportDecoder(format: .csv, maximumRows: 3)
        let three = Self.header + String(repeating: Self.goodRow, count: 3)
        #expect(try decoder.feed(Array(three.utf8)).count == 3)
        #expect(throws: HistoryExchangeError.tooManyRows(line: 5, limit: 3)) { _ = try decoder.feed(Array(Self.goodRow.utf8)) }
        var json = HistoryImportDecoder(format: .jsonLines, maximumRows: 1)
        let line = HistoryFileFormat.jsonLines.encode([Self.hostile[0]])
        #expect(throws: HistoryExchangeError.tooManyRows(line: 3, limit: 1)) { _ = try json.feed(Array((line + "\n" + line).utf8)) }
    }

    @Test("bytes past the limit are refused as they arrive")
    func byteLimit() throws {
        var decoder = HistoryImportDecoder(format: .csv, maximumBytes: 150)
        _ = try decoder.feed(Array((Self.header + Self.goodRow).utf8))
        #expect(throws: HistoryExchangeError.fileTooLarge(limit: 150)) { _ = try decoder.feed(Array(Self.goodRow.utf8)) }
    }

    @Test("an endless field or line is refused once it is longer than any row can be", arguments: HistoryFileFormat.allCases)
    func endlessField(format: HistoryFileFormat) {
        var decoder = HistoryImportDecoder(format: format)
        let start = format == .csv ? Self.header + "2025-11-30T09:30:00Z,camera,QR,\"" : "{\"time\":\""
        var failure: HistoryExchangeError?
        do {
            _ = try decoder.feed(Array(start.utf8))
            // 4 MiB in 64 KiB chunks: the refusal comes long before the end.
            for _ in 0..<64 { _ = try decoder.feed([UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)) }
        } catch {
            failure = error
        }
        #expect(failure == .fieldTooLong(line: format == .csv ? 2 : 1, field: format == .csv ? "text" : "line"))
    }

    @Test("a row with thousands of fields is counted, not kept")
    func manyFields() {
        let row = "2025-11-30T09:30:00Z" + String(repeating: ",", count: 100_000) + "\r\n"
        #expect(throws: HistoryExchangeError.wrongFieldCount(line: 2, expected: 7, found: 100_001)) {
            try HistoryFileFormat.csv.decode(Array((Self.header + row).utf8))
        }
    }

    @Test("NUL bytes in a raw CSV field and an escaped JSON string are kept")
    func nulKept() throws {
        let csv = Array(Self.header.utf8) + Array("2025-11-30T09:30:00Z,camera,QR,a".utf8) + [0] + Array("b,,,false\r\n".utf8)
        #expect(try HistoryFileFormat.csv.decode(csv).first?.bytes == [0x61, 0, 0x62])
        let json =
            "{\"time\":\"2025-11-30T09:30:00Z\",\"source\":\"camera\",\"format\":\"QR\",\"text\":\"a\\u0000b\",\"label\":\"x\\u0000y\"}"
        let record = try HistoryFileFormat.jsonLines.decode(Array(json.utf8)).first
        #expect(record?.text == "a\u{0}b")
        #expect(record?.bytes == [0x61, 0, 0x62])
        #expect(record?.label == "x\u{0}y")
    }
}
