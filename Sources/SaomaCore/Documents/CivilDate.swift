// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A day of the proleptic Gregorian calendar, without time or zone: what documents print as a
/// date of birth, an expiry or a flight's day.
///
/// Pure arithmetic (no `Calendar`, except `today()`): the same answer on every machine and in
/// every time zone.
public struct CivilDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    /// 1…12.
    public let month: Int
    /// 1…31, valid for the month and year.
    public let day: Int

    /// The date, or `nil` when the month or day does not exist (30 February, month 13) or the
    /// year lies outside 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// A date known to exist.
    private init(validYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// 1 January 1970, the Unix epoch's day.
    public static let unixEpoch = CivilDate(validYear: 1970, month: 1, day: 1)

    /// The day it is now in the local time zone: the scan date of what is read now (the only
    /// member that reads the clock; everything else is pure).
    public static func today() -> CivilDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return unixEpoch }
        return CivilDate(year: year, month: month, day: day) ?? unixEpoch
    }

    /// Day `dayOfYear` (1 = 1 January) of `year`, or `nil` when the year has no such day (366 in
    /// a common year).
    public init?(year: Int, dayOfYear: Int) {
        guard (1...9999).contains(year), dayOfYear >= 1, dayOfYear <= CivilDate.daysIn(year: year) else { return nil }
        var month = 1
        var remaining = dayOfYear
        while remaining > CivilDate.daysIn(month: month, year: year) {
            remaining -= CivilDate.daysIn(month: month, year: year)
            month += 1
        }
        self.year = year
        self.month = month
        self.day = remaining
    }

    /// Whether `year` has 29 February.
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// 365 or 366.
    public static func daysIn(year: Int) -> Int { isLeap(year) ? 366 : 365 }

    /// The number of days in `month` (1…12) of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 1 for 1 January … 365 or 366 for 31 December.
    public var dayOfYear: Int {
        (1..<month).reduce(day) { $0 + CivilDate.daysIn(month: $1, year: year) }
    }

    /// Days since 1 January of year 1 (day 0): a count that differences and orders dates.
    public var dayNumber: Int {
        let previous = year - 1
        return previous * 365 + previous / 4 - previous / 100 + previous / 400 + dayOfYear - 1
    }

    /// The date `days` days later (earlier when negative), `nil` outside years 1…9999.
    public func adding(days: Int) -> CivilDate? {
        var year = self.year
        var ordinal = dayOfYear + days
        while ordinal < 1 {
            year -= 1
            guard year >= 1 else { return nil }
            ordinal += CivilDate.daysIn(year: year)
        }
        while ordinal > CivilDate.daysIn(year: year) {
            ordinal -= CivilDate.daysIn(year: year)
            year += 1
            guard year <= 9999 else { return nil }
        }
        return CivilDate(year: year, dayOfYear: ordinal)
    }

    /// ISO 8601 (`2025-11-22`).
    public var iso8601: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    public var description: String { iso8601 }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}
