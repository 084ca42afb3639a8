// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

extension HistoryExchangeError {
    /// A one-line message naming the line at fault.
    public var message: String {
        switch self {
        case .fileTooLarge(let limit): tr("the file is larger than {limit} MB", ["limit": "\(limit >> 20)"])
        case .tooManyRows(let line, let limit):
            tr("line {line}: more than {limit} rows", ["line": "\(line)", "limit": "\(limit)"])
        case .timeOutOfRange(let line):
            tr("line {line}: the time is outside the years 1970 to 9999", ["line": "\(line)"])
        case .notUTF8(let line): tr("line {line}: not UTF-8 text", ["line": "\(line)"])
        case .badHeader(let line): tr("line {line}: the header must be “{header}”", ["line": "\(line)", "header": HistoryCSV.header])
        case .unterminatedQuote(let line): tr("line {line}: a quoted field is never closed", ["line": "\(line)"])
        case .wrongFieldCount(let line, let expected, let found):
            tr("line {line}: {found} fields where {expected} belong", ["line": "\(line)", "found": "\(found)", "expected": "\(expected)"])
        case .badTime(let line): tr("line {line}: the time is not an ISO 8601 date and time", ["line": "\(line)"])
        case .unknownSource(let line, let source): tr("line {line}: unknown source “{source}”", ["line": "\(line)", "source": source])
        case .unknownFormat(let line, let format): tr("line {line}: unknown format “{format}”", ["line": "\(line)", "format": format])
        case .badHex(let line): tr("line {line}: bytes_hex is not hexadecimal", ["line": "\(line)"])
        case .badStarred(let line): tr("line {line}: starred must be true or false", ["line": "\(line)"])
        case .fieldTooLong(let line, let field): tr("line {line}: the {field} is too long", ["line": "\(line)", "field": field])
        case .badJSON(let line): tr("line {line}: not a JSON object with time, source and format", ["line": "\(line)"])
        }
    }
}
