// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite("Symbology selection")
struct SymbologySelectionTests {
    /// (stored list, expected enabled symbologies; nil = all of them).
    static let readings: [([String], Set<Symbology>?)] = [
        ([], nil),
        (["QR"], [.qrCode]),
        (["EAN-13", "QR", "EAN-13"], [.qrCode, .ean13]),
        (["nonsense"], nil),
        (["nonsense", "CODE-128"], [.code128]),
        (["qr"], nil),
    ]

    @Test("a stored list reads as its known names, or everything", arguments: readings)
    func reading(stored: [String], expected: Set<Symbology>?) {
        #expect(SymbologySelection(stored: stored).enabled == expected ?? Set(Symbology.allCases))
    }

    @Test("the stored list is in canonical order and reads back the same")
    func storedOrder() {
        let selection = SymbologySelection(stored: ["DataBar", "QR", "I2/5"])
        #expect(selection.stored == ["QR", "I2/5", "DataBar"])
        #expect(SymbologySelection(stored: selection.stored) == selection)
    }

    /// (stored list, symbology switched, on, expected stored list afterwards).
    static let switches: [([String], Symbology, Bool, [String])] = [
        (["QR", "EAN-13"], .ean13, false, ["QR"]),
        (["QR"], .qrCode, false, ["QR"]),
        (["QR"], .code39, true, ["QR", "CODE-39"]),
        (["QR", "CODE-39"], .code39, true, ["QR", "CODE-39"]),
        (["QR"], .ean8, false, ["QR"]),
        // Every symbology on is stored as the empty list, which later versions' symbologies join.
        ([], .pdf417, true, []),
        (Symbology.allCases.filter { $0 != .aztec }.map(\.rawValue), .aztec, true, []),
        ([], .aztec, false, Symbology.allCases.filter { $0 != .aztec }.map(\.rawValue)),
    ]

    @Test("switching on adds, off removes, and the last one stays on", arguments: switches)
    func switching(stored: [String], symbology: Symbology, on: Bool, expected: [String]) {
        var selection = SymbologySelection(stored: stored)
        selection.set(symbology, on: on)
        #expect(selection.stored == expected)
    }

    @Test("only the single symbology left on is locked")
    func locking() {
        let single = SymbologySelection(stored: ["EAN-8"])
        #expect(single.isLocked(.ean8))
        #expect(!single.isLocked(.qrCode))
        let pair = SymbologySelection(stored: ["EAN-8", "QR"])
        #expect(!pair.isLocked(.ean8) && !pair.isLocked(.qrCode))
    }

    @Test("the families list every symbology exactly once")
    func familiesCoverEverything() {
        let members = SymbologySelection.Family.allCases.flatMap(\.members)
        #expect(members.count == Symbology.allCases.count)
        #expect(Set(members) == Set(Symbology.allCases))
    }
}

@Suite("Symbology families")
struct SymbologyFamilyTests {
    @Test(
        "two-dimensional codes are matrix codes, EAN/UPC/ISBN retail, the rest industrial",
        arguments: [
            (Symbology.qrCode, SymbologySelection.Family.matrix), (.dataMatrix, .matrix), (.ean13, .retail), (.isbn10, .retail),
            (.ean5, .retail), (.code128, .industrial), (.interleaved2of5, .industrial), (.dataBarExpanded, .industrial),
        ])
    func family(symbology: Symbology, expected: SymbologySelection.Family) {
        #expect(SymbologySelection.Family.of(symbology) == expected)
        #expect(expected.members.contains(symbology))
    }

    @Test("members keep the symbologies' own order")
    func membersInOrder() {
        for family in SymbologySelection.Family.allCases {
            #expect(family.members == family.members.sorted())
        }
    }
}
