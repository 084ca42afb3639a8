// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Events: title, start and end with their zone (or all-day), place and description;
/// "Save Event…" and "Add to Calendar".
extension ResultPage {
    /// Builds the event view; returns the title (else the start) as the main value.
    ///
    /// "Add to Calendar" (the desktop's application for `text/calendar`) is the main action, else
    /// "Save Event…" (an `.ics` file), which otherwise sits beside it.
    func buildEvent(_ event: CalendarEvent, into page: Sections) -> CopiedValue {
        page.heading(tr("Event"), icon: ResultPage.icon(for: .content(.event)), subject: event.summary.isEmpty ? nil : event.summary)
        var fields: [Field] = []
        if !event.summary.isEmpty {
            fields.append(
                Field(caption: trc("calendar event", "Title"), value: event.summary, copyLabel: trc("calendar event", "Copy Title")))
        }
        if let start = event.start {
            fields.append(Field(caption: tr("Starts"), value: ResultPage.describe(start), copyLabel: tr("Copy Start")))
        }
        if let end = event.shownEnd {
            fields.append(Field(caption: tr("Ends"), value: ResultPage.describe(end), copyLabel: tr("Copy End")))
        }
        fields.add(tr("Place"), event.location, tr("Copy Place"), multiline: true)
        fields.add(tr("Description"), event.description, tr("Copy Description"), multiline: true)
        page.addToBody(fieldList(fields))
        // The file holds the event as shown here: no recurrence, alarm or other event of the payload.
        let file = ContentExport.iCalendarFile(event, stamp: Int64(g_get_real_time() / 1_000_000))
        let fileName = ContentExport.fileName(event.summary, fallback: "event", extension: "ics")
        let add = handlerButton(
            tr("Add to Calendar"), icon: "x-office-calendar-symbolic", contents: file, fileName: fileName, mimeType: "text/calendar",
            missing: tr("No calendar app is installed to add the event."), page: page)
        if let add { page.addAction(add) }
        addSaveAction(
            tr("Save Event…"), contents: file,
            request: SaveRequest(
                title: tr("Save Event"), suggestedName: fileName, mimeType: "text/calendar", filterName: tr("Calendar files")), to: page)
        let main = event.summary.isEmpty ? event.start.map(ResultPage.describe) ?? "" : event.summary
        return CopiedValue(text: main, confirmation: tr("Event copied"))
    }

    /// A date or time in the person's locale and clock, with its zone: "Dec 24, 2026 (all day)",
    /// "Dec 24, 2026 18:00 (Europe/Berlin)", "… (local time)" for floating times.
    static func describe(_ time: CalendarTime) -> String {
        guard
            let (date, clock) = DateTimeText.calendar(
                year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, dateOnly: time.isDate)
        else { return time.iso8601 }
        if time.isDate { return tr("{date} (all day)", ["date": date]) }
        guard let zone = time.zoneName else { return tr("{date} {time} (local time)", ["date": date, "time": clock]) }
        return tr("{date} {time} ({zone})", ["date": date, "time": clock, "zone": visible(zone, multiline: false)])
    }
}
