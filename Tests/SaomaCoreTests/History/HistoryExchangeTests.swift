// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("History export formats")
struct HistoryExchangeTests {
    /// Rows that stress both formats: quotes, commas, line breaks, CJK, control characters,
    /// binary payloads, labels and stars.
    static let records: [HistoryRecord] = [
        HistoryRecord(
            timeMilliseconds: 1_764_495_000_123, source: .camera, format: "QR", text: "https://example.org/a,b",
            bytes: Array("https://example.org/a,b".utf8)),
        HistoryRecord(
            timeMilliseconds: 1_764_495_001_000, source: .photo, format: "QR", text: "say \"hi\"\r\nline two",
            bytes: Array("say \"hi\"\r\nline two".utf8),
            label: "quote, comma", starred: true),
        HistoryRecord(
            timeMilliseconds: 1_764_495_002_000, source: .clipboard, format: "QR", text: "扫码轻触小蓝点", bytes: Array("扫码轻触小蓝点".utf8),
            label: "中文"),
        HistoryRecord(timeMilliseconds: 1_764_495_003_000, source: .cli, format: "CODE-128", text: nil, bytes: [0, 1, 0xFF, 0x80]),
        HistoryRecord(
            timeMilliseconds: 1_764_495_004_000, source: .screen, format: "EAN-13", text: "4006381333931",
            bytes: Array("4006381333931".utf8)),
        HistoryRecord(
            timeMilliseconds: 0, source: .camera, format: "QR", text: "\u{1B}[31mred\u{07}<b>x</b>",
            bytes: Array("\u{1B}[31mred\u{07}<b>x</b>".utf8)),
        HistoryRecord(timeMilliseconds: 1_764_495_005_000, source: .camera, format: "QR", text: "", bytes: []),
    ]

    @Test("CSV and JSON Lines give back the same rows", arguments: HistoryFileFormat.allCases)
    func roundTrip(format: HistoryFileFormat) throws {
        let encoded = format.encode(Self.records)
        let decoded = try format.decode(Array(encoded.utf8))
        #expect(decoded == Self.records)
    }

    @Test("CSV follows RFC 4180: header, CRLF, quoted fields with doubled quotes")
    func csvShape() {
        let csv = HistoryFileFormat.csv.encode(Array(Self.records[0...1]))
        #expect(
            csv == "time,source,format,text,bytes_hex,label,starred\r\n"
                + "2025-11-30T09:30:00.123Z,camera,QR,\"https://example.org/a,b\",\(Symbol.hex(Array("https://example.org/a,b".utf8))),,false\r\n"
                + "2025-11-30T09:30:01.000Z,photo,QR,\"say \"\"hi\"\"\r\nline two\",\(Symbol.hex(Array("say \"hi\"\r\nline two".utf8))),\"quote, comma\",true\r\n"
        )
    }

    @Test("JSON Lines writes one object per line with nulls and booleans")
    func jsonShape() {
        let line = HistoryJSONLines.encode([Self.records[3]])
        #expect(
            line
                == "{\"time\":\"2025-11-30T09:30:03.000Z\",\"source\":\"cli\",\"format\":\"CODE-128\",\"text\":null,\"bytes_hex\":\"0001ff80\",\"label\":null,\"starred\":false}\n"
        )
    }

    @Test(
        "the format follows the file name",
        arguments: [("a.csv", HistoryFileFormat.csv), ("b.JSONL", .jsonLines), ("/x.y/c.jsonl", .jsonLines)])
    func formatFromName(path: String, format: HistoryFileFormat) {
        #expect(HistoryFileFormat(path: path) == format)
    }

    @Test("names without a known extension have no format", arguments: ["history", "a.json", ".csv", "dir.csv/file"])
    func noFormat(path: String) {
        #expect(HistoryFileFormat(path: path) == nil)
    }

    static let header = "time,source,format,text,bytes_hex,label,starred\r\n"

    /// Hostile CSV files: one per attack, with the error expected.
    static let badCSV: [(String, [UInt8], HistoryExchangeError)] = [
        ("empty file", [], .badHeader(line: 1)),
        ("other header", Array("a,b,c\r\n".utf8), .badHeader(line: 1)),
        ("unterminated quote", Array((header + "2025-11-30T09:30:00Z,camera,QR,\"open\r\n\r\n").utf8), .unterminatedQuote(line: 2)),
        ("too few fields", Array((header + "2025-11-30T09:30:00Z,camera,QR\r\n").utf8), .wrongFieldCount(line: 2, expected: 7, found: 3)),
        ("bad time", Array((header + "yesterday,camera,QR,x,,,false\r\n").utf8), .badTime(line: 2)),
        ("unknown source", Array((header + "2025-11-30T09:30:00Z,<b>tv</b>,QR,x,,,false\r\n").utf8), .unknownSource(line: 2, "<b>tv</b>")),
        (
            "unknown format", Array((header + "2025-11-30T09:30:00Z,camera,\u{1B}[2J,x,,,false\r\n").utf8),
            .unknownFormat(line: 2, "\u{1B}[2J")
        ),
        ("odd hex", Array((header + "2025-11-30T09:30:00Z,camera,QR,x,abc,,false\r\n").utf8), .badHex(line: 2)),
        ("not hex", Array((header + "2025-11-30T09:30:00Z,camera,QR,x,zz,,false\r\n").utf8), .badHex(line: 2)),
        ("bad star", Array((header + "2025-11-30T09:30:00Z,camera,QR,x,,,maybe\r\n").utf8), .badStarred(line: 2)),
        ("not UTF-8", Array(header.utf8) + [0x0A, 0xC3, 0x28], .notUTF8(line: 3)),
        (
            "huge payload",
            Array((header + "2025-11-30T09:30:00Z,camera,QR," + String(repeating: "x", count: 70_000) + ",,,false\r\n").utf8),
            .fieldTooLong(line: 2, field: "text")
        ),
        (
            "huge label", Array((header + "2025-11-30T09:30:00Z,camera,QR,x,,\(String(repeating: "l", count: 1001)),false\r\n").utf8),
            .fieldTooLong(line: 2, field: "label")
        ),
    ]

    @Test("hostile CSV files are refused with the line at fault", arguments: badCSV)
    func hostileCSV(name: String, bytes: [UInt8], error: HistoryExchangeError) {
        #expect(throws: error, "\(name)") { try HistoryFileFormat.csv.decode(bytes) }
    }

    static let badJSONLines: [(String, String, HistoryExchangeError)] = [
        ("not JSON", "{\"time\":\n", .badJSON(line: 1)),
        ("an array", "[1,2]\n", .badJSON(line: 1)),
        ("missing time", "{\"source\":\"camera\",\"format\":\"QR\",\"text\":\"x\"}\n", .badJSON(line: 1)),
        (
            "starred as text", "{\"time\":\"2025-11-30T09:30:00Z\",\"source\":\"camera\",\"format\":\"QR\",\"starred\":\"yes\"}\n",
            .badJSON(line: 1)
        ),
        (
            "second line bad", "\n{\"time\":\"2025-11-30T09:30:00Z\",\"source\":\"camera\",\"format\":\"QR\",\"text\":\"x\"}\nnull\n",
            .badJSON(line: 3)
        ),
        (
            "unknown source", "{\"time\":\"2025-11-30T09:30:00Z\",\"source\":\"fax\",\"format\":\"QR\",\"text\":\"x\"}",
            .unknownSource(line: 1, "fax")
        ),
    ]

    @Test("hostile JSON Lines files are refused with the line at fault", arguments: badJSONLines)
    func hostileJSON(name: String, text: String, error: HistoryExchangeError) {
        #expect(throws: error, "\(name)") { try HistoryFileFormat.jsonLines.decode(Array(text.utf8)) }
    }

    @Test("text alone gives its UTF-8 bytes; a byte-order mark and LF line ends are accepted")
    func lenientReading() throws {
        let file =
            [0xEF, 0xBB, 0xBF] + Array("time,source,format,text,bytes_hex,label,starred\n2025-11-30T09:30:00Z,camera,qr,héllo,,,1\n".utf8)
        let records = try HistoryFileFormat.csv.decode(file)
        #expect(records.count == 1)
        #expect(records.first?.bytes == Array("héllo".utf8))
        #expect(records.first?.format == "QR")
        #expect(records.first?.starred == true)
        #expect(records.first?.timeMilliseconds == 1_764_495_000_000)
    }

    @Test("imported one-time-password codes lose their secret too")
    func importStripsSecret() throws {
        let line =
            "{\"time\":\"2025-11-30T09:30:00Z\",\"source\":\"camera\",\"format\":\"QR\",\"text\":\"otpauth://totp/a?secret=S3CRET&issuer=A\"}"
        let records = try HistoryFileFormat.jsonLines.decode(Array(line.utf8))
        #expect(records.first?.text == "otpauth://totp/a?issuer=A")
        #expect(records.first?.bytes == Array("otpauth://totp/a?issuer=A".utf8))
    }
}
