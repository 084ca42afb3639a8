// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// What is handed to another application is what the page showed: each payload hides something
/// (a second card, a recurrence, alarms, more events, a UID of an event already in the calendar,
/// a property the page does not show) and the file written from it must not carry it.
@Suite("Hand-offs carry only what the page showed")
struct HandOffContentTests {
    /// A payload, what its file must hold, and what it must not.
    static let contacts: [(payload: String, holds: [String], hides: [String])] = [
        (
            "BEGIN:VCARD\nVERSION:3.0\nFN:Jane Roe\nTEL:+15550100\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:Your Bank – Fraud Desk\nTEL:+15550199\nEND:VCARD",
            ["FN:Jane Roe\r\n", "TEL:+15550100\r\n"], ["Fraud Desk", "+15550199"]
        ),
        (
            "BEGIN:VCARD\nVERSION:4.0\nFN:Ann\nX-CUSTOM:secret\nPHOTO;VALUE=uri:https://tracker.example/p.png\nKEY:data:x\nEND:VCARD",
            ["FN:Ann\r\n"], ["X-CUSTOM", "tracker.example", "KEY"]
        ),
        (
            "BEGIN:VCARD\nVERSION:3.0\nFN:Ann\nBEGIN:VCARD\nFN:Nested\nEND:VCARD\nEND:VCARD",
            ["FN:Ann\r\n"], ["Nested"]
        ),
    ]

    @Test("contacts", arguments: contacts.indices)
    func contact(_ index: Int) throws {
        let row = Self.contacts[index]
        guard case .contact(let contact) = ContentParser.parse(row.payload) else {
            Issue.record("not a contact: \(row.payload)")
            return
        }
        let file = try #require(ContentExport.vCardFile(contact))
        for text in row.holds { #expect(file.contains(text), "\(file)") }
        for text in row.hides { #expect(!file.contains(text), "\(text) rode along: \(file)") }
        #expect(file.components(separatedBy: "BEGIN:VCARD").count == 2, "one card")
    }

    static let events: [(payload: String, holds: [String], hides: [String])] = [
        (
            """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:existing-meeting@bank.example
            SUMMARY:Dentist
            DTSTART:20260710T090000Z
            RRULE:FREQ=DAILY;COUNT=5000
            BEGIN:VALARM
            ACTION:AUDIO
            TRIGGER:-PT1M
            ATTACH:https://evil.example/ring.mp3
            END:VALARM
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:Hidden second event
            DTSTART:20260711T090000Z
            END:VEVENT
            BEGIN:VTODO
            SUMMARY:Hidden task
            END:VTODO
            END:VCALENDAR
            """,
            ["SUMMARY:Dentist\r\n", "DTSTART:20260710T090000Z\r\n"],
            ["RRULE", "VALARM", "evil.example", "Hidden", "VTODO", "existing-meeting", "ATTENDEE"]
        ),
        (
            "BEGIN:VEVENT\nSUMMARY:Party\nDTSTART;TZID=Europe/Berlin:20260710T190000\nDURATION:PT3H\nATTENDEE:mailto:boss@example.org\nORGANIZER:mailto:ceo@example.org\nEND:VEVENT",
            ["DTSTART;TZID=Europe/Berlin:20260710T190000\r\n", "DTEND;TZID=Europe/Berlin:20260710T220000\r\n"],
            ["ATTENDEE", "ORGANIZER", "DURATION"]
        ),
        (
            "BEGIN:VEVENT\nSUMMARY:Hi\\nRRULE:FREQ=DAILY\nDESCRIPTION:a\\r\\nBEGIN:VALARM\nDTSTART:20260710T090000Z\nEND:VEVENT",
            ["SUMMARY:Hi\\nRRULE:FREQ=DAILY\r\n"], ["\r\nRRULE", "\r\nBEGIN:VALARM"]
        ),
        (
            "BEGIN:VEVENT\nSUMMARY:Holiday\nDTSTART;VALUE=DATE:20261224\nEND:VEVENT",
            ["DTSTART;VALUE=DATE:20261224\r\n", "DTEND;VALUE=DATE:20261225\r\n"], []
        ),
        (
            "BEGIN:VEVENT\nSUMMARY:Prefixed zone\nDTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260710T190000\nEND:VEVENT",
            ["DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260710T190000\r\n"], []
        ),
    ]

    @Test("events", arguments: events.indices)
    func event(_ index: Int) {
        let row = Self.events[index]
        guard case .event(let event) = ContentParser.parse(row.payload) else {
            Issue.record("not an event: \(row.payload)")
            return
        }
        let file = ContentExport.iCalendarFile(event, stamp: 1_798_761_600)
        for text in row.holds { #expect(file.contains(text), "\(file)") }
        for text in row.hides { #expect(!file.contains(text), "\(text) rode along: \(file)") }
        #expect(file.components(separatedBy: "BEGIN:VEVENT").count == 2, "one event")
        #expect(file.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        #expect(file.contains("DTSTAMP:20270101T000000Z\r\n"))
    }

    @Test("zone names are quoted when they must be, and written as floating times when no parameter can hold them")
    func zones() {
        func start(_ zone: String) -> String {
            ContentExport.property("DTSTART", CalendarTime(year: 2026, month: 7, day: 10, hour: 19, zone: .named(zone)))
        }
        #expect(start("Europe/Berlin") == "DTSTART;TZID=Europe/Berlin:20260710T190000")
        #expect(start("A;B:C,D") == "DTSTART;TZID=\"A;B:C,D\":20260710T190000")
        #expect(start("A\"B") == "DTSTART:20260710T190000")
        #expect(start("A\r\nRRULE:FREQ=DAILY") == "DTSTART:20260710T190000")
        #expect(start("") == "DTSTART:20260710T190000")
    }

    @Test("long lines are folded at 75 octets, never inside a character")
    func folding() {
        let event = CalendarEvent(summary: String(repeating: "扫码", count: 40), description: String(repeating: "x", count: 200))
        let file = ContentExport.iCalendarFile(event, stamp: 0)
        for line in file.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
        let unfolded = file.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:" + String(repeating: "扫码", count: 40) + "\r\n"))
        #expect(unfolded.contains("DESCRIPTION:" + String(repeating: "x", count: 200) + "\r\n"))
    }

    @Test(
        "stamps",
        arguments: [
            (0, "19700101T000000Z"), (951_782_400, "20000229T000000Z"), (1_798_761_599, "20261231T235959Z"), (-1, "19691231T235959Z"),
        ])
    func stamps(seconds: Int64, text: String) {
        #expect(ContentExport.utcStamp(seconds) == text)
    }
}
