// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One element-string case: the raw bytes (`|` stands for GS) and the fields as `AI=display`.
struct GS1Case: CustomTestStringConvertible, Sendable {
    let raw: String
    let fields: [String]
    init(_ raw: String, _ fields: [String]) {
        self.raw = raw
        self.fields = fields
    }
    var bytes: [UInt8] { Array(raw.utf8).map { $0 == UInt8(ascii: "|") ? 0x1D : $0 } }
    var testDescription: String { raw }
}

/// One rejected element string and the reason.
struct GS1Rejection: CustomTestStringConvertible, Sendable {
    let raw: [UInt8]
    let failure: GS1ElementString.Failure
    let label: String
    init(_ raw: String, _ failure: GS1ElementString.Failure) {
        self.init(Array(raw.utf8).map { $0 == UInt8(ascii: "|") ? 0x1D : $0 }, failure, label: raw)
    }
    init(_ raw: [UInt8], _ failure: GS1ElementString.Failure, label: String) {
        self.raw = raw
        self.failure = failure
        self.label = label
    }
    var testDescription: String { label }
}

@Suite("GS1 element strings")
struct GS1ElementStringTests {
    static let valid: [GS1Case] = [
        // What zbar reads from zxing/rssexpanded-1/11.png (DataBar Expanded).
        GS1Case(
            "0198898765432106159912313103001750|1012A|422123|21123456",
            ["01=98898765432106", "15=1999-12-31", "3103=1.750", "10=12A", "422=123", "21=123456"]),
        GS1Case("010441234567890917110224", ["01=04412345678909", "17=2011-02-24"]),
        GS1Case("0190012345678908|3922795", ["01=90012345678908", "3922=7.95"]),
        // A GS after a fixed-length field is allowed; day 00 is the month as a whole.
        GS1Case("|0109501101020948|17251200|10ABC", ["01=09501101020948", "17=2025-12", "10=ABC"]),
        GS1Case("00106141412345678908", ["00=106141412345678908"]),
        GS1Case("3932978123456", ["3932=1234.56 978"]),
        GS1Case("3100000012", ["3100=12"]),
        GS1Case("3105000012", ["3105=0.00012"]),
        GS1Case("21ABC-12/x", ["21=ABC-12/x"]),
        GS1Case("7030040ABC|92internal", ["7030=040ABC", "92=internal"]),
        GS1Case("1524022917240301", ["15=2024-02-29", "17=2024-03-01"]),
        GS1Case("11491231", ["11=2049-12-31"]),
        GS1Case("11500101", ["11=2050-01-01"]),
        GS1Case("11770101", ["11=1977-01-01"]),
        // Markup characters are GS1 characters: the value is raw, its display must escape it.
        GS1Case("10<b>x</b>", ["10=<b>x</b>"]),
    ]

    @Test("parses fields with their meanings", arguments: valid)
    func parsesFields(row: GS1Case) throws {
        let parsed = try GS1ElementString.parse(row.bytes, referenceYear: 2026).get()
        #expect(parsed.elements.map { "\($0.ai)=\($0.displayValue)" } == row.fields)
    }

    @Test("names the fields with GS1's data titles")
    func namesFields() throws {
        let parsed = try GS1ElementString.parse(GS1Case("01095011010209481725120010ABC|3103001234", []).bytes, referenceYear: 2026).get()
        #expect(parsed.elements.map(\.name) == ["GTIN", "USE BY OR EXPIRY", "BATCH/LOT", "NET WEIGHT (kg)"])
        #expect(parsed.elements[0].meaning == .checkedNumber)
        #expect(parsed.elements[1].meaning == .date(year: 2025, month: 12, day: nil))
        #expect(parsed.elements[3].meaning == .decimal("1.234", currency: nil))
        #expect(parsed.elements[2].value == "ABC")
    }

    static let rejected: [GS1Rejection] = [
        GS1Rejection("", .empty),
        GS1Rejection("|", .empty),
        GS1Rejection("0104412345678908", .badCheckDigit(ai: "01")),
        GS1Rejection("00106141412345678907", .badCheckDigit(ai: "00")),
        GS1Rejection("010441234567890", .truncated(ai: "01")),
        GS1Rejection("0104412345|678909", .truncated(ai: "01")),
        GS1Rejection("17241301", .badDate(ai: "17")),
        GS1Rejection("17230229", .badDate(ai: "17")),
        GS1Rejection("17240431", .badDate(ai: "17")),
        GS1Rejection("1724043A", .badCharacter(ai: "17")),
        GS1Rejection("23123", .unknownAI("2312")),
        GS1Rejection("hello", .unknownAI("?")),
        GS1Rejection("10" + String(repeating: "A", count: 21), .fieldTooLong(ai: "10")),
        GS1Rejection("10AB\u{7}C", .badCharacter(ai: "10")),
        GS1Rejection("10a b", .badCharacter(ai: "10")),
        GS1Rejection([0x31, 0x30, 0xC3, 0xA9], .badCharacter(ai: "10"), label: "10 + UTF-8 é"),
        GS1Rejection([0x31, 0x30, 0xFF], .badCharacter(ai: "10"), label: "10 + non-UTF-8 byte"),
        GS1Rejection(Array(repeating: 0x1D, count: 5000), .tooLong, label: "5000 bytes"),
        GS1Rejection("310", .unknownAI("310")),
        GS1Rejection("3102", .truncated(ai: "3102")),
        GS1Rejection("3912", .truncated(ai: "3912")),
    ]

    @Test("rejects what is not a GS1 element string, saying why", arguments: rejected)
    func rejects(row: GS1Rejection) {
        #expect(GS1ElementString.parse(row.raw, referenceYear: 2026) == .failure(row.failure))
        #expect(!row.failure.message.isEmpty && !row.failure.message.contains("\n"))
    }

    @Test(
        "two-digit years fall within 49 years ahead and 50 behind",
        arguments: [
            [26, 2026, 2026], [76, 2026, 2076], [77, 2026, 1977], [99, 2026, 1999], [0, 2080, 2100], [30, 2080, 2130], [31, 2080, 2031],
        ])
    func resolvesCentury(row: [Int]) {
        #expect(GS1Element.fullYear(row[0], referenceYear: row[1]) == row[2])
    }

    @Test(
        "verifies mod-10 check digits",
        arguments: [("04412345678909", true), ("04412345678908", false), ("96385074", true), ("x1", false), ("1", false)])
    func checkDigits(digits: String, valid: Bool) {
        #expect(GS1Element.hasValidCheckDigit(Array(digits.utf8)) == valid)
    }
}
