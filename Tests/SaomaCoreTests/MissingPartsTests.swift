// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One row: a message's part count and missing 0-based indices, and what a person is told.
struct MissingPartsCase: CustomTestStringConvertible, Sendable {
    let total: Int
    let missing: [Int]
    let runLimit: Int
    /// The runs told (1-based), `nil` when nothing is missing.
    let runs: [ClosedRange<Int>]?
    let count: Int
    let isCut: Bool

    init(
        _ total: Int, _ missing: [Int], runLimit: Int = MissingParts.defaultRunLimit, _ runs: [ClosedRange<Int>]?, count: Int = 0,
        cut: Bool = false
    ) {
        self.total = total
        self.missing = missing
        self.runLimit = runLimit
        self.runs = runs
        self.count = count
        self.isCut = cut
    }

    var testDescription: String { "\(total) parts, missing \(missing.prefix(8))\(missing.count > 8 ? "…" : "")" }
}

@Suite("Missing structured-append parts (MissingParts)")
struct MissingPartsTests {
    static let cases: [MissingPartsCase] = [
        MissingPartsCase(3, [], nil),
        MissingPartsCase(4, [1, 3], [2...2, 4...4], count: 2),
        MissingPartsCase(4, [3, 1], [2...2, 4...4], count: 2),
        MissingPartsCase(8, [1, 2, 3, 4, 6], [2...5, 7...7], count: 5),
        MissingPartsCase(2, [0], [1...1], count: 1),
        // Repeated and impossible indices (a hostile reply) are not parts.
        MissingPartsCase(4, [1, 1, -1, 4, 99], [2...2], count: 1),
        MissingPartsCase(4, [-1, 4], nil),
        MissingPartsCase(0, [0], nil),
        // Every other part missing of many: the first runs, then cut.
        MissingPartsCase(16, [1, 3, 5, 7, 9, 11, 13, 15], [2...2, 4...4, 6...6, 8...8, 10...10, 12...12], count: 8, cut: true),
        MissingPartsCase(16, [1, 3, 5], runLimit: 2, [2...2, 4...4], count: 3, cut: true),
        MissingPartsCase(16, [1, 3, 5], runLimit: 0, [2...2], count: 3, cut: true),
        // The largest message a code may claim: one run, counted whole.
        MissingPartsCase(
            StructuredAppend.maximumParts, Array(1..<StructuredAppend.maximumParts), [2...StructuredAppend.maximumParts],
            count: StructuredAppend.maximumParts - 1),
    ]

    @Test("parts told in runs, bounded", arguments: cases)
    func told(_ row: MissingPartsCase) {
        let parts = MissingParts(Symbol.Assembly(total: row.total, missing: row.missing), runLimit: row.runLimit)
        #expect(parts?.runs == row.runs)
        guard let parts else { return }
        #expect(parts.total == row.total)
        #expect(parts.count == row.count)
        #expect(parts.isCut == row.isCut)
        #expect(!parts.isOpenEnded)
    }

    @Test("a message that does not say how many parts it has, its last not read, is missing the parts after the last read")
    func openEnded() throws {
        let after = try #require(MissingParts(Symbol.Assembly(total: 2, missing: [], isOpenEnded: true)))
        #expect(after.isOpenEnded && after.runs.isEmpty && after.count == 0 && after.total == 2)
        let gaps = try #require(MissingParts(Symbol.Assembly(total: 5, missing: [1, 2], isOpenEnded: true)))
        #expect(gaps.isOpenEnded && gaps.runs == [2...3] && gaps.count == 2)
        #expect(MissingParts(Symbol.Assembly(total: 2, missing: [])) == nil)
    }
}
