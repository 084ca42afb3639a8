// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Structured append")
struct StructuredAppendTests {
    /// Part `index` of a `count`-part QR message with parity id `id`.
    static func part(_ text: String, _ index: Int, of count: Int, id: String = "42", x: Double) -> Symbol {
        var s = code(.qrCode, text, x: x)
        s.sequence = Symbol.Sequence(index: index, count: count, id: Array(id.utf8))
        return s
    }

    static func text(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }

    @Test("parts in any order are joined once, in part order, with their count")
    func joins() throws {
        let parts = [
            Self.part("append", 2, of: 3, x: 200), Self.part("Hello ", 0, of: 3, x: 0), Self.part("structured ", 1, of: 3, x: 100),
        ]
        let joined = StructuredAppend.assembled(parts + [Self.part("Hello ", 0, of: 3, x: 0)], text: Self.text)
        #expect(joined.count == 1)
        let message = try #require(joined.first)
        #expect(message.text == "Hello structured append" && message.sequence == nil)
        #expect(message.assembly == Symbol.Assembly(total: 3, missing: []))
        #expect(Rect(bounding: message.corners) == Rect(x: 0, y: 10, width: 240, height: 40))
    }

    @Test("a message with parts missing says which")
    func missing() throws {
        let joined = StructuredAppend.assembled([Self.part("b", 1, of: 4, x: 0), Self.part("d", 3, of: 4, x: 50)], text: Self.text)
        #expect(joined.first?.assembly == Symbol.Assembly(total: 4, missing: [0, 2]))
        #expect(joined.first?.text == "bd")
    }

    @Test("two messages stay apart, whole codes pass through, and a message read whole by another engine is reported once")
    func separate() {
        let a = [Self.part("a1", 0, of: 2, id: "1", x: 0), Self.part("a2", 1, of: 2, id: "1", x: 50)]
        let b = [Self.part("b1", 0, of: 2, id: "2", x: 100), Self.part("b2", 1, of: 2, id: "2", x: 150)]
        let plain = code(.ean13, "4006381333931", x: 300)
        let joined = StructuredAppend.assembled(a + b + [plain], text: Self.text)
        #expect(Set(joined.compactMap(\.text)) == ["a1a2", "b1b2", "4006381333931"])
        let zbarWhole = code(.qrCode, "a1a2", x: 0)
        #expect(StructuredAppend.assembled(a + [zbarWhole], text: Self.text) == [zbarWhole])
    }
}

@Suite("Structured append over a live view")
struct LiveAssemblyTests {
    static func part(_ text: String, _ index: Int, of count: Int, x: Double) -> Symbol {
        StructuredAppendTests.part(text, index, of: count, x: x)
    }

    @Test("parts shown one at a time are reported once, joined, when the last one is seen")
    func gathers() throws {
        var live = LiveAssembly()
        let text = StructuredAppendTests.text
        #expect(live.frame([Self.part("Hello ", 0, of: 3, x: 0)], at: 0, text: text).isEmpty)
        #expect(live.frame([Self.part("structured ", 1, of: 3, x: 0)], at: 0.5, text: text).isEmpty)
        let done = live.frame([Self.part("append", 2, of: 3, x: 300)], at: 1, text: text)
        #expect(done.map(\.text) == ["Hello structured append"])
        #expect(done.first?.assembly == Symbol.Assembly(total: 3, missing: []))
        // Outlined where this frame's part is.
        #expect(Rect(bounding: try #require(done.first).corners).minX == 300)
        // Reported once: the message starts again from nothing.
        #expect(live.frame([Self.part("append", 2, of: 3, x: 300)], at: 1.1, text: text).isEmpty)
    }

    @Test("a message whose parts never all show is reported after its wait, saying which are missing")
    func patience() {
        var live = LiveAssembly()
        let text = StructuredAppendTests.text
        let whole = code(.ean13, "4006381333931", x: 500)
        #expect(live.frame([Self.part("a", 0, of: 2, x: 0), whole], at: 10, text: text).map(\.text) == ["4006381333931"])
        #expect(live.frame([Self.part("a", 0, of: 2, x: 0)], at: 10 + LiveAssembly.patience - 0.1, text: text).isEmpty)
        let late = live.frame([Self.part("a", 0, of: 2, x: 0)], at: 10 + LiveAssembly.patience, text: text)
        #expect(late.first?.assembly == Symbol.Assembly(total: 2, missing: [1]) && late.first?.text == "a")
    }

    @Test("parts out of view for a while are forgotten")
    func forgets() {
        var live = LiveAssembly()
        let text = StructuredAppendTests.text
        _ = live.frame([Self.part("a", 0, of: 2, x: 0)], at: 0, text: text)
        // The second part comes long after the first left the view: not joined with it.
        let later = live.frame([Self.part("b", 1, of: 2, x: 0)], at: LiveAssembly.memory + 1, text: text)
        #expect(later.isEmpty)
    }
}
