// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// History times as text: ISO 8601 in UTC with milliseconds (`2026-11-30T09:28:34.123Z`).
public enum HistoryTime {
    /// The time `milliseconds` after the Unix epoch as ISO 8601 UTC.
    public static func string(milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// Parses ISO 8601 with or without fractional seconds (any offset); `nil` when it is not one.
    public static func milliseconds(from text: String) -> Int64? {
        guard text.utf8.count <= 40 else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        return nil
    }

    /// Milliseconds since the epoch now.
    public static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    /// The UTC calendar day of a time, `yyyy-MM-dd` (for file names such as `history.db.corrupt-…`).
    public static func fileStamp(milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withFullTime, .withTimeZone]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            .replacingOccurrences(of: ":", with: "")
    }
}
