// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One link, the host it must show, and the warnings it must raise (most severe first).
struct SafetyCase: CustomTestStringConvertible, Sendable {
    let url: String
    let host: String?
    let displayHost: String?
    let warnings: [URLAnalysis.Warning]
    var testDescription: String { String(url.debugDescription.prefix(80)) }
}

@Suite("URL safety")
struct URLSafetyTests {
    static let cases: [SafetyCase] = [
        SafetyCase(url: "https://example.org/path?q#f", host: "example.org", displayHost: "example.org", warnings: []),
        SafetyCase(url: "https://Example.ORG.:8443/", host: "example.org", displayHost: "example.org", warnings: []),
        SafetyCase(url: "http://example.org", host: "example.org", displayHost: "example.org", warnings: [.unencrypted]),
        SafetyCase(
            url: "https://paypal.com@evil.example/login", host: "evil.example", displayHost: "evil.example",
            warnings: [.userInfo("paypal.com")]),
        SafetyCase(
            url: "https://a@b@evil.example", host: "evil.example", displayHost: "evil.example", warnings: [.userInfo("a@b")]),
        SafetyCase(
            url: "https://evil.example\\@paypal.com", host: "evil.example", displayHost: "evil.example", warnings: []),
        SafetyCase(url: "https:\\\\evil.example", host: "evil.example", displayHost: "evil.example", warnings: []),
        SafetyCase(url: "https://%65vil.example", host: "evil.example", displayHost: "evil.example", warnings: []),
        SafetyCase(
            url: "http://192.168.1.1/admin", host: "192.168.1.1", displayHost: "192.168.1.1",
            warnings: [.unencrypted, .ipAddressHost("192.168.1.1")]),
        SafetyCase(url: "https://2130706433/", host: "2130706433", displayHost: "2130706433", warnings: [.ipAddressHost("2130706433")]),
        SafetyCase(url: "https://0x7f.1/", host: "0x7f.1", displayHost: "0x7f.1", warnings: [.ipAddressHost("0x7f.1")]),
        SafetyCase(url: "https://[::1]:8080/", host: "[::1]", displayHost: "[::1]", warnings: [.ipAddressHost("[::1]")]),
        SafetyCase(url: "https://1password.com", host: "1password.com", displayHost: "1password.com", warnings: []),
        SafetyCase(
            url: "https://xn--bcher-kva.example", host: "xn--bcher-kva.example", displayHost: "bücher.example",
            warnings: [.internationalHost("bücher.example")]),
        SafetyCase(
            url: "https://xn--pypal-4ve.com", host: "xn--pypal-4ve.com", displayHost: "pаypal.com",
            warnings: [.mixedScripts(label: "pаypal", scripts: [.latin, .cyrillic]), .internationalHost("pаypal.com")]),
        SafetyCase(
            url: "https://xn--80ak6aa92e.com", host: "xn--80ak6aa92e.com", displayHost: "аррӏе.com",
            warnings: [.confusableLetters(label: "аррӏе", script: .cyrillic), .internationalHost("аррӏе.com")]),
        SafetyCase(
            url: "https://gооgle.com", host: "gооgle.com", displayHost: "gооgle.com",
            warnings: [.mixedScripts(label: "gооgle", scripts: [.latin, .cyrillic]), .internationalHost("gооgle.com")]),
        SafetyCase(
            url: "https://пример.рф", host: "пример.рф", displayHost: "пример.рф", warnings: [.internationalHost("пример.рф")]),
        SafetyCase(
            url: "https://xn--r8jz45g.jp", host: "xn--r8jz45g.jp", displayHost: "例え.jp", warnings: [.internationalHost("例え.jp")]),
        SafetyCase(
            url: "https://ドメイン名例abc.jp", host: "ドメイン名例abc.jp", displayHost: "ドメイン名例abc.jp",
            warnings: [.internationalHost("ドメイン名例abc.jp")]),
        SafetyCase(
            url: "https://xn--zz!.example", host: "xn--zz!.example", displayHost: "xn--zz!.example",
            warnings: [.malformedPunycode(label: "xn--zz!"), .internationalHost("xn--zz!.example")]),
        SafetyCase(url: "javascript:alert(1)", host: nil, displayHost: nil, warnings: [.dangerousScheme("javascript")]),
        SafetyCase(url: "JavaScript:alert(1)", host: nil, displayHost: nil, warnings: [.dangerousScheme("javascript")]),
        SafetyCase(url: "data:text/html,x", host: nil, displayHost: nil, warnings: [.dangerousScheme("data")]),
        SafetyCase(url: "file:///etc/passwd", host: nil, displayHost: nil, warnings: [.dangerousScheme("file")]),
        SafetyCase(
            url: "intent://scan/#Intent;scheme=zxing;end", host: "scan", displayHost: "scan", warnings: [.dangerousScheme("intent")]),
        SafetyCase(
            url: "ftp://files.example.org", host: "files.example.org", displayHost: "files.example.org", warnings: [.unusualScheme("ftp")]),
        SafetyCase(url: "magnet:?xt=urn:btih:abc", host: nil, displayHost: nil, warnings: [.unusualScheme("magnet")]),
        SafetyCase(
            url: "https://example.org/\u{202E}fdp.exe", host: "example.org", displayHost: "example.org", warnings: [.invisibleCharacters]),
        // UTS #46 drops the zero-width space: the browser goes to example.org, and that is shown.
        SafetyCase(url: "https://exa\u{200B}mple.org", host: "example.org", displayHost: "example.org", warnings: [.invisibleCharacters]),
        // Slash and dot look-alikes are dangers; the host is shown as browsers map it (UTS #46).
        SafetyCase(
            url: "https://bank.example\u{2044}login.evil.example/", host: "bank.example\u{2044}login.evil.example",
            displayHost: "bank.example\u{2044}login.evil.example",
            warnings: [.separatorLookalike("\u{2044}"), .internationalHost("bank.example\u{2044}login.evil.example")]),
        SafetyCase(
            url: "https://bank.example\u{2215}evil.example", host: "bank.example\u{2215}evil.example",
            displayHost: "bank.example\u{2215}evil.example",
            warnings: [.separatorLookalike("\u{2215}"), .internationalHost("bank.example\u{2215}evil.example")]),
        SafetyCase(
            url: "https://example\u{FF0E}com", host: "example.com", displayHost: "example.com", warnings: [.separatorLookalike("\u{FF0E}")]),
        SafetyCase(
            url: "https://bank\u{2488}evil.example", host: "bank1.evil.example", displayHost: "bank1.evil.example",
            warnings: [.separatorLookalike("\u{2488}")]),
        SafetyCase(
            url: "https://bank.example\u{FF0F}evil.example", host: "bank.example/evil.example", displayHost: "bank.example/evil.example",
            warnings: [.separatorLookalike("\u{FF0F}")]),
        SafetyCase(url: "https://\u{FF25}\u{FF38}AMPLE.org", host: "example.org", displayHost: "example.org", warnings: []),
        SafetyCase(
            url: "https://\u{FF11}\u{FF12}\u{FF17}.0.0.1/", host: "127.0.0.1", displayHost: "127.0.0.1",
            warnings: [.ipAddressHost("127.0.0.1")]),
        // An @ in disguise.
        SafetyCase(
            url: "https://bank.example%40evil.example/", host: "bank.example@evil.example", displayHost: "bank.example@evil.example",
            warnings: [.encodedAt]),
        SafetyCase(
            url: "https://bank.example%40@evil.example/", host: "evil.example", displayHost: "evil.example",
            warnings: [.encodedAt, .userInfo("bank.example@")]),
        // Found by fuzzing (Tests/Fuzz/ContentParser): a percent-escaped right-to-left override in the host.
        SafetyCase(
            url: "https://%E2%80%AEgro.elpmaxe", host: "\u{202E}gro.elpmaxe", displayHost: "\u{202E}gro.elpmaxe",
            warnings: [.invisibleCharacters, .internationalHost("\u{202E}gro.elpmaxe")]),
    ]

    @Test("hosts and warnings", arguments: cases)
    func analysesLinks(_ c: SafetyCase) {
        let analysis = URLSafety.analyze(c.url)
        #expect(analysis.host == c.host)
        #expect(analysis.displayHost == c.displayHost)
        #expect(analysis.warnings == c.warnings)
    }

    @Test("very long links are flagged at the threshold")
    func veryLong() {
        let base = "https://example.org/"
        let atLimit = base + String(repeating: "a", count: URLSafety.veryLongLength - base.count)
        #expect(URLSafety.analyze(atLimit).warnings == [])
        let over = atLimit + "a"
        #expect(URLSafety.analyze(over).warnings == [.veryLong(length: URLSafety.veryLongLength + 1)])
    }

    @Test("levels: tricks are dangers, plain http is a caution")
    func levels() {
        #expect(URLSafety.analyze("https://bank.example\u{2044}evil.example").level == .danger)
        #expect(URLSafety.analyze("https://a%40b.example").level == .danger)
        #expect(URLSafety.analyze("https://a.example@b.example").level == .danger)
        #expect(URLSafety.analyze("http://example.org").level == .caution)
        #expect(URLSafety.analyze("https://example.org").level == nil)
    }

    @Test("ports are read, non-numeric ports stay in the host")
    func ports() {
        #expect(URLSafety.analyze("https://example.org:8443/x").port == 8443)
        #expect(URLSafety.analyze("https://[::1]:9/").port == 9)
        #expect(URLSafety.analyze("https://example.org/").port == nil)
    }

    @Test(
        "scripts of letters",
        arguments: [
            ("a", UnicodeScript.latin), ("é", .latin), ("а", .cyrillic), ("α", .greek), ("中", .han), ("カ", .katakana), ("한", .hangul),
            ("א", .hebrew), ("ب", .arabic),
        ])
    func scriptOfLetter(letter: String, script: UnicodeScript) {
        #expect(letter.unicodeScalars.first.flatMap(UnicodeScript.of) == script)
    }

    @Test("digits and hyphens belong to no script")
    func commonCharacters() {
        #expect(UnicodeScript.scripts(in: "0-9_") == [])
    }
}
