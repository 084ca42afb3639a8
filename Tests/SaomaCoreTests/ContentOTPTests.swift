// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Content parser: otpauth login codes")
struct ContentOTPTests {
    static let valid: [(String, OTPKey)] = [
        (
            "otpauth://totp/Example:alice@example.org?secret=JBSWY3DPEHPK3PXP&issuer=Example",
            OTPKey(kind: .totp, issuer: "Example", account: "alice@example.org", secret: Base32.decoded("JBSWY3DPEHPK3PXP") ?? [])
        ),
        (
            "otpauth://totp/ACME%20Co:john.doe%40email.com?secret=HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ&issuer=ACME%20Co&algorithm=SHA256&digits=8&period=60",
            OTPKey(
                kind: .totp, issuer: "ACME Co", account: "john.doe@email.com",
                secret: Base32.decoded("HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ") ?? [], algorithm: .sha256, digits: 8, period: 60)
        ),
        (
            "OTPAUTH://HOTP/alice?secret=jbsw%20y3dp%20ehpk%203pxp&counter=42&algorithm=sha512",
            OTPKey(
                kind: .hotp, account: "alice", secret: Base32.decoded("JBSWY3DPEHPK3PXP") ?? [], secretBase32: "JBSWY3DPEHPK3PXP",
                algorithm: .sha512, counter: 42)
        ),
        // The issuer parameter wins over the label's prefix.
        (
            "otpauth://totp/Old:bob?secret=MZXW6YTBOI&issuer=New",
            OTPKey(kind: .totp, issuer: "New", account: "bob", secret: Array("foobar".utf8))
        ),
        (
            "otpauth://totp/?secret=MZXW6YTBOI====",
            OTPKey(kind: .totp, secret: Array("foobar".utf8), secretBase32: "MZXW6YTBOI")
        ),
    ]

    @Test("key URIs", arguments: valid)
    func parsesKeyURIs(_ row: (String, OTPKey)) {
        #expect(ContentParser.parse(row.0) == .otp(row.1))
    }

    /// Malformed keys are text: never a link to open, never a guessed default.
    static let malformed = [
        "otpauth://totp/x",
        "otpauth://totp/x?secret=",
        "otpauth://totp/x?secret=1111",
        "otpauth://totp/x?secret=MZXW6YTBOI&algorithm=MD5",
        "otpauth://totp/x?secret=MZXW6YTBOI&digits=5",
        "otpauth://totp/x?secret=MZXW6YTBOI&digits=11",
        "otpauth://totp/x?secret=MZXW6YTBOI&period=0",
        "otpauth://totp/x?secret=MZXW6YTBOI&period=-30",
        "otpauth://hotp/x?secret=MZXW6YTBOI",
        "otpauth://hotp/x?secret=MZXW6YTBOI&counter=-1",
        "otpauth://sotp/x?secret=MZXW6YTBOI",
        "otpauth:totp/x?secret=MZXW6YTBOI",
        "otpauth://totp/x y?secret=MZXW6YTBOI",
        "otpauth://totp/x?secret=MZXW6YTBOI\u{0}",
        "otpauth://totp/x?secret=" + String(repeating: "A", count: 2000),
    ]

    @Test("malformed keys are text", arguments: malformed)
    func malformedKeysAreText(_ text: String) {
        #expect(ContentParser.parse(text) == .text(text))
    }

    @Test("the generator writes a URI the parser reads back")
    func roundTrip() throws {
        for (_, key) in ContentOTPTests.valid {
            let text = try ScannedContent.otp(key).encodedText()
            #expect(ContentParser.parse(text) == .otp(key), "\(text)")
        }
    }
}
