// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Reading order")
struct ReadingOrderTests {
    /// A square code of side `size` whose top-left corner is (x, y).
    static func code(_ name: String, x: Double, y: Double, size: Double = 100) -> Symbol {
        Symbol(
            format: .qrCode, bytes: Array(name.utf8), text: name,
            corners: [Point(x: x, y: y), Point(x: x, y: y + size), Point(x: x + size, y: y + size), Point(x: x + size, y: y)])
    }

    /// A tilted photo: the right-hand code sits 40 px lower (less than half a code's height), and
    /// a second row below.
    static let layout = [
        code("top left", x: 0, y: 40), code("top right", x: 300, y: 80), code("bottom left", x: 10, y: 400),
        code("bottom right", x: 320, y: 380),
    ]

    @Test("rows read left to right even when tilted, whatever the input order", arguments: 0..<4)
    func rowsReadLeftToRight(rotation: Int) {
        let input = Array(Self.layout[rotation...] + Self.layout[..<rotation])
        #expect(input.sortedInReadingOrder().map(\.text) == ["top left", "top right", "bottom left", "bottom right"])
    }

    @Test("small codes far apart vertically are separate rows")
    func separateRows() {
        let codes = [Self.code("lower", x: 0, y: 60, size: 20), Self.code("upper", x: 200, y: 0, size: 20)]
        #expect(codes.sortedInReadingOrder().map(\.text) == ["upper", "lower"])
    }
}
