// SPDX-License-Identifier: GPL-3.0-or-later

/// The files "Save Contact…", "Open in Contacts", "Save Event…" and "Add to Calendar" hand over:
/// a vCard (`text/vcard`) and an iCalendar file (`text/calendar`), CRLF line ends as both
/// formats require.
///
/// Each file holds exactly what the result page showed, written afresh from the parsed fields,
/// never the payload as scanned: a payload may carry a second, hidden card ("Your Bank – Fraud
/// Desk"), a recurrence rule, alarms, more events, or a `UID` chosen to replace an event already
/// in the person's calendar, and none of that was on the page.
public enum ContentExport {
    /// A vCard 3.0 of the contact as the page shows it (name, organization, title, phones,
    /// e-mail addresses, websites, address, note), whatever the payload's format.
    ///
    /// vCard 3.0 requires a formatted name: a card without one is named by its organization,
    /// e-mail or phone number, whichever comes first; `nil` when it has none of these.
    public static func vCardFile(_ contact: Contact) -> String? {
        var named = contact
        if named.name.isEmpty {
            named.name = [contact.organization, contact.emails.first ?? "", contact.phones.first ?? ""].first { !$0.isEmpty } ?? ""
        }
        return try? ContentTemplates.vcard(named)
    }

    /// Product identifier written into the iCalendar files Saoma writes.
    static let productIdentifier = "-//Saoma//Saoma//EN"

    /// An iCalendar file with one event as the page shows it: title, start, end (with their
    /// zones, or as whole days), place and description; no recurrence, alarm or other component.
    /// `stamp` (seconds since 1970, UTC) is when the file is made (`DTSTAMP`); the `UID` is
    /// derived from the shown fields, so the same code added twice is the same event, and no
    /// payload can name an event already in the calendar.
    public static func iCalendarFile(_ event: CalendarEvent, stamp: Int64) -> String {
        var properties: [String] = []
        if !event.summary.isEmpty { properties.append("SUMMARY:" + ContentTemplates.escapeVCard(event.summary)) }
        if let start = event.start { properties.append(property("DTSTART", start)) }
        if let end = event.end { properties.append(property("DTEND", end)) }
        if !event.location.isEmpty { properties.append("LOCATION:" + ContentTemplates.escapeVCard(event.location)) }
        if !event.description.isEmpty { properties.append("DESCRIPTION:" + ContentTemplates.escapeVCard(event.description)) }
        let digest = SHA.sha256Digest(Array(properties.joined(separator: "\r\n").utf8))
        let uid = Symbol.hex(Array(digest.prefix(16))) + "@saoma"
        let lines =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productIdentifier, "BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:" + utcStamp(stamp)]
            + properties + ["END:VEVENT", "END:VCALENDAR"]
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// `DTSTART`/`DTEND` for `time`: a date, a UTC or floating time, or a time in a named zone
    /// (`TZID` quoted when it holds `;`, `:` or `,`; a name no parameter can hold is written as
    /// a floating time).
    static func property(_ name: String, _ time: CalendarTime) -> String {
        let date = CalendarTime.padded(time.year, 4) + CalendarTime.padded(time.month, 2) + CalendarTime.padded(time.day, 2)
        if time.isDate { return name + ";VALUE=DATE:" + date }
        let value =
            date + "T" + CalendarTime.padded(time.hour, 2) + CalendarTime.padded(time.minute, 2) + CalendarTime.padded(time.second, 2)
        switch time.zone {
        case .floating: return name + ":" + value
        case .utc: return name + ":" + value + "Z"
        case .named(let zone):
            guard !zone.isEmpty, !zone.unicodeScalars.contains(where: { $0 == "\"" || $0.value < 0x20 || $0.value == 0x7F }) else {
                return name + ":" + value
            }
            let quoted = zone.unicodeScalars.contains { $0 == ";" || $0 == ":" || $0 == "," } ? "\"" + zone + "\"" : zone
            return name + ";TZID=" + quoted + ":" + value
        }
    }

    /// `seconds` since 1970 as an iCalendar UTC date-time (`20261224T180000Z`).
    static func utcStamp(_ seconds: Int64) -> String {
        let (days, second) = HistoryTime.floorDivision(seconds, by: 86400)
        let (year, month, day) = HistoryTime.civil(daysSinceEpoch: days)
        let secondOfDay = Int(second)
        return CalendarTime.padded(Int(year), 4) + CalendarTime.padded(Int(month), 2) + CalendarTime.padded(Int(day), 2) + "T"
            + CalendarTime.padded(secondOfDay / 3600, 2) + CalendarTime.padded(secondOfDay / 60 % 60, 2)
            + CalendarTime.padded(secondOfDay % 60, 2) + "Z"
    }

    /// Longest line written, in octets (RFC 5545 §3.1); longer ones continue on lines that start
    /// with a space, never inside a UTF-8 sequence.
    static let maximumLineOctets = 75

    /// `line` folded at `maximumLineOctets` octets.
    static func folded(_ line: String) -> String {
        var out = String.UnicodeScalarView()
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > maximumLineOctets {
                out.append(contentsOf: "\r\n ".unicodeScalars)
                octets = 1
            }
            out.append(scalar)
            octets += size
        }
        return String(out)
    }

}

extension ContentExport {
    /// Longest file-name stem offered, in characters.
    static let maximumStemLength = 60

    /// A file name for saving (`Team dinner.ics`) from a payload's `title`: path separators,
    /// control and invisible characters removed, leading dots dropped, at most 60 characters;
    /// `fallback` when nothing is left.
    public static func fileName(_ title: String, fallback: String, extension ext: String) -> String {
        var stem = String.UnicodeScalarView()
        for s in title.unicodeScalars {
            if s == "/" || s == "\\" || s.value < 0x20 || (0x7F...0x9F).contains(s.value) || URLSafety.isInvisible(s) {
                continue
            }
            if stem.isEmpty && (s == "." || s == " ") { continue }
            stem.append(s)
            if stem.count >= maximumStemLength { break }
        }
        let trimmed = ContentParser.trimmingSpace(String(stem))
        return (trimmed.isEmpty ? fallback : trimmed) + "." + ext
    }
}
