// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// The new notations stay total: truncated, spliced and byte-flipped payloads never trap and
/// never give a kind the payload does not start like.
@Suite("Content parser: mutated events, keys, payments and enterprise Wi-Fi")
struct ContentMutationTests {
    static let seeds = [
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\\, y\nDTSTART;TZID=Europe/Berlin:20260710T190000\nDURATION:PT1H\nEND:VEVENT\nEND:VCALENDAR",
        "otpauth://totp/ACME:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=8&period=30&algorithm=SHA256",
        "otpauth://hotp/x?secret=MZXW6YTBOI&counter=18446744073709551615",
        "BCD\n002\n1\nSCT\nCOBADEFF\nJane Roe\nDE89370400440532013000\nEUR12.5\nGDDS\nRF18539007547034\n\nInfo",
        "SPC\n0200\n1\nCH4431999123000889012\nS\nA\nB\n1\n2501\nBiel\nCH\n\n\n\n\n\n\n\n1.00\nCHF\n\n\n\n\n\n\n\nQRR\n210000000003139471430009017\n\nEPD",
        "WIFI:T:WPA2-EAP;S:\"Campus\";E:PEAP;A:a;I:b;PH2:MSCHAPV2;P:c;H:true;;",
    ]

    /// A small deterministic generator (64-bit LCG), so a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    @Test("mutations parse without trapping", arguments: 0..<seeds.count)
    func mutations(_ index: Int) {
        var random = Generator(state: UInt64(index + 1))
        let specials = Array("\n\r;:,\\\"=&?%/ TZ0\u{0}\u{202E}é".unicodeScalars)
        for _ in 0..<400 {
            var scalars = Array(ContentMutationTests.seeds[index].unicodeScalars)
            for _ in 0...random.next(4) {
                switch random.next(3) {
                case 0: scalars = Array(scalars.prefix(random.next(scalars.count + 1)))
                case 1 where !scalars.isEmpty: scalars[random.next(scalars.count)] = specials[random.next(specials.count)]
                default: scalars.insert(specials[random.next(specials.count)], at: random.next(scalars.count + 1))
                }
            }
            let text = String(String.UnicodeScalarView(scalars))
            let content = ContentParser.parse(text)
            switch content {
            case .event(let event): #expect(event.start == nil || (1...12).contains(event.start?.month ?? 0))
            case .otp(let key): #expect(OTPKey.digitRange.contains(key.digits) && !key.secret.isEmpty)
            case .payment(let order): #expect(order.scheme == (ContentParser.trimmingSpace(text).hasPrefix("SPC") ? .swissQR : .epc))
            default: break
            }
        }
    }
}
