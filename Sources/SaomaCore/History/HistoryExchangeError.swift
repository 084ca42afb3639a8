// SPDX-License-Identifier: GPL-3.0-or-later

/// Why an export file could not be imported; lines count from 1.
public enum HistoryExchangeError: Error, Equatable, Sendable {
    case fileTooLarge(limit: Int)
    case tooManyRows(line: Int, limit: Int)
    case notUTF8(line: Int)
    case badHeader(line: Int)
    case unterminatedQuote(line: Int)
    case wrongFieldCount(line: Int, expected: Int, found: Int)
    case badTime(line: Int)
    /// A well-formed time before 1970 or after 9999 (`HistoryTime.range`).
    case timeOutOfRange(line: Int)
    case unknownSource(line: Int, String)
    case unknownFormat(line: Int, String)
    case badHex(line: Int)
    case badStarred(line: Int)
    case fieldTooLong(line: Int, field: String)
    case badJSON(line: Int)
}
