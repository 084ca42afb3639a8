// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One iCalendar case: the payload and the event's fields as ISO 8601 (`nil` = not an event).
struct EventCase: CustomTestStringConvertible, Sendable {
    let text: String
    let summary: String?
    let start: String?
    let end: String?
    var allDay = false
    var location = ""
    var description = ""
    var testDescription: String { String(text.debugDescription.prefix(80)) }
}

@Suite("Content parser: iCalendar events")
struct ContentEventTests {
    static let cases: [EventCase] = [
        EventCase(
            text: "BEGIN:VEVENT\r\nSUMMARY:Launch\r\nDTSTART:20261224T180000Z\r\nDTEND:20261224T200000Z\r\nEND:VEVENT",
            summary: "Launch", start: "2026-12-24T18:00:00Z", end: "2026-12-24T20:00:00Z"),
        EventCase(
            text: """
                BEGIN:VCALENDAR
                VERSION:2.0
                PRODID:-//Example//EN
                BEGIN:VEVENT
                UID:1@example.org
                SUMMARY:Team dinner\\, with partners
                DTSTART;TZID=Europe/Berlin:20260710T190000
                DTEND;TZID=Europe/Berlin:20260710T223000
                LOCATION:Gasthaus\\; Hof 3
                DESCRIPTION:Line one\\nLine two
                BEGIN:VALARM
                DESCRIPTION:Reminder
                TRIGGER:-PT15M
                END:VALARM
                END:VEVENT
                END:VCALENDAR
                """,
            summary: "Team dinner, with partners", start: "2026-07-10T19:00:00+02:00", end: "2026-07-10T22:30:00+02:00",
            location: "Gasthaus; Hof 3", description: "Line one\nLine two"),
        // Winter time in the same zone: the offset comes from the zone database, not a constant.
        EventCase(
            text: "BEGIN:VEVENT\nSUMMARY:Winter\nDTSTART;TZID=\"Europe/Berlin\":20260110T090000\nEND:VEVENT",
            summary: "Winter", start: "2026-01-10T09:00:00+01:00", end: nil),
        EventCase(
            text: "BEGIN:VEVENT\nSUMMARY:Floating\nDTSTART:20260301T083000\nDURATION:PT1H30M\nEND:VEVENT",
            summary: "Floating", start: "2026-03-01T08:30:00", end: "2026-03-01T10:00:00"),
        EventCase(
            text: "BEGIN:VEVENT\nSUMMARY:Holiday\nDTSTART;VALUE=DATE:20261231\nEND:VEVENT",
            summary: "Holiday", start: "2026-12-31", end: "2027-01-01", allDay: true),
        EventCase(
            text: "BEGIN:VEVENT\nSUMMARY:Camp\nDTSTART;VALUE=DATE:20260228\nDURATION:P2D\nEND:VEVENT",
            summary: "Camp", start: "2026-02-28", end: "2026-03-02", allDay: true),
        // Folded lines (a space or tab continues the line before).
        EventCase(
            text: "BEGIN:VEVENT\r\nSUMMARY:A very long\r\n  title\r\nLOCATION:Room\r\n\t42\r\nDTSTART:20260101T000000Z\r\nEND:VEVENT",
            summary: "A very long title", start: "2026-01-01T00:00:00Z", end: nil, location: "Room42"),
        // An unknown zone name keeps the wall-clock time without a made-up offset.
        EventCase(
            text: "BEGIN:VEVENT\nSUMMARY:Outlook\nDTSTART;TZID=W. Europe Standard Time:20260601T100000\nEND:VEVENT",
            summary: "Outlook", start: "2026-06-01T10:00:00", end: nil),
        EventCase(
            text: "BEGIN:VEVENT\nSUMMARY:Prefixed zone\nDTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20260601T100000\nEND:VEVENT",
            summary: "Prefixed zone", start: "2026-06-01T10:00:00-04:00", end: nil),
        // Malformed dates are absent, never guessed.
        EventCase(
            text: "BEGIN:VEVENT\nSUMMARY:Bad date\nDTSTART:20261301T100000Z\nDTEND:2026-12-01\nEND:VEVENT", summary: "Bad date",
            start: nil, end: nil),
        EventCase(text: "BEGIN:VEVENT\nSUMMARY:Feb 30\nDTSTART:20260230\nEND:VEVENT", summary: "Feb 30", start: nil, end: nil),
        EventCase(text: "BEGIN:VEVENT\nDTSTART:20260229T250000\nEND:VEVENT", summary: nil, start: nil, end: nil),
        EventCase(text: "BEGIN:VEVENT\nDTSTART:20280229T235960\nEND:VEVENT", summary: "", start: "2028-02-29T23:59:60", end: nil),
        EventCase(text: "BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR", summary: nil, start: nil, end: nil),
        EventCase(text: "BEGIN:VEVENT\nEND:VEVENT", summary: nil, start: nil, end: nil),
        EventCase(text: "BEGIN:VEVENT", summary: nil, start: nil, end: nil),
        EventCase(text: "BEGIN:VTODO\nSUMMARY:x\nEND:VTODO", summary: nil, start: nil, end: nil),
        EventCase(
            text: "BEGIN:VEVENT\nSUMMARY:<b>bold</b>\u{7}\nDTSTART:20260101\nDURATION:PXYZ\nEND:VEVENT", summary: "<b>bold</b>\u{7}",
            start: "2026-01-01", end: "2026-01-02", allDay: true),
    ]

    @Test("events", arguments: cases)
    func parsesEvents(_ c: EventCase) {
        guard case .event(let event) = ContentParser.parse(c.text) else {
            #expect(c.summary == nil, "not read as an event")
            return
        }
        #expect(event.summary == c.summary)
        #expect(event.start?.iso8601 == c.start)
        #expect(event.end?.iso8601 == c.end)
        #expect(event.isAllDay == c.allDay)
        #expect(event.location == c.location)
        #expect(event.description == c.description)
    }

    @Test("the source keeps every line, unfolded, with CRLF")
    func sourceIsUnfolded() {
        guard case .event(let event) = ContentParser.parse("BEGIN:VEVENT\nSUMMARY:A\n b\nDTSTART:20260101\nEND:VEVENT\n\n") else {
            Issue.record("not an event")
            return
        }
        #expect(event.source == "BEGIN:VEVENT\r\nSUMMARY:Ab\r\nDTSTART:20260101\r\nEND:VEVENT\r\n")
    }

    @Test("durations", arguments: [("PT1H30M", 5400), ("P1D", 86400), ("P2W", 1_209_600), ("-PT15M", -900), ("P1DT1S", 86401)])
    func durations(_ row: (String, Int)) {
        #expect(ContentParser.durationSeconds(row.0) == row.1)
    }

    @Test("malformed durations", arguments: ["", "P", "PT", "1H", "PT1D", "P1H", "PT99999999999H", "P1.5D", "PT1H2"])
    func malformedDurations(_ text: String) {
        #expect(ContentParser.durationSeconds(text) == nil)
    }
}

@Suite("Content export: vCard and iCalendar files")
struct ContentExportTests {
    @Test("an event is written afresh: one VEVENT in a VCALENDAR, with a UID from its fields and the stamp given")
    func calendarFiles() {
        let event = CalendarEvent(
            summary: "x", start: CalendarTime(year: 2026, month: 1, day: 1, hour: 10, zone: .utc),
            source: "BEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\n")
        let file = ContentExport.iCalendarFile(event, stamp: 1_798_761_600)
        let uid = Symbol.hex(Array(SHA.sha256Digest(Array("SUMMARY:x\r\nDTSTART:20260101T100000Z".utf8)).prefix(16))) + "@saoma"
        #expect(
            file
                == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Saoma//Saoma//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20270101T000000Z\r\n"
                + "SUMMARY:x\r\nDTSTART:20260101T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        #expect(ContentExport.iCalendarFile(event, stamp: 0) != file, "the stamp is the time given")
    }

    @Test("a contact is written afresh as vCard 3.0, whatever the payload's format")
    func contactFiles() {
        let mecard = "MECARD:N:Roe,Jane;TEL:+15550100;EMAIL:jane@example.org;NOTE:a\\;b;;"
        guard case .contact(let contact) = ContentParser.parse(mecard) else {
            Issue.record("not a contact")
            return
        }
        #expect(
            ContentExport.vCardFile(contact)
                == "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Jane Roe;;;;\r\nFN:Jane Roe\r\nTEL:+15550100\r\nEMAIL;TYPE=INTERNET:jane@example.org\r\nNOTE:a\\;b\r\nEND:VCARD\r\n"
        )
        #expect(ContentExport.vCardFile(Contact(name: "Ann")) == "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ann;;;;\r\nFN:Ann\r\nEND:VCARD\r\n")
        #expect(ContentExport.vCardFile(Contact(name: "", phones: ["123"]))?.contains("FN:123\r\n") == true)
        #expect(ContentExport.vCardFile(Contact(name: "", note: "x")) == nil)
    }

    @Test(
        "file names from payload titles are safe",
        arguments: [
            ("Team dinner", "Team dinner.ics"), ("../../etc/passwd", "etcpasswd.ics"), ("", "event.ics"), ("...", "event.ics"),
            ("a\u{0}b\u{1B}[31m\u{202E}c", "ab[31mc.ics"), ("  .hidden", "hidden.ics"),
            (String(repeating: "x", count: 300), String(repeating: "x", count: 60) + ".ics"),
            ("日程/会议", "日程会议.ics"),
        ])
    func fileNames(_ row: (String, String)) {
        #expect(ContentExport.fileName(row.0, fallback: "event", extension: "ics") == row.1)
    }
}
