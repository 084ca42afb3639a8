// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Content templates")
struct ContentTemplateTests {
    static let encodings: [(ScannedContent, String)] = [
        (.text("hello\nworld"), "hello\nworld"),
        (.url("https://example.org/a?b=c"), "https://example.org/a?b=c"),
        (.url("  example.org/path "), "https://example.org/path"),
        (.url("localhost:8080/x"), "https://localhost:8080/x"),
        (.url("mailto:a@b.c"), "mailto:a@b.c"),
        (.url("HTTP://Example.org"), "HTTP://Example.org"),
        (.wifi(WiFiNetwork(ssid: "Home", password: "password1")), "WIFI:T:WPA;S:Home;P:password1;;"),
        (
            .wifi(WiFiNetwork(ssid: #"a;b,c:d\e"f"#, password: #"p;a,s:s\w"d"#, security: .wpa, hidden: true)),
            #"WIFI:T:WPA;S:a\;b\,c\:d\\e\"f;P:p\;a\,s\:s\\w\"d;H:true;;"#
        ),
        (.wifi(WiFiNetwork(ssid: "Café 咖啡", password: "ignored", security: .open)), "WIFI:T:nopass;S:Café 咖啡;;"),
        (.wifi(WiFiNetwork(ssid: "Old", password: "12345", security: .wep)), "WIFI:T:WEP;S:Old;P:12345;;"),
        (.wifi(WiFiNetwork(ssid: "New", password: "correct horse", security: .sae)), "WIFI:T:SAE;S:New;P:correct horse;;"),
        (
            .contact(Contact(name: "Doe, John", organization: "ACME; Inc", phones: ["+1 555 0100", "+44 20"], emails: ["j@d.org"])),
            #"MECARD:N:Doe\, John;ORG:ACME\; Inc;TEL:+1 555 0100;TEL:+44 20;EMAIL:j@d.org;;"#
        ),
        (
            .contact(Contact(name: "王小明", title: "工程师", urls: ["https://x.cn"], address: "北京", note: "a:b\\c")),
            #"MECARD:N:王小明;TITLE:工程师;URL:https\://x.cn;ADR:北京;NOTE:a\:b\\c;;"#
        ),
        (.email(EmailMessage(to: "someone@example.org")), "mailto:someone@example.org"),
        (
            .email(EmailMessage(to: "a+b@example.org", subject: "Hi & bye?", body: "Line 1\nLine 2 = ü")),
            "mailto:a+b@example.org?subject=Hi%20%26%20bye%3F&body=Line%201%0D%0ALine%202%20%3D%20%C3%BC"
        ),
        (.email(EmailMessage(to: "odd%name@example.org", body: "x")), "mailto:odd%25name@example.org?body=x"),
        (.phone("+1 (555) 010-0100"), "tel:+1(555)010-0100"),
        (.phone("*#06#"), "tel:*#06#"),
        (.sms(SMSMessage(number: "+1 555 0100", body: "Meet at 10:30; ok?")), "SMSTO:+15550100:Meet at 10:30; ok?"),
        (.sms(SMSMessage(number: "12345")), "SMSTO:12345:"),
        (.geo(GeoLocation(latitude: 48.8584, longitude: 2.2945)), "geo:48.8584,2.2945"),
        (.geo(GeoLocation(latitude: -33.8568, longitude: 151.2153, altitude: 12.5)), "geo:-33.8568,151.2153,12.5"),
        (
            .geo(GeoLocation(latitude: 0.00001, longitude: -180, query: "Tour Eiffel & café")),
            "geo:0.00001,-180?q=Tour%20Eiffel%20%26%20caf%C3%A9"
        ),
        (.geo(GeoLocation(latitude: 90, longitude: 0)), "geo:90,0"),
    ]

    @Test("each template writes its notation with its escaping", arguments: encodings)
    func encodes(content: ScannedContent, expected: String) throws {
        #expect(try content.encodedText() == expected)
    }

    @Test("vCard 3.0 escapes text and uses CRLF")
    func vcard() throws {
        let contact = Contact(
            name: "Doe; John", organization: "A, B", title: "Boss", phones: ["+1 555"], emails: ["j@d.org"], urls: ["https://d.org"],
            address: "1 Main St, Town", note: "line 1\nline 2\\")
        let expected =
            [
                "BEGIN:VCARD", "VERSION:3.0", #"N:Doe\; John;;;;"#, #"FN:Doe\; John"#, #"ORG:A\, B"#, "TITLE:Boss", "TEL:+1 555",
                "EMAIL;TYPE=INTERNET:j@d.org", "URL:https://d.org", #"ADR:;;1 Main St\, Town;;;;"#, #"NOTE:line 1\nline 2\\"#, "END:VCARD",
            ].joined(separator: "\r\n") + "\r\n"
        #expect(try ScannedContent.contact(contact).encodedText(contactFormat: .vcard) == expected)
    }

    static let failures: [(ScannedContent, ContentTemplateError)] = [
        (.url(" "), .missingField(.url)),
        (.url("/"), .missingField(.url)),
        (.url("https://"), .missingField(.url)),
        (.url("exa mple.org"), .invalidField(field: .url, value: "exa mple.org", reason: .invalidCharacters)),
        (.wifi(WiFiNetwork(ssid: "", password: "password1")), .missingField(.ssid)),
        (.wifi(WiFiNetwork(ssid: "x", password: "")), .missingField(.password)),
        (.wifi(WiFiNetwork(ssid: "x", password: "short")), .invalidField(field: .password, value: "short", reason: .passphraseLength)),
        (.wifi(WiFiNetwork(ssid: "x", password: "", security: .wep)), .missingField(.password)),
        (.contact(Contact(name: "")), .missingField(.name)),
        (.email(EmailMessage(to: "")), .missingField(.to)),
        (.email(EmailMessage(to: "nobody")), .invalidField(field: .to, value: "nobody", reason: .notAnAddress)),
        // Found by fuzzing (Tests/Fuzz/ContentTemplates): these were written, then read back as text.
        (.url("https://a\u{0}b"), .invalidField(field: .url, value: "https://a\u{0}b", reason: .invalidCharacters)),
        (.email(EmailMessage(to: "a@b\u{0}c")), .invalidField(field: .to, value: "a@b\u{0}c", reason: .notAnAddress)),
        (.email(EmailMessage(to: "a@b, @c")), .invalidField(field: .to, value: "a@b, @c", reason: .notAnAddress)),
        (
            .geo(GeoLocation(latitude: 0, longitude: 0, altitude: 4.9e155)),
            .invalidField(field: .altitude, value: "4.9e+155", reason: .outOfRange)
        ),
        (.phone(" "), .missingField(.number)),
        (.phone("call me"), .invalidField(field: .number, value: "call me", reason: .invalidCharacters)),
        (.sms(SMSMessage(number: "1:2", body: "x")), .invalidField(field: .number, value: "1:2", reason: .invalidCharacters)),
        (.geo(GeoLocation(latitude: 91, longitude: 0)), .invalidField(field: .latitude, value: "91.0", reason: .outOfRange)),
        (.geo(GeoLocation(latitude: 0, longitude: -180.5)), .invalidField(field: .longitude, value: "-180.5", reason: .outOfRange)),
        (.geo(GeoLocation(latitude: .nan, longitude: 0)), .invalidField(field: .latitude, value: "nan", reason: .outOfRange)),
    ]

    @Test("invalid content is refused with the field and reason", arguments: failures)
    func refuses(content: ScannedContent, expected: ContentTemplateError) {
        #expect(throws: expected) { try content.encodedText() }
    }

    @Test("a 64-digit hex key is a valid WPA passphrase, 64 other characters are not")
    func wpaHexKey() throws {
        let hex = String(repeating: "0123456789abcdef", count: 4)
        #expect(try ScannedContent.wifi(WiFiNetwork(ssid: "x", password: hex)).encodedText() == "WIFI:T:WPA;S:x;P:\(hex);;")
        let long = String(repeating: "x", count: 64)
        #expect(throws: ContentTemplateError.self) { try ScannedContent.wifi(WiFiNetwork(ssid: "x", password: long)).encodedText() }
    }

    @Test("every content kind names its template")
    func templates() {
        let kinds: [(ScannedContent, ContentTemplate)] = [
            (.text("a"), .text), (.url("a"), .url), (.wifi(WiFiNetwork(ssid: "a")), .wifi), (.contact(Contact(name: "a")), .contact),
            (.email(EmailMessage(to: "a")), .email), (.phone("1"), .phone), (.sms(SMSMessage(number: "1")), .sms),
            (.geo(GeoLocation(latitude: 0, longitude: 0)), .geo),
        ]
        #expect(Set(kinds.map(\.1)) == Set(ContentTemplate.allCases))
        for (content, template) in kinds { #expect(content.template == template) }
    }
}
