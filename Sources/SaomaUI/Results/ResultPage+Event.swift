// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Events: title, start and end with their zone (or all-day), place and description;
/// "Save Event…" and "Add to Calendar".
extension ResultPage {
    /// Builds the event view; returns the title (else the start) as the main value.
    func buildEvent(_ event: CalendarEvent, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_box_append(gcast(box), ResultPage.heading(tr("Event"), icon: "x-office-calendar-symbolic"))
        var fields: [Field] = []
        if !event.summary.isEmpty { fields.append(Field(caption: tr("Title"), value: event.summary, copyLabel: tr("Copy Title"))) }
        if let start = event.start {
            fields.append(Field(caption: tr("Starts"), value: ResultPage.describe(start), copyLabel: tr("Copy Start")))
        }
        if let end = event.shownEnd {
            fields.append(Field(caption: tr("Ends"), value: ResultPage.describe(end), copyLabel: tr("Copy End")))
        }
        if !event.location.isEmpty {
            fields.append(Field(caption: tr("Place"), value: event.location, multiline: true, copyLabel: tr("Copy Place")))
        }
        if !event.description.isEmpty {
            fields.append(Field(caption: tr("Description"), value: event.description, multiline: true, copyLabel: tr("Copy Description")))
        }
        gtk_box_append(gcast(box), fieldList(fields))

        // The file holds the event as shown here: no recurrence, alarm or other event of the payload.
        let file = ContentExport.iCalendarFile(event, stamp: Int64(g_get_real_time() / 1_000_000))
        let fileName = ContentExport.fileName(event.summary, fallback: "event", extension: "ics")
        let save = ResultPage.button(tr("Save Event…"), icon: "document-save-symbolic")
        let request = SaveRequest(
            title: tr("Save Event"), suggestedName: fileName, mimeType: "text/calendar", filterName: tr("Calendar files"))
        onClicked(save) { [weak self] in self?.save(file, request: request) }
        gtk_box_append(gcast(box), ResultPage.buttonRow([save]))
        let add = handlerButton(
            tr("Add to Calendar"), icon: "x-office-calendar-symbolic", contents: file, fileName: fileName, mimeType: "text/calendar",
            missing: tr("No calendar app is installed to add the event."))
        gtk_box_append(gcast(box), ResultPage.centered(add))
        return event.summary.isEmpty ? event.start.map(ResultPage.describe) ?? "" : event.summary
    }

    /// A date or time in the person's locale, with its zone: "24/12/26 (all day)",
    /// "24/12/26 18:00 (Europe/Berlin)", "… (local time)" for floating times.
    static func describe(_ time: CalendarTime) -> String {
        guard
            let dateTime = g_date_time_new_utc(
                gint(time.year), gint(time.month), gint(time.day), gint(time.hour), gint(time.minute), Double(min(time.second, 59)))
        else { return time.iso8601 }
        defer { g_date_time_unref(dateTime) }
        func formatted(_ format: String) -> String {
            guard let text = g_date_time_format(dateTime, format) else { return time.iso8601 }
            defer { g_free(text) }
            return String(cString: text)
        }
        let date = formatted("%x")
        if time.isDate { return tr("{date} (all day)", ["date": date]) }
        let clock = formatted("%H:%M")
        guard let zone = time.zoneName else { return tr("{date} {time} (local time)", ["date": date, "time": clock]) }
        return tr("{date} {time} ({zone})", ["date": date, "time": clock, "zone": visible(zone, multiline: false)])
    }
}
