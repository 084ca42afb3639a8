// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// Dates and times as the person's desktop writes them: GLib's formatting (`g_date_time_format`,
/// month and AM/PM names from the locale) with patterns each language translates, on the
/// desktop's 12- or 24-hour clock (`ClockStyle`).
///
/// UI thread only (the desktop's settings object is created once, on first use).
@MainActor
enum DateTimeText {
    /// GNOME's interface settings when their schema is installed with a `clock-format` key
    /// (kept for the process: the clock follows the setting when the person changes it).
    private static let interfaceSettings: UnsafeMutablePointer<GSettings>? = {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1)
        else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "clock-format") != 0 else { return nil }
        return g_settings_new_full(schema, nil, nil)
    }()

    /// The clock the desktop (else the locale) asks for.
    static var clock: ClockStyle {
        var desktop: String?
        if let settings = interfaceSettings, let value = g_settings_get_string(settings, "clock-format") {
            desktop = String(cString: value)
            g_free(value)
        }
        let localeFormat = nl_langinfo(nl_item(T_FMT)).map { String(cString: $0) } ?? ""
        return ClockStyle.resolve(desktopSetting: desktop, localeTimeFormat: localeFormat)
    }

    /// The GLib pattern of a time of day on `clock`.
    static func timePattern(_ clock: ClockStyle) -> String {
        switch clock {
        // Translators: a GLib date format (g_date_time_format): a time on a 12-hour clock ("9:53 AM"); keep %p.
        case .twelveHour: trc("strftime: a time of day, 12-hour clock", "%-l:%M %p")
        // Translators: a GLib date format: a time of day on a 24-hour clock, such as "09:53" or "21:05".
        case .twentyFourHour: trc("strftime: a time of day, 24-hour clock", "%H:%M")
        }
    }

    /// The GLib pattern of a date.
    static var datePattern: String {
        // Translators: a GLib date format (g_date_time_format): a day ("Dec 1, 2026"); numbers ("%-d.%-m.%Y") also do.
        trc("strftime: a date", "%b %-d, %Y")
    }

    /// The local time of day of `milliseconds` since 1970 (UTC) on `clock` (the desktop's when `nil`).
    static func timeOfDay(milliseconds: Int64, clock: ClockStyle? = nil) -> String {
        guard let time = g_date_time_new_from_unix_local(gint64(milliseconds / 1000)) else { return "" }
        defer { g_date_time_unref(time) }
        return format(time, timePattern(clock ?? Self.clock))
    }

    /// The date of `day` (days since 1970-01-01, as `HistoryDays` numbers local days).
    static func date(day: Int64) -> String {
        guard let time = g_date_time_new_from_unix_utc(gint64(day * 86_400)) else { return "" }
        defer { g_date_time_unref(time) }
        return format(time, datePattern)
    }

    /// A calendar date and time written as they are (no zone conversion): the date, and the time
    /// of day on the desktop's clock unless `dateOnly`.
    static func calendar(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, dateOnly: Bool, clock: ClockStyle? = nil
    ) -> (date: String, time: String)? {
        guard let time = g_date_time_new_utc(gint(year), gint(month), gint(day), gint(hour), gint(minute), 0) else { return nil }
        defer { g_date_time_unref(time) }
        return (format(time, datePattern), dateOnly ? "" : format(time, timePattern(clock ?? Self.clock)))
    }

    /// `time` in `pattern`; a pattern GLib refuses (a bad translation) falls back to ISO 8601.
    private static func format(_ time: OpaquePointer, _ pattern: String) -> String {
        if let text = g_date_time_format(time, pattern) {
            defer { g_free(text) }
            return String(cString: text)
        }
        guard let text = g_date_time_format_iso8601(time) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
