// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("A row of actions that wraps (WrappedRow)")
struct WrappedRowTests {
    /// (children's widths, width given, lines expected).
    static let cases: [([Double], Double, [[Int]])] = [
        ([], 400, []),
        ([100, 80, 34], 400, [[0, 1, 2]]),
        // Exactly as wide as they need: one line.
        ([100, 80, 34], 238, [[0, 1, 2]]),
        ([100, 80, 34], 237, [[0, 1], [2]]),
        // A licence's actions in a narrow pane: the second and the menu go to the next line.
        ([235, 205, 34], 444, [[0], [1, 2]]),
        ([235, 205, 34], 200, [[0], [1], [2]]),
        // Wider than the width: a line of its own.
        ([500, 20], 300, [[0], [1]]),
        ([100], 0, [[0]]),
    ]

    @Test("children break onto lines in order", arguments: cases)
    func lines(widths: [Double], width: Double, expected: [[Int]]) {
        #expect(WrappedRow(widths: widths, spacing: 12).lines(for: width) == expected)
    }

    @Test("each line is centred; a child wider than the width is cut to it")
    func placements() {
        let row = WrappedRow(widths: [235, 205, 34], spacing: 12)
        #expect(row.naturalWidth == 498)
        let placed = row.placements(for: 444)
        #expect(placed.map(\.line) == [0, 1, 1])
        #expect(placed.map(\.x) == [104.5, 96.5, 313.5])
        #expect(placed.map(\.width) == [235, 205, 34])
        let wide = row.placements(for: 600)
        #expect(wide.map(\.x) == [51, 298, 515])
        let cut = WrappedRow(widths: [500], spacing: 12).placements(for: 300)
        #expect(cut.map(\.x) == [0] && cut.map(\.width) == [300])
    }
}
