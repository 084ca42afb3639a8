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

    /// `shows` is the host as displayed where it differs from `host` (an IDN's Unicode form);
    /// no `warnings` means none may be raised.
    init(_ url: String, host: String?, shows displayHost: String? = nil, _ warnings: [URLAnalysis.Warning] = []) {
        self.url = url
        self.host = host
        self.displayHost = displayHost ?? host
        self.warnings = warnings
    }
}

@Suite("URL safety")
struct URLSafetyTests {
    static let cases: [SafetyCase] = [
        SafetyCase("https://example.org/path?q#f", host: "example.org"),
        SafetyCase("https://Example.ORG.:8443/", host: "example.org"),
        SafetyCase("http://example.org", host: "example.org", [.unencrypted]),
        SafetyCase("https://paypal.com@evil.example/login", host: "evil.example", [.userInfo("paypal.com")]),
        SafetyCase("https://a@b@evil.example", host: "evil.example", [.userInfo("a@b")]),
        SafetyCase("https://evil.example\\@paypal.com", host: "evil.example"),
        SafetyCase("https:\\\\evil.example", host: "evil.example"),
        SafetyCase("https://%65vil.example", host: "evil.example"),
        SafetyCase("http://192.168.1.1/admin", host: "192.168.1.1", [.unencrypted, .ipAddressHost("192.168.1.1")]),
        SafetyCase("https://2130706433/", host: "2130706433", [.ipAddressHost("2130706433")]),
        SafetyCase("https://0x7f.1/", host: "0x7f.1", [.ipAddressHost("0x7f.1")]),
        SafetyCase("https://[::1]:8080/", host: "[::1]", [.ipAddressHost("[::1]")]),
        SafetyCase("https://1password.com", host: "1password.com"),
        SafetyCase(
            "https://xn--bcher-kva.example", host: "xn--bcher-kva.example", shows: "bücher.example", [.internationalHost("bücher.example")]),
        SafetyCase(
            "https://xn--pypal-4ve.com", host: "xn--pypal-4ve.com", shows: "pаypal.com",
            [.mixedScripts(label: "pаypal", scripts: [.latin, .cyrillic]), .internationalHost("pаypal.com")]),
        SafetyCase(
            "https://xn--80ak6aa92e.com", host: "xn--80ak6aa92e.com", shows: "аррӏе.com",
            [.confusableLetters(label: "аррӏе", script: .cyrillic), .internationalHost("аррӏе.com")]),
        SafetyCase(
            "https://gооgle.com", host: "gооgle.com",
            [.mixedScripts(label: "gооgle", scripts: [.latin, .cyrillic]), .internationalHost("gооgle.com")]),
        SafetyCase("https://пример.рф", host: "пример.рф", [.internationalHost("пример.рф")]),
        SafetyCase("https://xn--r8jz45g.jp", host: "xn--r8jz45g.jp", shows: "例え.jp", [.internationalHost("例え.jp")]),
        SafetyCase("https://ドメイン名例abc.jp", host: "ドメイン名例abc.jp", [.internationalHost("ドメイン名例abc.jp")]),
        SafetyCase(
            "https://xn--zz!.example", host: "xn--zz!.example",
            [.malformedPunycode(label: "xn--zz!"), .internationalHost("xn--zz!.example")]),
        SafetyCase("javascript:alert(1)", host: nil, [.dangerousScheme("javascript")]),
        SafetyCase("JavaScript:alert(1)", host: nil, [.dangerousScheme("javascript")]),
        SafetyCase("data:text/html,x", host: nil, [.dangerousScheme("data")]),
        SafetyCase("file:///etc/passwd", host: nil, [.dangerousScheme("file")]),
        SafetyCase("intent://scan/#Intent;scheme=zxing;end", host: "scan", [.dangerousScheme("intent")]),
        SafetyCase("ftp://files.example.org", host: "files.example.org", [.unusualScheme("ftp")]),
        SafetyCase("magnet:?xt=urn:btih:abc", host: nil, [.unusualScheme("magnet")]),
        SafetyCase("https://example.org/\u{202E}fdp.exe", host: "example.org", [.invisibleCharacters]),
        // UTS #46 drops the zero-width space: the browser goes to example.org, and that is shown.
        SafetyCase("https://exa\u{200B}mple.org", host: "example.org", [.invisibleCharacters]),
        // Slash and dot look-alikes are dangers; the host is shown as browsers map it (UTS #46).
        SafetyCase(
            "https://bank.example\u{2044}login.evil.example/", host: "bank.example\u{2044}login.evil.example",
            [.separatorLookalike("\u{2044}"), .internationalHost("bank.example\u{2044}login.evil.example")]),
        SafetyCase(
            "https://bank.example\u{2215}evil.example", host: "bank.example\u{2215}evil.example",
            [.separatorLookalike("\u{2215}"), .internationalHost("bank.example\u{2215}evil.example")]),
        SafetyCase("https://example\u{FF0E}com", host: "example.com", [.separatorLookalike("\u{FF0E}")]),
        SafetyCase("https://bank\u{2488}evil.example", host: "bank1.evil.example", [.separatorLookalike("\u{2488}")]),
        SafetyCase("https://bank.example\u{FF0F}evil.example", host: "bank.example/evil.example", [.separatorLookalike("\u{FF0F}")]),
        SafetyCase("https://\u{FF25}\u{FF38}AMPLE.org", host: "example.org"),
        SafetyCase("https://\u{FF11}\u{FF12}\u{FF17}.0.0.1/", host: "127.0.0.1", [.ipAddressHost("127.0.0.1")]),
        // An @ in disguise.
        SafetyCase("https://bank.example%40evil.example/", host: "bank.example@evil.example", [.encodedAt]),
        SafetyCase("https://bank.example%40@evil.example/", host: "evil.example", [.encodedAt, .userInfo("bank.example@")]),
        // Found by fuzzing (Tests/Fuzz/ContentParser): a percent-escaped right-to-left override in the host.
        SafetyCase(
            "https://%E2%80%AEgro.elpmaxe", host: "\u{202E}gro.elpmaxe", [.invisibleCharacters, .internationalHost("\u{202E}gro.elpmaxe")]),
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
