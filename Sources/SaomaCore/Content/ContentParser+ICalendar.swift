// SPDX-License-Identifier: GPL-3.0-or-later

/// The iCalendar reader (RFC 5545): the first `VEVENT`, bare or inside a `VCALENDAR`.
extension ContentParser {
    /// An event from `BEGIN:VCALENDAR…` or `BEGIN:VEVENT…`; `nil` when there is no `VEVENT` or it
    /// has neither a summary nor a start.
    static func parseICalendar(_ text: String) -> ScannedContent? {
        let lines = vCardLines(text)
        guard let begin = lines.first, begin.name == "BEGIN" else { return nil }
        let outer = begin.value.uppercased()
        guard outer == "VCALENDAR" || outer == "VEVENT" else { return nil }
        var event = CalendarEvent(summary: "")
        var inEvent = false
        var nested = 0
        var duration: Int?
        var sawEvent = false
        for line in lines {
            if !inEvent {
                if line.name == "BEGIN", line.value.uppercased() == "VEVENT" {
                    (inEvent, sawEvent) = (true, true)
                }
                continue
            }
            if line.name == "BEGIN" {
                nested += 1
                continue
            }
            if line.name == "END" {
                if nested == 0 { break }
                nested -= 1
                continue
            }
            guard nested == 0 else { continue }
            switch line.name {
            case "SUMMARY" where event.summary.isEmpty: event.summary = vCardText(line.value)
            case "LOCATION" where event.location.isEmpty: event.location = vCardText(line.value)
            case "DESCRIPTION" where event.description.isEmpty: event.description = vCardText(line.value)
            case "DTSTART" where event.start == nil: event.start = calendarTime(line)
            case "DTEND" where event.end == nil: event.end = calendarTime(line)
            case "DURATION" where duration == nil: duration = durationSeconds(line.value)
            default: break
            }
        }
        guard sawEvent, !event.summary.isEmpty || event.start != nil else { return nil }
        if event.end == nil, let start = event.start {
            if let duration {
                event.end = start.adding(seconds: duration)
            } else if start.isDate {
                event.end = start.adding(seconds: 86400)
            }
        }
        event.source = unfoldedSource(text)
        return .event(event)
    }

    /// The payload's lines unfolded and joined with CRLF, ending in CRLF.
    static func unfoldedSource(_ text: String) -> String {
        var lines: [String] = []
        for line in physicalLines(text) {
            if let first = line.unicodeScalars.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += String(line.unicodeScalars.dropFirst())
            } else if !line.isEmpty {
                lines.append(line)
            }
        }
        return lines.map { trimmingSpace($0) }.filter { !$0.isEmpty }.joined(separator: "\r\n") + "\r\n"
    }

    /// A `DTSTART`/`DTEND` value: `20261224` (with `VALUE=DATE` or alone), `20261224T180000`,
    /// `…Z`, or with `TZID=`; `nil` when malformed or out of range.
    static func calendarTime(_ line: VCardLine) -> CalendarTime? {
        var tzid: String?
        var isDateValue = false
        for parameter in line.parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            switch pair[0].uppercased() {
            case "TZID":
                var name = pair[1]
                if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
                tzid = name
            case "VALUE": isDateValue = pair[1].uppercased() == "DATE"
            default: break
            }
        }
        let value = Array(trimmingSpace(line.value).utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= value.count else { return nil }
            var n = 0
            for b in value[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) else { return nil }
                n = n * 10 + Int(b - UInt8(ascii: "0"))
            }
            return n
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        if value.count == 8 { return CalendarTime(year: year, month: month, day: day, isDate: true) }
        guard !isDateValue, value.count == 15 || (value.count == 16 && value[15] == UInt8(ascii: "Z")),
            value[8] == UInt8(ascii: "T"), let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        let zone: CalendarTime.Zone
        if value.count == 16 {
            zone = .utc
        } else if let tzid, !tzid.isEmpty, tzid.utf8.count <= 128 {
            zone = .named(tzid)
        } else {
            zone = .floating
        }
        return CalendarTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, zone: zone)
    }

    /// An RFC 5545 duration (`PT1H30M`, `P1D`, `P2W`, `-PT15M`) in seconds; `nil` when malformed.
    static func durationSeconds(_ text: String) -> Int? {
        var scalars = Substring(trimmingSpace(text).uppercased())
        var sign = 1
        if scalars.first == "+" || scalars.first == "-" {
            sign = scalars.first == "-" ? -1 : 1
            scalars = scalars.dropFirst()
        }
        guard scalars.first == "P", scalars.count <= 32 else { return nil }
        scalars = scalars.dropFirst()
        var total = 0
        var digits = ""
        var inTime = false
        var parts = 0
        for c in scalars {
            if c.isASCII, c.isNumber {
                digits.append(c)
                continue
            }
            if c == "T" && digits.isEmpty && !inTime {
                inTime = true
                continue
            }
            guard let n = Int(digits), digits.count <= 9 else { return nil }
            let unit: Int
            switch (c, inTime) {
            case ("W", false): unit = 7 * 86400
            case ("D", false): unit = 86400
            case ("H", true): unit = 3600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            total += n * unit
            digits = ""
            parts += 1
        }
        guard digits.isEmpty, parts > 0 else { return nil }
        return sign * total
    }
}
