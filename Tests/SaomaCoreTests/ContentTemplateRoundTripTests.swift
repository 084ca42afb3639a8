// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// Every template's text parses back to the value it was made from.
@Suite("Content templates parse back")
struct ContentTemplateRoundTripTests {
    static let values: [ScannedContent] = [
        .text("Just some text, with: punctuation; and\nlines"),
        .text("二维码 😀"),
        .url("https://example.org/path?q=1&r=two#frag"),
        .url("http://例子.测试/路径"),
        .wifi(WiFiNetwork(ssid: "Home", password: "password1")),
        .wifi(WiFiNetwork(ssid: #"a;b,c:d\e"f"#, password: #"p;a,s:s\w"d"#, security: .wpa, hidden: true)),
        .wifi(WiFiNetwork(ssid: "Café 咖啡", security: .open)),
        .wifi(WiFiNetwork(ssid: "Old", password: "12345", security: .wep)),
        .wifi(WiFiNetwork(ssid: "New", password: "correct horse battery", security: .sae)),
        // Found by fuzzing: a separator carrying a combining mark is one Character but still splits.
        .wifi(WiFiNetwork(ssid: ";\u{301}x", security: .open)),
        .contact(Contact(name: "a;\u{301}b", note: ",\u{301}\\\u{301}")),
        .contact(Contact(name: "d", organization: "\"ACME\"")),
        .contact(Contact(name: "Jane Roe")),
        .contact(
            Contact(
                name: "John Doe", organization: "ACME; Inc", title: "Chief: things", phones: ["+1 555 0100", "+44 20 7946 0000"],
                emails: ["j@d.org", "john@example.com"], urls: ["https://d.org"], address: "1 Main St, Town", note: #"back\slash"#)),
        .contact(Contact(name: "王小明", organization: "扫码公司", phones: ["+86 10 1234 5678"], note: "备注")),
        .email(EmailMessage(to: "someone@example.org")),
        .email(EmailMessage(to: "a+b@example.org", subject: "Hi & bye? 100%", body: "Grüße = ü; see #3")),
        .phone("+15550100"),
        .phone("*#06#"),
        .sms(SMSMessage(number: "+15550100", body: "Meet at 10:30; ok?")),
        .sms(SMSMessage(number: "12345")),
        .sms(SMSMessage(number: "12345", body: "\u{30D}x")),
        .geo(GeoLocation(latitude: 48.8584, longitude: 2.2945)),
        .geo(GeoLocation(latitude: -33.8568, longitude: 151.2153, altitude: 12.5)),
        .geo(GeoLocation(latitude: 0.00001, longitude: -180, query: "Tour Eiffel & café")),
        .geo(GeoLocation(latitude: 39.9042, longitude: 116.4074, query: "天安门")),
    ]

    @Test("template text parses back to the same value", arguments: values)
    func roundTrip(value: ScannedContent) throws {
        let text = try value.encodedText()
        #expect(ContentParser.parse(text) == value, "\(text)")
    }

    @Test("contacts parse back from vCard too", arguments: values.filter { $0.template == .contact })
    func vcardRoundTrip(value: ScannedContent) throws {
        let text = try value.encodedText(contactFormat: .vcard)
        #expect(ContentParser.parse(text) == value, "\(text)")
    }

    @Test("a name with a comma parses back from vCard")
    func vcardNameWithComma() throws {
        let value = ScannedContent.contact(Contact(name: "Doe, John", phones: ["1"]))
        #expect(ContentParser.parse(try value.encodedText(contactFormat: .vcard)) == value)
    }

    @Test("an escaped comma in a MECARD name stays part of the name")
    func mecardNameWithComma() throws {
        let value = ScannedContent.contact(Contact(name: "Doe, John"))
        let text = try value.encodedText()
        #expect(text == #"MECARD:N:Doe\, John;;"#)
        #expect(ContentParser.parse(text) == value)
    }

    @Test("every template is covered")
    func coverage() {
        #expect(Set(ContentTemplateRoundTripTests.values.map(\.template)) == Set(ContentTemplate.allCases))
    }
}
