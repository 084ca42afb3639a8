// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// One parser case: the scanned text and what it must mean.
typealias ParseCase = TextCase<ScannedContent>

extension TextCase where Expected == ScannedContent {
    /// Cases for texts that no notation claims: each must come back as the same plain text.
    static func stayingText(_ texts: [String]) -> [ParseCase] { texts.map { ParseCase($0, .text($0)) } }
}

@Suite("Content parser")
struct ContentParserTests {
    static let links: [ParseCase] =
        [
            ParseCase("https://example.org/a?b=c#d", .url("https://example.org/a?b=c#d")),
            ParseCase("HTTP://EXAMPLE.ORG", .url("HTTP://EXAMPLE.ORG")),
            ParseCase("  https://example.org \n", .url("https://example.org")),
            ParseCase("ftp://files.example.org/x", .url("ftp://files.example.org/x")),
            ParseCase("javascript:alert(1)", .url("javascript:alert(1)")),
            ParseCase("data:text/html,<script>", .url("data:text/html,<script>")),
            ParseCase("intent://scan/#Intent;scheme=zxing;end", .url("intent://scan/#Intent;scheme=zxing;end")),
            ParseCase("www.example.org/path", .url("https://www.example.org/path")),
            ParseCase("WWW.Example.org", .url("https://WWW.Example.org")),
            ParseCase("MEBKM:TITLE:Example;URL:https\\://example.org;;", .url("https://example.org")),
            ParseCase("MEBKM:TITLE:No scheme;URL:example.org/path?q=1;;", .url("https://example.org/path?q=1")),
            ParseCase("MEBKM:URL:shop.example.co.uk:8443;;", .url("https://shop.example.co.uk:8443")),
            ParseCase("MEBKM:URL:www.example.org;;", .url("https://www.example.org")),
        ]
        + ParseCase.stayingText([
            "MEBKM:URL:localhost;;",
            "MEBKM:URL:example.o;;",
            "MEBKM:URL:exa mple.org;;",
            "MEBKM:URL:-bad.example.org;;",
            "https://exa mple.org",
            "https://",
            "www.",
            "www.example",
            "Note: buy milk",
            "https://example.org\u{7}",
        ])

    static let wifi: [ParseCase] =
        [
            ParseCase("WIFI:T:WPA;S:Home;P:secret;;", .wifi(WiFiNetwork(ssid: "Home", password: "secret", security: .wpa))),
            ParseCase(
                "WIFI:S:Home;P:secret;T:WPA;H:true;;", .wifi(WiFiNetwork(ssid: "Home", password: "secret", security: .wpa, hidden: true))),
            ParseCase("wifi:p:pw;s:Café;t:wep;;", .wifi(WiFiNetwork(ssid: "Café", password: "pw", security: .wep))),
            ParseCase("WIFI:T:nopass;S:Guest;;", .wifi(WiFiNetwork(ssid: "Guest", security: .open))),
            ParseCase("WIFI:S:Guest;;", .wifi(WiFiNetwork(ssid: "Guest", security: .open))),
            ParseCase("WIFI:T:SAE;S:New;P:x;;", .wifi(WiFiNetwork(ssid: "New", password: "x", security: .sae))),
            ParseCase("WIFI:T:WPA2;S:N;P:x;;", .wifi(WiFiNetwork(ssid: "N", password: "x", security: .wpa))),
            ParseCase(#"WIFI:S:a\;b\:c\\d\,e;P:p\"q;;"#, .wifi(WiFiNetwork(ssid: #"a;b:c\d,e"#, password: #"p"q"#, security: .wpa))),
            ParseCase(#"WIFI:S:"quoted net";P:"pw";;"#, .wifi(WiFiNetwork(ssid: "quoted net", password: "pw", security: .wpa))),
            ParseCase(#"WIFI:S:\"edge\";;"#, .wifi(WiFiNetwork(ssid: #""edge""#, security: .open))),
            ParseCase("WIFI:S:Home;P:pw;H:false", .wifi(WiFiNetwork(ssid: "Home", password: "pw", security: .wpa))),
            ParseCase(#"WIFI:S:trail\"#, .wifi(WiFiNetwork(ssid: #"trail\"#, security: .open))),
            ParseCase("WIFI:;S:Lobby;T:WPA;P:pw;;", .wifi(WiFiNetwork(ssid: "Lobby", password: "pw", security: .wpa))),
            ParseCase("WIFI:;T:nopass;S:Guest;;", .wifi(WiFiNetwork(ssid: "Guest", security: .open))),
        ]
        + ParseCase.stayingText([
            "WIFI:T:WPA;P:secret;;",
            "WIFI:",
            "WIFI:;;S:x",
            "WIFI:;",
        ])

    static let contacts: [ParseCase] =
        [
            ParseCase(
                "MECARD:N:Doe,John;TEL:+15550100;TEL:+15550101;EMAIL:john@example.org;ADR:1 Main St;URL:https://example.org;NOTE:Hi\\; there;ORG:ACME;;",
                .contact(
                    Contact(
                        name: "John Doe", organization: "ACME", phones: ["+15550100", "+15550101"], emails: ["john@example.org"],
                        urls: ["https://example.org"], address: "1 Main St", note: "Hi; there"))),
            ParseCase("MECARD:N:Solo;;", .contact(Contact(name: "Solo"))),
            ParseCase(#"MECARD:N:Doe\, John;;"#, .contact(Contact(name: "Doe, John"))),
            ParseCase(#"MECARD:N:O\,Brien\\,Pat;;"#, .contact(Contact(name: #"Pat O,Brien\"#))),
            ParseCase(
                "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John;Q;Dr.;Jr.\r\nFN:John Q. Doe\r\nORG:ACME;Research\r\nTITLE:Chief\r\nTEL;TYPE=CELL:+1 555 0100\r\n"
                    + "EMAIL;TYPE=INTERNET:john@example.org\r\nADR;TYPE=WORK:;;1 Main St;Springfield;IL;62701;USA\r\nURL:https://example.org\r\n"
                    + "NOTE:Line one\\nLine two\\, more\r\nEND:VCARD\r\n",
                .contact(
                    Contact(
                        name: "John Q. Doe", organization: "ACME, Research", title: "Chief", phones: ["+1 555 0100"],
                        emails: ["john@example.org"],
                        urls: ["https://example.org"], address: "1 Main St, Springfield, IL, 62701, USA", note: "Line one\nLine two, more"))
            ),
            ParseCase(
                "BEGIN:VCARD\nVERSION:4.0\nN:Doe;Jane;;;\nTEL;VALUE=uri;TYPE=voice:tel:+1-555-0100\nEMAIL:jane@exa\n mple.org\nEND:VCARD",
                .contact(Contact(name: "Jane Doe", phones: ["+1-555-0100"], emails: ["jane@example.org"]))),
            ParseCase(
                "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=\r\n=B6rg\r\nitem1.TEL;CELL:123\r\nEND:VCARD",
                .contact(Contact(name: "Jörg Müller", phones: ["123"]))),
            ParseCase(
                "BEGIN:VCARD\nFN;LABEL=\"a:b\":Quoted Param\nEND:VCARD", .contact(Contact(name: "Quoted Param"))),
        ]
        + ParseCase.stayingText([
            "MECARD:;;",
            "BEGIN:VCARD\nVERSION:3.0\nEND:VCARD",
            "BEGIN:VCALENDAR\nEND:VCALENDAR",
        ])

    static let messages: [ParseCase] =
        [
            ParseCase("mailto:a@example.org", .email(EmailMessage(to: "a@example.org"))),
            ParseCase(
                "mailto:a@example.org,b@example.org?subject=Hello%20World&body=Caf%C3%A9+ok&cc=c@example.org",
                .email(EmailMessage(to: "a@example.org, b@example.org", subject: "Hello World", body: "Café+ok", cc: "c@example.org"))),
            ParseCase("mailto:?cc=c@example.org", .email(EmailMessage(to: "", cc: "c@example.org"))),
            ParseCase(
                "mailto:?bcc=d@example.org,e@example.org&subject=Hi",
                .email(EmailMessage(to: "", subject: "Hi", bcc: "d@example.org, e@example.org"))),
            ParseCase("MAILTO:?to=x%40example.org&subject=S", .email(EmailMessage(to: "x@example.org", subject: "S"))),
            ParseCase("mailto:bad%ZZ@example.org", .email(EmailMessage(to: "bad%ZZ@example.org"))),
            ParseCase("mailto:a@example.org?body=%E2%82", .email(EmailMessage(to: "a@example.org", body: "\u{FFFD}"))),
            ParseCase(
                "MATMSG:TO:a@example.org;SUB:Hi;BODY:Text\\; more;;",
                .email(EmailMessage(to: "a@example.org", subject: "Hi", body: "Text; more"))),
            ParseCase("tel:+1-555-0100", .phone("+1-555-0100")),
            ParseCase("TEL:+49%2030%20123", .phone("+49 30 123")),
            ParseCase("tel:7042;phone-context=example.com", .phone("7042;phone-context=example.com")),
            ParseCase("SMSTO:+15550100:Hello: world", .sms(SMSMessage(number: "+15550100", body: "Hello: world"))),
            ParseCase("smsto:+15550100", .sms(SMSMessage(number: "+15550100"))),
            ParseCase("sms:+15550100?body=Hi%20there", .sms(SMSMessage(number: "+15550100", body: "Hi there"))),
            ParseCase("sms:+15550100:legacy", .sms(SMSMessage(number: "+15550100", body: "legacy"))),
            ParseCase("sms:+15550100;via=+15550199?body=hi", .sms(SMSMessage(number: "+15550100", body: "hi"))),
            ParseCase(
                "sms:+15550100,+15550111;via=+15550199?body=hi",
                .sms(SMSMessage(number: "+15550100", body: "hi", otherNumbers: ["+15550111"]))),
        ]
        + ParseCase.stayingText([
            "mailto:?cc=not%20an%20address",
            "mailto:",
            "mailto:not an address",
            "MATMSG:SUB:Hi;;",
            "tel:call me",
            "tel:",
            "sms:+15550100,",
            "sms:+15550100,nobody",
            "SMSTO:nobody:x",
        ])

    static let places: [ParseCase] =
        [
            ParseCase("geo:48.2010,16.3695", .geo(GeoLocation(latitude: 48.2010, longitude: 16.3695))),
            ParseCase("geo:48.2010,16.3695,183", .geo(GeoLocation(latitude: 48.2010, longitude: 16.3695, altitude: 183))),
            ParseCase("GEO:-33.8,151.2;crs=wgs84;u=35", .geo(GeoLocation(latitude: -33.8, longitude: 151.2))),
            ParseCase("geo:0,0?q=1600+Amphitheatre%20Pkwy", .geo(GeoLocation(latitude: 0, longitude: 0, query: "1600 Amphitheatre Pkwy"))),
            ParseCase("geo:90,-180", .geo(GeoLocation(latitude: 90, longitude: -180))),
        ]
        + ParseCase.stayingText([
            "geo:91,0",
            "geo:0,181",
            "geo:nan,0",
            "geo:1e2,0",
            "geo:1,2;crs=utm",
            "geo:1",
            "geo:1,2,3,4",
        ])

    static let plain: [ParseCase] =
        [
            ParseCase("WIFI:S:\u{0}net;;", .wifi(WiFiNetwork(ssid: "\u{0}net", security: .open)))
        ]
        + ParseCase.stayingText([
            "Hello, world",
            "",
            "4006381333931",
            "\u{0}\u{1}\u{1B}[31m",
            "\u{202E}moc.elpmaxe//:sptth",
        ])

    @Test("huge payloads are shown as text without parsing")
    func hugePayloadIsText() {
        let huge = "WIFI:S:" + String(repeating: "a", count: ContentParser.maximumParsedLength) + ";;"
        #expect(ContentParser.parse(huge) == .text(huge))
        let justFits = "WIFI:S:" + String(repeating: "b", count: ContentParser.maximumParsedLength - 9) + ";;"
        guard case .wifi(let network) = ContentParser.parse(justFits) else {
            Issue.record("a payload within the limit should be parsed")
            return
        }
        #expect(network.ssid.count == ContentParser.maximumParsedLength - 9)
    }

    static let hostile = ParseCase.stayingText([
        "WIFI:" + String(repeating: "\\", count: 10_001),
        "MECARD:" + String(repeating: ";:", count: 5000),
        "BEGIN:VCARD\n" + String(repeating: " x\n", count: 10_000),
        "BEGIN:VCARD\n" + String(repeating: "=\r\n", count: 5000),
        "mailto:" + String(repeating: "%", count: 9999),
        "geo:" + String(repeating: "9", count: 5000) + ",1",
        "tel:" + String(repeating: "1", count: 500),
        "sms:?" + String(repeating: "&=", count: 5000),
        String(repeating: "a:", count: 20),
        "\u{FFFF}\u{D7FF}\u{10FFFF}:x",
    ])

    /// Each table's text parses to exactly its content; hostile inputs fall back to text.
    @Test(
        "links, Wi-Fi, contacts, e-mail, phone, SMS, places, plain text and hostile inputs parse to their content",
        arguments: links + wifi + contacts + messages + places + plain + hostile)
    func parses(_ c: ParseCase) {
        #expect(ContentParser.parse(c.text) == c.expected)
    }

    @Test("random mixtures of the notations' special characters parse without crashing")
    func randomMixtures() {
        let pieces = [
            "WIFI:", "MECARD:", "BEGIN:VCARD", "\n", "\r\n", " ", "\\", ";", ":", ",", "\"", "=", "%", "%4", "%41", "?", "&", "@", "#",
            "mailto:", "tel:", "sms:", "SMSTO:", "geo:", "MATMSG:", "http://", "www.", "xn--", "S:", "P:", "T:", "N:", "FN:", "END:VCARD",
            "ENCODING=QUOTED-PRINTABLE", "a", "é", "中", "\u{0}", "\u{202E}", "9", "-", ".", "/", "\\",
        ]
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<3000 {
            let text = (0..<next(24)).map { _ in pieces[next(pieces.count)] }.joined()
            if case .text(let shown) = ContentParser.parse(text) {
                #expect(shown == text)
            }
            let analysis = URLSafety.analyze(text)
            #expect(analysis.host.map { !$0.contains("/") && !$0.contains("@") } ?? true, "\(text.debugDescription)")
        }
    }

    @Test("long quoted-printable folds are joined without blowing up")
    func longQuotedPrintableFolds() {
        let text = "BEGIN:VCARD\nFN;ENCODING=QUOTED-PRINTABLE:" + String(repeating: "=41=\n", count: 3000) + "B\nEND:VCARD"
        #expect(ContentParser.parse(text) == .contact(Contact(name: String(repeating: "A", count: 3000) + "B")))
    }

    @Test("the field reader undoes escapes and keeps unknown keys")
    func recordFieldsUnescape() {
        let fields = ContentParser.recordFields(#"A:1;B:x\;y;C:;D:"q";;E:never"#)
        #expect(
            fields == [
                .init(key: "A", value: "1"), .init(key: "B", value: "x;y"), .init(key: "C", value: ""), .init(key: "D", value: "q"),
            ])
    }
}
