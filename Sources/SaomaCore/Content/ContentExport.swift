// SPDX-License-Identifier: GPL-3.0-or-later

/// The files "Save Contact…" and "Save Event…" write: a vCard (`text/vcard`) and an iCalendar
/// file (`text/calendar`), CRLF line ends as both formats require.
public enum ContentExport {
    /// A vCard file for a scanned contact: a vCard payload as it is (line ends made CRLF), any
    /// other card (MECARD) converted to vCard 3.0.
    ///
    /// vCard 3.0 requires a formatted name: a card without one is named by its organization,
    /// e-mail or phone number, whichever comes first; `nil` when it has none of these.
    public static func vCardFile(payload: String, contact: Contact) -> String? {
        let trimmed = ContentParser.trimmingSpace(payload)
        if trimmed.uppercased().hasPrefix("BEGIN:VCARD") { return crlfLines(trimmed) }
        var named = contact
        if named.name.isEmpty {
            named.name = [contact.organization, contact.emails.first ?? "", contact.phones.first ?? ""].first { !$0.isEmpty } ?? ""
        }
        return try? ContentTemplates.vcard(named)
    }

    /// Product identifier written into iCalendar files Saoma completes.
    static let productIdentifier = "-//Saoma//Saoma//EN"

    /// An iCalendar file for `event`: its `VCALENDAR` as scanned, or its bare `VEVENT` inside one.
    public static func iCalendarFile(_ event: CalendarEvent) -> String {
        let source = crlfLines(event.source)
        if source.uppercased().hasPrefix("BEGIN:VCALENDAR") { return source }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(productIdentifier)\r\n" + source + "END:VCALENDAR\r\n"
    }

    /// `text` with every line break (LF, CR or CRLF) as CRLF, ending in one.
    static func crlfLines(_ text: String) -> String {
        let result = ContentParser.physicalLines(text).joined(separator: "\r\n")
        return result.hasSuffix("\r\n") ? result : result + "\r\n"
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
