// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One row: a code's text and symbology, and the subject and kind its list title shows.
struct SummaryCase: CustomTestStringConvertible, Sendable {
    let text: String?
    let symbology: Symbology
    let subject: String
    let kind: ContentSummary.Kind

    init(_ text: String?, _ symbology: Symbology, _ subject: String, _ kind: ContentSummary.Kind) {
        self.text = text
        self.symbology = symbology
        self.subject = subject
        self.kind = kind
    }

    /// A row for a QR code.
    init(_ text: String?, _ subject: String, _ kind: ContentSummary.Kind) {
        self.init(text, .qrCode, subject, kind)
    }

    var testDescription: String { String((text ?? "(binary)").debugDescription.prefix(80)) }
}

@Suite("List titles (ContentSummary)")
struct ContentSummaryTests {
    static let cases: [SummaryCase] = [
        SummaryCase("WIFI:T:WPA;S:Home Network;P:hunter22;;", "Home Network", .content(.wifi)),
        SummaryCase("MECARD:N:Roe,Jane;TEL:+15550100;;", "Jane Roe", .content(.contact)),
        SummaryCase("MECARD:ORG:ACME;TEL:+15550100;;", "ACME", .content(.contact)),
        SummaryCase("MECARD:TEL:+15550100;;", "+15550100", .content(.contact)),
        SummaryCase("https://gnome.org/news", "gnome.org", .content(.link)),
        SummaryCase("https://xn--80ak6aa92e.com", "аррӏе.com", .content(.link)),
        SummaryCase("javascript:alert(1)", "javascript:", .content(.link)),
        SummaryCase("4006381333931", .ean13, "4006381333931", .content(.product)),
        SummaryCase("9780201379624", .isbn13, "9780201379624", .book),
        SummaryCase("080442957X", .isbn10, "9780804429573", .book),
        SummaryCase("4006381333931", .qrCode, "4006381333931", .content(.text)),
        SummaryCase("mailto:a@example.org,b@example.org?subject=Hi", "a@example.org", .content(.email)),
        SummaryCase("mailto:?cc=c@example.org", "c@example.org", .content(.email)),
        SummaryCase("tel:+15550100", "+15550100", .content(.phone)),
        SummaryCase("SMSTO:+15550100:secret meeting", "+15550100", .content(.sms)),
        SummaryCase("geo:48.201,16.3695?q=Wien", "Wien", .content(.geo)),
        SummaryCase("geo:48.201,16.3695", "48.201, 16.3695", .content(.geo)),
        SummaryCase("BEGIN:VEVENT\nSUMMARY:Team dinner\nDTSTART:20260710T190000Z\nEND:VEVENT", "Team dinner", .content(.event)),
        SummaryCase("BEGIN:VEVENT\nDTSTART:20260710T190000Z\nEND:VEVENT", "", .content(.event)),
        SummaryCase("otpauth://totp/GitHub:jane?secret=JBSWY3DPEHPK3PXP&issuer=GitHub", "GitHub (jane)", .content(.otp)),
        SummaryCase("otpauth://totp/jane?secret=JBSWY3DPEHPK3PXP", "jane", .content(.otp)),
        SummaryCase(
            "BCD\n002\n1\nSCT\nCOBADEFF\nJane Roe\nDE89370400440532013000\nEUR12.5\n\n\nInvoice 7", "Jane Roe", .content(.payment)),
        SummaryCase("  first line  \n\nsecond", "first line", .content(.text)),
        SummaryCase("\n\n  spaced\tout   words ", "spaced out words", .content(.text)),
        SummaryCase("\u{1B}[31mred", "␛[31mred", .content(.text)),
        SummaryCase("a\u{202E}b", "a�b", .content(.text)),
        SummaryCase(String(repeating: "x", count: 500), String(repeating: "x", count: 80) + "…", .content(.text)),
        // A character of thousands of combining marks costs no more than its budget.
        SummaryCase("e" + String(repeating: "\u{301}", count: 20000), "e" + String(repeating: "\u{301}", count: 16) + "…", .content(.text)),
        SummaryCase(nil, "", .binary),
    ]

    @Test("each kind's subject", arguments: cases)
    func summaries(_ c: SummaryCase) {
        let summary = ContentSummary(text: c.text, symbology: c.symbology)
        #expect(summary.subject == c.subject)
        #expect(summary.kind == c.kind)
    }

    @Test("a GS1 code is summarised by its product number")
    func gs1() {
        let bytes = Array("0190012345678908\u{1D}10ABC".utf8)
        let symbol = Symbol(format: .code128, bytes: bytes, text: String(decoding: bytes, as: UTF8.self), corners: [], isGS1: true)
        #expect(ContentSummary(symbol: symbol) == ContentSummary(subject: "90012345678908", kind: .gs1))
    }

    /// Payloads holding a secret (`secret`), read by the parser or not: no subject may contain it.
    static let secretCarriers: [(payload: String, secret: String)] = [
        ("WIFI:T:WPA;S:Home;P:hunter22;;", "hunter22"),
        ("WIFI:T:WPA;P:hunter22;;", "hunter22"),
        ("WIFI:P:hunter22;T:WPA;S:;;", "hunter22"),
        ("wifi:;p:hunter22;s:Cafe;;", "hunter22"),
        ("WIFI:T:WPA2-EAP;S:Campus;E:PEAP;I:alice;P:hunter22;;", "hunter22"),
        ("otpauth://totp/GitHub:jane?secret=JBSWY3DPEHPK3PXP&issuer=GitHub", "JBSWY3DPEHPK3PXP"),
        ("otpauth://totp/GitHub:jane?secret=JBSWY3DPEHPK3PXP&digits=99", "JBSWY3DPEHPK3PXP"),
        ("otpauth://totp/?secret=JBSWY3DPEHPK3PXP", "JBSWY3DPEHPK3PXP"),
        ("OTPAUTH://TOTP/x?SECRET=JBSWY3DPEHPK3PXP", "JBSWY3DPEHPK3PXP"),
        ("otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SGA", "CjEKCkhlbGxvId6tvu8SGA"),
        ("  otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SGA", "CjEKCkhlbGxvId6tvu8SGA"),
    ]

    @Test("no title holds a Wi-Fi password or a login secret", arguments: secretCarriers)
    func neverASecret(_ c: (payload: String, secret: String)) {
        let summary = ContentSummary(text: c.payload, symbology: .qrCode)
        #expect(!summary.subject.contains(c.secret), "\(summary)")
        #expect(!summary.subject.lowercased().contains(c.secret.lowercased()), "\(summary)")
        if case .content(let kind) = summary.kind { #expect(kind == .wifi || kind == .otp, "\(summary)") }
    }
}
