// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite("History rules")
struct HistoryRulesTests {
    @Test(
        "the same code within 10 s refreshes its row",
        arguments: [
            (previous: Int64(0), now: Int64(0), refreshes: true),
            (0, 9_999, true),
            (0, 10_000, true),
            (0, 10_001, false),
            (20_000, 11_000, true),
            (20_000, 9_000, false),
        ])
    func refreshWindow(previous: Int64, now: Int64, refreshes: Bool) {
        #expect(HistoryRefreshRule.refreshes(previous: previous, now: now) == refreshes)
    }

    @Test(
        "one-time-password codes lose their secret",
        arguments: [
            ("otpauth://totp/ACME:jane?secret=JBSWY3DPEHPK3PXP&issuer=ACME", "otpauth://totp/ACME:jane?issuer=ACME"),
            ("otpauth://hotp/x?issuer=A&SECRET=abc&counter=1", "otpauth://hotp/x?issuer=A&counter=1"),
            ("OTPAUTH://totp/x?secret=abc", "OTPAUTH://totp/x"),
            ("otpauth://totp/x?%73ecret=abc&digits=6", "otpauth://totp/x?digits=6"),
            ("otpauth://totp/x?secret=a&secret=b#frag", "otpauth://totp/x#frag"),
            ("otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8", "otpauth-migration://offline"),
            ("https://example.org/?secret=kept", "https://example.org/?secret=kept"),
            ("otpauth://totp/no-query", "otpauth://totp/no-query"),
        ])
    func otpSecretStripped(text: String, kept: String) {
        #expect(OTPSecretStripping.strip(text) == kept)
        let record = HistoryRecord(timeMilliseconds: 0, source: .camera, format: "QR", text: text, bytes: Array(text.utf8))
        #expect(record.text == kept)
        #expect(record.bytes == Array(kept.utf8))
    }

    @Test(
        "the content kind comes from the parser",
        arguments: [
            ("https://example.org", "url"),
            ("WIFI:S:Home;T:WPA;P:pw;;", "wifi"),
            ("tel:+15550100", "phone"),
            ("geo:1,2", "geo"),
            ("hello", "text"),
            ("otpauth://totp/x?secret=abc", "otp"),
            ("MECARD:N:Ann;TEL:+15550100;;", "contact"),
            ("mailto:ann@example.org", "email"),
            ("SMSTO:+15550100:hi", "sms"),
            ("BEGIN:VEVENT\r\nSUMMARY:Launch\r\nDTSTART:20261224T180000Z\r\nEND:VEVENT", "event"),
            ("BCD\n002\n1\nSCT\n\nJane Roe\nDE89370400440532013000", "payment"),
        ])
    func contentKind(text: String, stored: String) {
        #expect(HistoryContentKind(text: text).rawValue == stored)
        #expect(HistoryContentKind(text: nil) == .binary)
        #expect(HistoryContentKind(text: nil).rawValue == "binary")
    }

    @Test("every parsed content kind has a stored history kind of its own (a new kind is never stored as text)")
    func everyContentKindStored() {
        for kind in ContentKind.allCases where kind != .text {
            #expect(HistoryContentKind(kind).rawValue != "text", "\(kind) would be stored as text")
            #expect(HistoryContentKind(kind).rawValue != "binary", "\(kind) would be stored as binary")
        }
        let stored = ContentKind.allCases.map { HistoryContentKind($0).rawValue }
        #expect(Set(stored).count == stored.count, "two kinds share a stored name: \(stored)")
        #expect(HistoryContentKind(ContentKind.text).rawValue == "text")
    }

    private func code(_ text: String) -> Symbol {
        Symbol(format: .qrCode, bytes: Array(text.utf8), text: text, corners: [])
    }

    @Test("continuous mode counts a code once while in view and again after 3 s away")
    func continuousTally() {
        var tally = ContinuousScanTally()
        let a = code("A")
        let b = code("B")
        #expect(tally.observe([a], at: 0) == [a])
        #expect(tally.observe([a], at: 0.1).isEmpty)
        #expect(tally.observe([a, b], at: 2.5) == [b])
        // Still in view for 10 s: never counted again.
        for step in 1...40 { #expect(tally.observe([a], at: 2.5 + Double(step) * 0.25).isEmpty) }
        // Out of view 3 s or less: not counted; more: counted again.
        #expect(tally.observe([a], at: 15.5).isEmpty)
        #expect(tally.observe([a], at: 18.6) == [a])
        #expect(tally.counted == [a, b, a])
        // The same code twice in one frame counts once.
        tally.reset()
        #expect(tally.observe([b, b], at: 30) == [b])
        #expect(tally.counted == [b])
    }
}

@Suite("History days")
struct HistoryDaysTests {
    @Test(
        "a time's local day follows the offset",
        arguments: [
            (ms: Int64(0), offset: 0, day: Int64(0)),
            (86_399_999, 0, 0),
            (86_400_000, 0, 1),
            (82_800_000, 3600, 1),  // 23:00 UTC is the next day in UTC+1
            (3_600_000, -7200, -1),  // 01:00 UTC is the day before in UTC-2
        ])
    func dayNumber(ms: Int64, offset: Int, day: Int64) {
        #expect(HistoryDays.day(milliseconds: ms, utcOffsetSeconds: offset) == day)
    }

    @Test("newest-first rows fall into one section per day")
    func sections() {
        let hour: Int64 = 3_600_000
        let records = [50, 49, 30, 23, 2].map {
            HistoryRecord(timeMilliseconds: $0 * hour, source: .camera, format: "QR", text: "\($0)", bytes: [])
        }
        let utc = HistoryDays.sections(records, utcOffsetSeconds: { _ in 0 })
        #expect(utc.map(\.day) == [2, 1, 0])
        #expect(utc.map { $0.records.map(\.text) } == [["50", "49"], ["30"], ["23", "2"]])
        let beijing = HistoryDays.sections(records, utcOffsetSeconds: { _ in 8 * 3600 })
        #expect(beijing.map { $0.records.map(\.text) } == [["50", "49"], ["30", "23"], ["2"]])
    }
}
