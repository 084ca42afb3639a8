// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Colours and contrast")
struct QRColorTests {
    static let parsing: [(String, RGBColor?)] = [
        ("#000000", .black), ("#FFFFFF", .white), ("#fff", .white), ("fff", .white),
        ("#1a2B3c", RGBColor(red: 0x1A, green: 0x2B, blue: 0x3C)),
        ("#abc", RGBColor(red: 0xAA, green: 0xBB, blue: 0xCC)), ("black", .black), (" White ", .white),
        ("navy", RGBColor(red: 0, green: 0, blue: 128)), ("#12345", nil), ("#ggg", nil), ("", nil), ("blurple", nil),
        ("#1234567", nil), ("#１２３", nil),
    ]

    @Test("colours parse from hex and names", arguments: parsing)
    func parses(text: String, expected: RGBColor?) {
        #expect(RGBColor(parsing: text) == expected)
    }

    @Test("hex string round-trips")
    func hexRoundTrips() {
        for color in [RGBColor.black, .white, RGBColor(red: 1, green: 128, blue: 254)] {
            #expect(RGBColor(parsing: color.hexString) == color)
        }
    }

    /// Ratios from the WCAG 2 definition, checked against published values.
    static let ratios: [(String, String, Double)] = [
        ("black", "white", 21), ("white", "white", 1), ("#777777", "white", 4.48), ("#767676", "white", 4.54),
        ("red", "white", 4.0), ("navy", "white", 16.0), ("#888", "#777", 1.27),
    ]

    @Test("WCAG contrast ratios", arguments: ratios)
    func contrast(a: String, b: String, expected: Double) throws {
        let ratio = RGBColor.contrastRatio(try #require(RGBColor(parsing: a)), try #require(RGBColor(parsing: b)))
        #expect(abs(ratio - expected) < 0.01 * expected)
        #expect(RGBColor.contrastRatio(try #require(RGBColor(parsing: b)), try #require(RGBColor(parsing: a))) == ratio)
    }

    static let verdicts: [(String, String, Set<QRColorCheck.Verdict>)] = [
        ("black", "white", [.good]), ("navy", "white", [.good]), ("#767676", "white", [.good]),
        ("#777777", "white", [.lowContrast]), ("red", "white", [.lowContrast]), ("white", "black", [.inverted]),
        ("#888", "#777", [.invisible, .inverted]), ("#777", "#888", [.invisible]), ("#ccc", "#444", [.inverted]),
        ("yellow", "white", [.invisible]),
    ]

    @Test("verdicts: warn below 4.5:1 and for inverted, refuse below 1.5:1", arguments: verdicts)
    func verdict(fg: String, bg: String, expected: Set<QRColorCheck.Verdict>) throws {
        let check = QRColorCheck(foreground: try #require(RGBColor(parsing: fg)), background: try #require(RGBColor(parsing: bg)))
        #expect(check.verdicts == expected)
        #expect(check.isRefused == expected.contains(.invisible))
    }

    @Test("luma uses BT.601 weights")
    func lumaWeights() {
        #expect(RGBColor.black.luma == 0)
        #expect(RGBColor.white.luma == 255)
        #expect(RGBColor(red: 255, green: 0, blue: 0).luma == 76)
        #expect(RGBColor(red: 0, green: 255, blue: 0).luma == 150)
        #expect(RGBColor(red: 0, green: 0, blue: 255).luma == 29)
    }

    @Test("capacity in bytes per level")
    func capacities() {
        #expect(QRCapacity.maximumBytes(level: .low, withECI: false) == 2953)
        #expect(QRCapacity.maximumBytes(level: .medium, withECI: false) == 2331)
        #expect(QRCapacity.maximumBytes(level: .quartile, withECI: false) == 1663)
        #expect(QRCapacity.maximumBytes(level: .high, withECI: false) == 1273)
        for level in ErrorCorrectionLevel.allCases {
            #expect(QRCapacity.maximumBytes(level: level, withECI: true) == QRCapacity.maximumBytes(level: level, withECI: false) - 1)
        }
        #expect(QRPayload.text("abc").usesUTF8ECI == false)
        #expect(QRPayload.text("abç").usesUTF8ECI)
        #expect(QRPayload.bytes([0xC3, 0xA7]).usesUTF8ECI == false)
    }
}
