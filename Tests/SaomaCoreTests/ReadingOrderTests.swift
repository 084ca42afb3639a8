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

@Suite("Markers in reading order")
struct MarkerReadingOrderTests {
    /// A row of three codes tilted downwards to the right in a 600×400 image, and a fourth below.
    static let codes = [
        ReadingOrderTests.code("a", x: 20, y: 40), ReadingOrderTests.code("b", x: 220, y: 55), ReadingOrderTests.code("c", x: 420, y: 70),
        ReadingOrderTests.code("d", x: 250, y: 280),
    ]

    /// (mirrored, the codes in the order markers are numbered and focused).
    static let cases: [(Bool, [String])] = [(false, ["a", "b", "c", "d"]), (true, ["c", "b", "a", "d"])]

    @Test("markers read left to right as shown, the mirror reversing each row, rows from the top", arguments: cases)
    func orderFollowsWhatIsShown(mirrored: Bool, expected: [String]) {
        let transform = ViewTransform(
            imageSize: Size(width: 600, height: 400),
            viewport: Viewport(size: Size(width: 900, height: 600), fit: .cover, mirrored: mirrored))
        let order = MarkerPlacement.readingOrder(of: Self.codes, transform: transform)
        #expect(order.map { Self.codes[$0].text } == expected)
    }

    @Test("exact centre heights would put the mirrored row right to left: the row rule does not")
    func tiltDoesNotReverseTheRow() {
        let transform = ViewTransform(
            imageSize: Size(width: 600, height: 400), viewport: Viewport(size: Size(width: 600, height: 400), fit: .contain, mirrored: true)
        )
        let row = Array(Self.codes.prefix(3))
        let byHeight = row.indices.sorted { row[$0].center.y < row[$1].center.y }.map { row[$0].text }
        #expect(byHeight == ["a", "b", "c"])
        #expect(MarkerPlacement.readingOrder(of: row, transform: transform).map { row[$0].text } == ["c", "b", "a"])
    }
}
