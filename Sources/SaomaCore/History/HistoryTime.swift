// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// History times as text: ISO 8601 in UTC with milliseconds (`2026-11-30T09:28:34.123Z`).
///
/// Written and read in integer arithmetic on the proleptic Gregorian calendar (no formatter, no
/// floating point), so a time goes out and comes back to the millisecond and one parse costs
/// well under a microsecond. Times a history can hold are `range`: from the Unix epoch to the
/// last millisecond of year 9999.
public enum HistoryTime {
    /// Milliseconds since 1970-01-01T00:00:00Z a history row may have (through 9999-12-31T23:59:59.999Z).
    public static let range: ClosedRange<Int64> = 0...253_402_300_799_999
    /// Milliseconds in a day.
    static let millisecondsPerDay: Int64 = 86_400_000
    /// Bytes a time's text may have (longer text is not a time).
    static let maximumTextBytes = 40
    /// Years (either sign) whose milliseconds still fit in 64 bits with room to spare.
    static let maximumArithmeticYear: UInt64 = 100_000_000

    /// What a text reads as.
    public enum Parsed: Equatable, Sendable {
        /// A time in `range`, milliseconds since the epoch.
        case time(Int64)
        /// A well-formed date and time outside `range` (year 0, year −9999, year 292 million).
        case outOfRange
        /// Not an ISO 8601 date and time.
        case invalid
    }

    /// The time `milliseconds` after the Unix epoch as ISO 8601 UTC; years outside 0…9999 (only
    /// from a foreign database) are written with a sign, as ISO 8601's expanded form has them.
    public static func string(milliseconds: Int64) -> String {
        let (days, inDay) = floorDivision(milliseconds, by: millisecondsPerDay)
        let (year, month, day) = civil(daysSinceEpoch: days)
        let yearText: String
        if (0...9999).contains(year) {
            yearText = digits(year, 4)
        } else {
            yearText = (year < 0 ? "-" : "+") + digits(year.magnitude, 4)
        }
        let seconds = inDay / 1000
        return yearText + "-" + digits(month, 2) + "-" + digits(day, 2) + "T" + digits(seconds / 3600, 2) + ":"
            + digits(seconds / 60 % 60, 2) + ":" + digits(seconds % 60, 2) + "." + digits(inDay % 1000, 3) + "Z"
    }

    /// Parses ISO 8601 with or without fractional seconds (any offset); `nil` when it is not one
    /// or lies outside `range`.
    public static func milliseconds(from text: String) -> Int64? {
        if case .time(let milliseconds) = parse(text) { return milliseconds }
        return nil
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (RFC 3339: `t` or a space may stand for
    /// `T`, `z` for `Z`; the offset's colon may be left out; a year may carry a sign and more
    /// digits, so that far-off years are named out of range rather than malformed). Fractions are
    /// rounded to the millisecond.
    public static func parse(_ text: String) -> Parsed {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumTextBytes else { return .invalid }
        var reader = Reader(bytes: bytes)
        let negativeYear = reader.take("-")
        let signedYear = negativeYear || reader.take("+")
        guard let yearDigits = reader.number(minimumDigits: 4, maximumDigits: signedYear ? 12 : 4) else { return .invalid }
        let year = negativeYear ? -yearDigits : yearDigits
        guard reader.take("-"), let month = reader.number(digits: 2), reader.take("-"), let day = reader.number(digits: 2) else {
            return .invalid
        }
        guard reader.take("T") || reader.take("t") || reader.take(" ") else { return .invalid }
        guard let hour = reader.number(digits: 2), reader.take(":"), let minute = reader.number(digits: 2), reader.take(":"),
            let second = reader.number(digits: 2)
        else { return .invalid }
        var fraction: Int64 = 0
        if reader.take(".") || reader.take(",") {
            guard let (value, count) = reader.fraction() else { return .invalid }
            fraction = value
            // Rounded half up at the fourth digit; further digits cannot change the millisecond.
            if count > 3 { fraction = (fraction + 5) / 10 } else { fraction *= [100, 10, 1][count - 1] }
        }
        var offsetMinutes: Int64 = 0
        if reader.take("Z") || reader.take("z") {
            offsetMinutes = 0
        } else if let sign = reader.sign() {
            guard let hours = reader.number(digits: 2) else { return .invalid }
            _ = reader.take(":")
            guard let minutes = reader.number(digits: 2), hours <= 23, minutes <= 59 else { return .invalid }
            offsetMinutes = sign * (hours * 60 + minutes)
        } else {
            return .invalid
        }
        guard reader.atEnd else { return .invalid }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: Int(month), year: Int(year)), hour <= 23,
            minute <= 59, second <= 59
        else { return .invalid }
        // A year this far off is out of range whatever its day; below it nothing can overflow.
        guard year.magnitude <= maximumArithmeticYear else { return .outOfRange }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let local = days * millisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1000 + fraction
        let utc = local - offsetMinutes * 60_000
        return range.contains(utc) ? .time(utc) : .outOfRange
    }

    /// Milliseconds since the epoch now.
    public static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    /// The UTC time of `milliseconds` for file names, `yyyy-MM-ddTHHmmssZ` (`history.db.corrupt-…`).
    public static func fileStamp(milliseconds: Int64) -> String {
        let text = string(milliseconds: milliseconds)
        guard let dot = text.lastIndex(of: ".") else { return text }
        return String(text[..<dot]).replacingOccurrences(of: ":", with: "") + "Z"
    }

    /// `value` divided by `divisor` rounded down, and the non-negative remainder.
    static func floorDivision(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivision(y, by: 400).quotient
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, by: 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `value` in decimal, zero-padded to `width` digits.
    static func digits<N: BinaryInteger>(_ value: N, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Reads a time's ASCII text front to back.
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// Consumes `character` when it comes next.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// `+1` or `-1` for a sign (ASCII `+`, `-` or U+2212 MINUS SIGN), consumed.
        mutating func sign() -> Int64? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            if bytes[index...].starts(with: [0xE2, 0x88, 0x92]) {
                index += 3
                return -1
            }
            return nil
        }

        /// Exactly `digits` decimal digits (what follows is for the caller to check).
        mutating func number(digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<(index + digits)] {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + digit
            }
            index += digits
            return value
        }

        /// Between `minimumDigits` and `maximumDigits` decimal digits, and no digit after them.
        mutating func number(minimumDigits: Int, maximumDigits: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while index < bytes.count, count < maximumDigits, let digit = Self.digit(bytes[index]) {
                value = value * 10 + digit
                count += 1
                index += 1
            }
            if index < bytes.count, Self.digit(bytes[index]) != nil { return nil }
            return count >= minimumDigits ? value : nil
        }

        /// One or more fraction digits: the first four as a number, and how many of them there were.
        mutating func fraction() -> (value: Int64, count: Int)? {
            var value: Int64 = 0
            var count = 0
            while index < bytes.count, let digit = Self.digit(bytes[index]) {
                if count < 4 {
                    value = value * 10 + digit
                    count += 1
                }
                index += 1
            }
            return count > 0 ? (value, count) : nil
        }

        static func digit(_ byte: UInt8) -> Int64? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
        }
    }
}
