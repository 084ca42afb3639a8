// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite("Clock style")
struct ClockStyleTests {
    @Test(
        "the desktop's clock-format wins, else the locale's time format decides",
        arguments: [
            (desktop: String?("12h"), locale: "%H:%M:%S", expected: ClockStyle.twelveHour),
            ("24h", "%r", .twentyFourHour),
            (nil, "%H:%M:%S", .twentyFourHour),
            (nil, "%r", .twelveHour),
            (nil, "%I:%M:%S %p", .twelveHour),
            (nil, "%p%I时%M分%S秒", .twelveHour),
            (nil, "%T", .twentyFourHour),
            (nil, "", .twentyFourHour),
            ("", "%l:%M %p", .twelveHour),
            ("bogus", "%H:%M", .twentyFourHour),
        ])
    func resolves(desktop: String?, locale: String, expected: ClockStyle) {
        #expect(ClockStyle.resolve(desktopSetting: desktop, localeTimeFormat: locale) == expected)
    }
}
