// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import SaomaCore

@Suite("History times")
struct HistoryTimeTests {
    @Test(
        "times are written as ISO 8601 UTC with milliseconds",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"),
            (1_764_495_000_123, "2025-11-30T09:30:00.123Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
            (HistoryTime.range.upperBound, "9999-12-31T23:59:59.999Z"),
            (-1, "1969-12-31T23:59:59.999Z"),
            (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
            (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
            (253_402_300_800_000, "+10000-01-01T00:00:00.000Z"),
        ])
    func writes(milliseconds: Int64, text: String) {
        #expect(HistoryTime.string(milliseconds: milliseconds) == text)
    }

    @Test("writing is total: the extremes of 64 bits are written, not trapped", arguments: [Int64.min, Int64.max, Int64.min + 1])
    func writesExtremes(milliseconds: Int64) {
        let text = HistoryTime.string(milliseconds: milliseconds)
        #expect(text.hasSuffix("Z") && text.count > 20)
        #expect(HistoryTime.parse(text) == .outOfRange)
    }

    @Test(
        "ISO 8601 and RFC 3339 forms are read, offsets applied, fractions rounded to the millisecond",
        arguments: [
            ("2025-11-30T09:30:00Z", Int64(1_764_495_000_000)),
            ("2025-11-30T09:30:00.123Z", 1_764_495_000_123),
            ("2025-11-30T09:30:00.1Z", 1_764_495_000_100),
            ("2025-11-30T09:30:00.12345678Z", 1_764_495_000_123),
            ("2025-11-30T09:30:00.1235Z", 1_764_495_000_124),
            ("2025-11-30T09:30:00.9996Z", 1_764_495_001_000),
            ("2025-11-30t09:30:00z", 1_764_495_000_000),
            ("2025-11-30 09:30:00Z", 1_764_495_000_000),
            ("2025-11-30T17:30:00+08:00", 1_764_495_000_000),
            ("2025-11-30T17:30:00+0800", 1_764_495_000_000),
            ("2025-11-30T04:00:00-05:30", 1_764_495_000_000),
            ("2025-11-30T04:00:00\u{2212}05:30", 1_764_495_000_000),
            ("1970-01-01T00:00:00Z", 0),
            ("1970-01-01T08:00:00+08:00", 0),
            ("2024-02-29T00:00:00Z", 1_709_164_800_000),
            ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
        ])
    func reads(text: String, milliseconds: Int64) {
        #expect(HistoryTime.parse(text) == .time(milliseconds), "\(text)")
    }

    @Test(
        "well-formed times outside 1970…9999 are out of range, never another time",
        arguments: [
            "0000-01-01T00:00:00Z", "-9999-01-01T00:00:00Z", "+292278994-08-17T07:12:55.807Z", "+999999999999-01-01T00:00:00Z",
            "1969-12-31T23:59:59.999Z", "1970-01-01T07:59:59+08:00", "9999-12-31T23:59:59.9996Z", "9999-12-31T20:00:00-05:00",
            "+10000-01-01T00:00:00Z",
        ])
    func outOfRange(text: String) {
        #expect(HistoryTime.parse(text) == .outOfRange, "\(text)")
        #expect(HistoryTime.milliseconds(from: text) == nil)
    }

    @Test(
        "anything else is not a time",
        arguments: [
            "", "yesterday", "2025-11-30", "2025-11-30T09:30:00", "2025-11-30T09:30Z", "2025-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
            "2100-02-29T00:00:00Z", "2025-04-31T00:00:00Z", "2025-11-30T24:00:00Z", "2025-11-30T09:60:00Z", "2025-11-30T09:30:60Z",
            "2025-11-30T09:30:00.Z", "2025-11-30T09:30:00+24:00", "2025-11-30T09:30:00+08:60", "2025-11-30T09:30:00Zjunk",
            "20251-11-30T09:30:00Z", "２０２５-11-30T09:30:00Z", "2025-11-30T09:30:00.123456789012345678901234567890Z",
            "2025-1-30T09:30:00Z", " 2025-11-30T09:30:00Z", "2025-11-30T09:30:00 Z", "+2025-11-30T09:30:00+",
        ])
    func invalid(text: String) {
        #expect(HistoryTime.parse(text) == .invalid, "\(text)")
    }

    /// Milliseconds spread over the whole range, the same on every run.
    static let samples: [Int64] = {
        var seed: UInt64 = 0x5A0A_1970
        return (0..<2000).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64(seed >> 1) % (HistoryTime.range.upperBound + 1)
        }
    }()

    @Test("writing and reading agree with each other and with Foundation's ISO 8601 formatter")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for milliseconds in Self.samples {
            let text = HistoryTime.string(milliseconds: milliseconds)
            #expect(HistoryTime.parse(text) == .time(milliseconds), "\(text)")
            // Foundation's Double seconds agree to the millisecond (its output is only compared
            // for whole seconds, its fractions being rounded through binary floating point).
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            #expect(formatter.string(from: date).prefix(19) == text.prefix(19), "\(milliseconds)")
            if let parsed = formatter.date(from: text) {
                #expect(abs(parsed.timeIntervalSince1970 * 1000 - Double(milliseconds)) < 1, "\(text)")
            }
        }
    }

    @Test("file stamps are the UTC time without separators")
    func fileStamp() {
        #expect(HistoryTime.fileStamp(milliseconds: 1_764_495_000_123) == "2025-11-30T093000Z")
    }
}
