// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether times of day read on a 12-hour clock ("9:53 AM") or a 24-hour one ("09:53").
///
/// The desktop's choice wins (GNOME's `org.gnome.desktop.interface clock-format`, `12h` or
/// `24h`); without it, the locale's: a locale whose time format (`nl_langinfo(T_FMT)`) has an
/// AM/PM or a 12-hour conversion reads 12-hour. Pure.
public enum ClockStyle: Sendable, Equatable {
    case twelveHour
    case twentyFourHour

    /// The clock for the desktop's `clock-format` value (`nil`: the desktop has no such setting)
    /// and the locale's time format.
    public static func resolve(desktopSetting: String?, localeTimeFormat: String) -> ClockStyle {
        switch desktopSetting {
        case "12h": return .twelveHour
        case "24h": return .twentyFourHour
        default: break
        }
        let twelveHourConversions = ["%p", "%P", "%r", "%I", "%l"]
        return twelveHourConversions.contains { localeTimeFormat.contains($0) } ? .twelveHour : .twentyFourHour
    }
}
