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

/// Hostile and unusual part sets: what zxing-cpp 1.4 reports for them (`Result.h`: a PDF417
/// macro without its optional segment count gives count 0, but for the segment marked last,
/// which gets its index + 1; a QR code's id is its parity byte, which zint writes as 0 unless told).
@Suite("Structured append, hostile parts")
struct StructuredAppendHostileTests {
    static func pdf(_ text: String, _ index: Int, count: Int, id: String = "77", x: Double) -> Symbol {
        var s = code(.pdf417, text, x: x)
        s.sequence = Symbol.Sequence(index: index, count: count, id: Array(id.utf8))
        return s
    }

    static let text = StructuredAppendTests.text

    @Test("a PDF417 macro without a segment count is joined with its last segment, and is never whole without it")
    func macroWithoutCount() throws {
        let first = Self.pdf("alpha ", 0, count: 0, x: 0)
        let middle = Self.pdf("beta ", 1, count: 0, x: 100)
        let last = Self.pdf("gamma", 2, count: 3, x: 200)
        // All three: one message, whole (the last segment says how many there are).
        let all = StructuredAppend.assembled([last, first, middle], text: Self.text)
        #expect(all.count == 1)
        #expect(all.first?.text == "alpha beta gamma")
        #expect(all.first?.assembly == Symbol.Assembly(total: 3, missing: []))
        // The last segment not read: the count is unknown, so the message is not whole.
        let open = try #require(StructuredAppend.assembled([first, middle], text: Self.text).first?.assembly)
        #expect(!open.isComplete && open.isOpenEnded && open.total == 2 && open.missing.isEmpty)
        // The middle one not read: part 2 missing, and the count known from the last.
        let gap = StructuredAppend.assembled([first, last], text: Self.text)
        #expect(gap.count == 1 && gap.first?.assembly == Symbol.Assembly(total: 3, missing: [1]))
        // Only the first and a gap after it, no last: both told.
        let both = try #require(StructuredAppend.assembled([first, Self.pdf("delta", 3, count: 0, x: 300)], text: Self.text).first)
        #expect(both.assembly == Symbol.Assembly(total: 4, missing: [1, 2], isOpenEnded: true))
    }

    @Test("parts of two messages that share an id and count are never joined by guess")
    func conflictingParts() throws {
        // Two 2-part QR messages, both with zint's parity 0: part 1 read twice with different data.
        let bank = StructuredAppendTests.part("https://bank.example/", 0, of: 2, id: "0", x: 0)
        let evil = StructuredAppendTests.part("https://evil.example/", 0, of: 2, id: "0", x: 100)
        let rest = StructuredAppendTests.part("pay?to=alice", 1, of: 2, id: "0", x: 200)
        let joined = StructuredAppend.assembled([bank, evil, rest], text: Self.text)
        // Each part on its own, each incomplete: nothing lost, nothing joined to the wrong part.
        #expect(Set(joined.compactMap(\.text)) == ["https://bank.example/", "https://evil.example/", "pay?to=alice"])
        #expect(joined.allSatisfy { $0.assembly?.isComplete == false })
        #expect(joined.first { $0.text == "pay?to=alice" }?.assembly == Symbol.Assembly(total: 2, missing: [0]))
        // The same part read twice (two passes, the same bytes) is one part.
        let twice = StructuredAppend.assembled([bank, bank, rest], text: Self.text)
        #expect(twice.map(\.text) == ["https://bank.example/pay?to=alice"])
        #expect(twice.first?.assembly?.isComplete == true)
    }

    @Test("two messages sharing an id with different counts stay apart; 256 parts of a 99 999-part message stay bounded")
    func countsAndSizes() {
        let a = [StructuredAppendTests.part("a1", 0, of: 2, id: "0", x: 0), StructuredAppendTests.part("a2", 1, of: 2, id: "0", x: 50)]
        let b = (0..<3).map { StructuredAppendTests.part("b\($0)", $0, of: 3, id: "0", x: 100 + 50 * Double($0)) }
        let joined = StructuredAppend.assembled(a + b, text: Self.text)
        #expect(Set(joined.compactMap(\.text)) == ["a1a2", "b0b1b2"])
        #expect(joined.allSatisfy { $0.assembly?.isComplete == true })
        let many = (0..<256).map { Self.pdf("p\($0)", $0 * 3, count: StructuredAppend.maximumParts, x: Double($0)) }
        let big = StructuredAppend.assembled(many, text: Self.text)
        #expect(big.count == 1)
        #expect(big.first?.assembly?.total == StructuredAppend.maximumParts)
        #expect(big.first?.assembly?.missing.count == StructuredAppend.maximumParts - 256)
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

    @Test("a PDF417 macro without a segment count is reported whole once its last segment is seen")
    func macroWithoutCount() {
        var live = LiveAssembly()
        let text = StructuredAppendTests.text
        let pdf = StructuredAppendHostileTests.pdf
        #expect(live.frame([pdf("alpha ", 0, 0, "77", 0)], at: 0, text: text).isEmpty)
        #expect(live.frame([pdf("beta ", 1, 0, "77", 0)], at: 0.5, text: text).isEmpty)
        let done = live.frame([pdf("gamma", 2, 3, "77", 0)], at: 1, text: text)
        #expect(done.map(\.text) == ["alpha beta gamma"])
        #expect(done.first?.assembly == Symbol.Assembly(total: 3, missing: []))
    }

    @Test("two messages' parts with one id are never joined by guess over a live view")
    func conflictingParts() {
        var live = LiveAssembly()
        let text = StructuredAppendTests.text
        #expect(live.frame([Self.part("https://bank.example/", 0, of: 2, x: 0)], at: 0, text: text).isEmpty)
        #expect(live.frame([Self.part("https://evil.example/", 0, of: 2, x: 0)], at: 0.5, text: text).isEmpty)
        let reported = live.frame([Self.part("pay?to=alice", 1, of: 2, x: 0)], at: 1, text: text)
        #expect(!reported.contains { $0.assembly?.isComplete == true })
        let later = live.frame([Self.part("pay?to=alice", 1, of: 2, x: 0)], at: 1 + LiveAssembly.patience, text: text)
        #expect(Set((reported + later).compactMap(\.text)) == ["https://bank.example/", "https://evil.example/", "pay?to=alice"])
        #expect(!(reported + later).contains { $0.assembly?.isComplete != false })
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
