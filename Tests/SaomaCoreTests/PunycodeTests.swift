// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Punycode")
struct PunycodeTests {
    /// RFC 3492 section 7.1 samples and IDNA labels (encodings cross-checked with Python's codec).
    static let samples: [(String, String)] = [
        ("ihqwcrb4cv8a8dqg056pqjye", "他们为什么不说中文"),
        ("3B-ww4c5e180e575a65lsy2b", "3年B組金八先生"),
        ("-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n", "安室奈美恵-with-SUPER-MONKEYS"),
        ("d9juau41awczczp", "そのスピードで"),
        ("-> $1.00 <--", "-> $1.00 <-"),
        ("bcher-kva", "bücher"),
        ("mnchen-3ya", "münchen"),
        ("pypal-4ve", "pаypal"),
        ("80ak6aa92e", "аррӏе"),
        ("hxargifdar", "ελληνικά"),
        ("", ""),
    ]

    @Test("decodes the RFC samples", arguments: samples)
    func decodesSamples(encoded: String, decoded: String) {
        #expect(Punycode.decode(encoded) == decoded)
    }

    @Test(
        "rejects malformed input",
        arguments: ["ab!c", "99999999999999999999", "a-ü", "zzzzzzzzzzzzzzz", String(repeating: "9", count: 300)])
    func rejectsMalformed(_ encoded: String) {
        #expect(Punycode.decode(encoded) == nil)
    }

    @Test("xn-- labels decode, other labels pass through")
    func labels() {
        #expect(Punycode.unicodeLabel("XN--bcher-kva") == "bücher")
        #expect(Punycode.unicodeLabel("example") == "example")
        #expect(Punycode.unicodeLabel("xn--!") == nil)
    }
}
