// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// An event from an iCalendar payload (`BEGIN:VEVENT`, bare or in a `VCALENDAR`).
public struct CalendarEvent: Hashable, Sendable {
    public var summary: String
    /// When it starts; `nil` when the code gives no readable `DTSTART`.
    public var start: CalendarTime?
    /// When it ends (`DTEND`, or `DTSTART` + `DURATION`); `nil` when the code gives neither.
    public var end: CalendarTime?
    public var location: String = ""
    public var description: String = ""
    /// The scanned payload, unfolded lines joined with CRLF: what "Save Event…" writes.
    public var source: String = ""

    /// Whether the event takes whole days (`DTSTART;VALUE=DATE:…`).
    public var isAllDay: Bool { start?.isDate ?? false }

    /// The end as people say it: for all-day events the last day (iCalendar's end is the day
    /// after), `nil` when that is the start day; otherwise `end`.
    public var shownEnd: CalendarTime? {
        guard isAllDay, let end else { return end }
        let lastDay = end.adding(seconds: -86400)
        return lastDay == start ? nil : lastDay
    }
}

/// A date or date-time of iCalendar (RFC 5545 §3.3.4–5): floating, UTC or in a named zone.
public struct CalendarTime: Hashable, Sendable {
    public enum Zone: Hashable, Sendable {
        /// No zone: the same wall-clock time wherever one is.
        case floating
        /// UTC (`…Z`).
        case utc
        /// An Olson name from `TZID=` (`Europe/Berlin`), as written.
        case named(String)
    }

    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// A whole day (`VALUE=DATE`): no time of day, no zone.
    public var isDate: Bool
    public var zone: Zone

    public init(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, isDate: Bool = false, zone: Zone = .floating
    ) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
        self.isDate = isDate
        self.zone = isDate ? .floating : zone
    }

    /// The zone's offset from UTC at this time, in seconds: 0 for UTC, from the system's time
    /// zone database for a named zone it knows, `nil` for floating times and unknown names.
    public var utcOffsetSeconds: Int? {
        switch zone {
        case .floating: return nil
        case .utc: return 0
        case .named(let name):
            guard let timeZone = CalendarTime.timeZone(named: name) else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
            guard let date = calendar.date(from: components) else { return nil }
            return timeZone.secondsFromGMT(for: date)
        }
    }

    /// The zone for a `TZID`: the name itself, or the `Area/City` at the end of a prefixed one
    /// (`/mozilla.org/20050126_1/Europe/Berlin`).
    static func timeZone(named name: String) -> TimeZone? {
        guard name.utf8.count <= 128 else { return nil }
        if let zone = TimeZone(identifier: name) { return zone }
        let parts = name.split(separator: "/")
        guard parts.count > 2 else { return nil }
        return TimeZone(identifier: parts.suffix(2).joined(separator: "/"))
    }

    /// ISO 8601: `2026-12-24` for a day, `2026-12-24T18:00:00` for a floating time, with `Z` or
    /// `+01:00` when the zone is known.
    public var iso8601: String {
        let date = "\(CalendarTime.padded(year, 4))-\(CalendarTime.padded(month, 2))-\(CalendarTime.padded(day, 2))"
        if isDate { return date }
        let time = date + "T\(CalendarTime.padded(hour, 2)):\(CalendarTime.padded(minute, 2)):\(CalendarTime.padded(second, 2))"
        if zone == .utc { return time + "Z" }
        guard let offset = utcOffsetSeconds else { return time }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return time + sign + CalendarTime.padded(minutes / 60, 2) + ":" + CalendarTime.padded(minutes % 60, 2)
    }

    /// The zone's name for display: `UTC`, the `TZID`, or `nil` for floating times and days.
    public var zoneName: String? {
        switch zone {
        case .floating: nil
        case .utc: "UTC"
        case .named(let name): name
        }
    }

    /// This time moved by `seconds` of wall-clock time (days and hours as on a calendar), same zone.
    func adding(seconds: Int) -> CalendarTime? {
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        guard let date = calendar.date(from: components) else { return nil }
        let moved = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date.addingTimeInterval(Double(seconds)))
        guard let y = moved.year, let mo = moved.month, let d = moved.day, let h = moved.hour, let mi = moved.minute, let s = moved.second
        else { return nil }
        return CalendarTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s, isDate: isDate, zone: zone)
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
