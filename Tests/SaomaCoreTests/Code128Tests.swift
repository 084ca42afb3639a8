// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@testable import SaomaCore

/// Code 128 symbols drawn as element widths, for the codeword decoder's tests.
enum Code128Drawing {
    /// `data` codewords behind `start`, with the check character appended.
    static func codewords(start: Int, _ data: [Int]) -> [Int] {
        var sum = start
        for (i, c) in data.enumerated() { sum += (i + 1) * c }
        return [start] + data + [sum % 103]
    }

    /// Module widths of the whole symbol: 10 modules of quiet zone, the characters, the stop
    /// pattern and 10 modules of quiet zone (spaces first and last).
    static func modules(_ codewords: [Int]) -> [Int] {
        [10] + codewords.flatMap { Code128.patterns[$0] } + Code128.patterns[Code128.stop] + [10]
    }

    /// The widths in 1/32 pixel at `scale` pixels per module, each edge moved by up to
    /// ±`jitter` modules (deterministic LCG from `seed`).
    static func widths(_ modules: [Int], scale: Double, jitter: Double = 0, seed: UInt64 = 7) -> [Int] {
        var state = seed
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
        var edges: [Double] = [0]
        var position = 0.0
        for m in modules {
            position += Double(m)
            edges.append(position + jitter * random())
        }
        edges[edges.count - 1] = position
        return zip(edges.dropFirst(), edges).map { Int((($0 - $1) * scale * 32).rounded()) }
    }
}

@Suite("Code 128 codewords")
struct Code128Tests {
    @Test("every character and the stop pattern have their own edge signature")
    func signaturesAreUnique() {
        #expect(Code128.patterns.count == 107)
        let signatures = Set(Code128.patterns.map(Code128.signature))
        #expect(signatures.count == 107)
        for (value, pattern) in Code128.patterns.enumerated() {
            #expect(pattern.prefix(6).reduce(0, +) == 11, "character \(value)")
            #expect(Code128.bySignature[Code128.signature(pattern)] == Int8(value))
        }
        #expect(Code128.patterns[Code128.stop].reduce(0, +) == 13)
    }

    static func latin(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8($0.value) } }

    @Test(
        "interprets code sets, switches, shifts and function characters",
        arguments: [
            // Code set B, A (control characters), C (digit pairs).
            ([104, 40, 73], "Hi", false, false, "Hi"),
            ([103, 33, 77, 64, 95], "A\r\u{0}\u{1F}", false, false, "A\r\u{0}\u{1F}"),
            ([105, 12, 34, 0, 99], "12340099", false, false, "12340099"),
            // Switches: B → C → B, C → A, A → B.
            ([104, 65, 99, 12, 100, 66], "a12b", false, false, "a12b"),
            ([105, 12, 101, 77, 100, 65], "12\ra", false, false, "12\ra"),
            // Shift: B → one A character (CR), A → one B character (a).
            ([104, 65, 98, 77, 66], "a\rb", false, false, "a\rb"),
            ([103, 33, 98, 65, 33], "AaA", false, false, "AaA"),
            // A single FNC4 in B and in A; in A a control character becomes C1.
            ([104, 100, 36, 80, 70, 69, 76], "\u{C4}pfel", false, true, "Dpfel"),
            ([103, 101, 36, 101, 64], "\u{C4}\u{80}", false, true, "D\u{0}"),
            // Double FNC4 latches; inside, a single FNC4 makes one character basic; a second
            // double FNC4 unlatches.
            ([104, 100, 100, 36, 54, 100, 36, 100, 100, 36], "\u{C4}\u{D6}DD", false, true, "DVDD"),
            ([104, 100, 100, 36, 99, 12, 100, 54], "\u{C4}12\u{D6}", false, true, "D12V"),
            // A single FNC4 before a code set C digit pair waits for the next A or B character.
            ([104, 100, 99, 12, 100, 36], "12\u{C4}", false, true, "12D"),
            // FNC1: first → GS1, second (AIM) dropped, later → GS, trailing dropped.
            ([105, 102, 1, 90, 102, 10], "0190\u{1D}10", true, false, "0190\u{1D}10"),
            ([104, 33, 102, 17, 18], "A12", false, false, "A12"),
            ([105, 102, 10, 11, 102], "1011", true, false, "1011"),
            // FNC2 and FNC3 dropped.
            ([104, 97, 33, 96, 34], "AB", false, false, "AB"),
        ] as [([Int], String, Bool, Bool, String)])
    func interprets(codewords: [Int], text: String, isGS1: Bool, usesFNC4: Bool, plain: String) throws {
        let data = try #require(Code128.interpret(codewords))
        #expect(data.bytes == Self.latin(text))
        #expect(data.isGS1 == isGS1)
        #expect(data.usesFNC4 == usesFNC4)
        #expect(data.bytesIgnoringFNC4 == Self.latin(plain))
    }

    @Test(
        "refuses codeword strings without a start character or with one inside",
        arguments: [[], [33, 34], [104, 33, 104, 34], [104, 106]])
    func refusesMalformed(codewords: [Int]) {
        #expect(Code128.interpret(codewords) == nil)
    }

    @Test("reads a symbol at 2 to 6 pixels per module, in both directions", arguments: [2.0, 3, 4, 5, 6])
    func readsWidths(scale: Double) throws {
        let codewords = Code128Drawing.codewords(start: 104, [100, 36, 80, 70, 69, 76, 99, 12, 34])
        let widths = Code128Drawing.widths(Code128Drawing.modules(codewords), scale: scale)
        let forward = Code128.scan(widths: widths, firstIsBar: false)
        try #require(forward.readings.count == 1)
        #expect(forward.readings[0].codewords == codewords)
        #expect(forward.readings[0].data.bytes == [0xC4] + Array("pfel1234".utf8))
        #expect(forward.readings[0].isReversed == false)
        #expect(forward.readings[0].elements == 1..<(widths.count - 1))
        let backward = Code128.scan(widths: widths.reversed(), firstIsBar: false)
        try #require(backward.readings.count == 1)
        #expect(backward.readings[0].codewords == codewords)
        #expect(backward.readings[0].isReversed)
        #expect(backward.readings[0].elements == 1..<(widths.count - 1))
    }

    @Test("tolerates edges off by up to 0.2 module (widths ±0.4 module)", arguments: 1...40)
    func toleratesNoise(seed: Int) throws {
        let data = (0..<12).map { ($0 * 37 + seed * 11) % 96 }
        let codewords = Code128Drawing.codewords(start: 104, data)
        let scale = Double(2 + seed % 5)
        let widths = Code128Drawing.widths(Code128Drawing.modules(codewords), scale: scale, jitter: 0.2, seed: UInt64(seed))
        let scan = Code128.scan(widths: widths, firstIsBar: false)
        #expect(scan.readings.map(\.codewords) == [codewords])
    }

    @Test("reads nothing from a symbol with a wrong check character or a bad stop pattern")
    func refusesDamage() throws {
        var codewords = Code128Drawing.codewords(start: 104, [100, 36, 80, 70])
        var modules = Code128Drawing.modules(codewords)
        // The terminating bar of the stop pattern as wide as a space around it: no stop.
        modules[modules.count - 2] = 4
        let badStop = Code128.scan(widths: Code128Drawing.widths(modules, scale: 3), firstIsBar: false)
        #expect(badStop.readings.isEmpty)
        #expect(badStop.attempts.map(\.codewords).contains(codewords))
        codewords[codewords.count - 1] = (codewords[codewords.count - 1] + 1) % 103
        let badCheck = Code128.scan(widths: Code128Drawing.widths(Code128Drawing.modules(codewords), scale: 3), firstIsBar: false)
        #expect(badCheck.readings.isEmpty)
        #expect(badCheck.attempts.map(\.codewords).contains(codewords))
    }

    @Test("needs a quiet zone before the start character unless the line opens with it")
    func needsQuietZone() {
        let codewords = Code128Drawing.codewords(start: 104, [33, 34])
        var modules = Code128Drawing.modules(codewords)
        modules[0] = 3
        #expect(Code128.scan(widths: Code128Drawing.widths(modules, scale: 3), firstIsBar: false).readings.isEmpty)
        let opening = Code128Drawing.widths(Array(modules.dropFirst()), scale: 3)
        #expect(Code128.scan(widths: opening, firstIsBar: true).readings.map(\.codewords) == [codewords])
    }

    @Test("finds two symbols on one line")
    func findsTwoSymbols() {
        let first = Code128Drawing.codewords(start: 104, [33])
        let second = Code128Drawing.codewords(start: 105, [12, 34])
        let modules = Code128Drawing.modules(first) + Array(Code128Drawing.modules(second).dropFirst())
        let scan = Code128.scan(widths: Code128Drawing.widths(modules, scale: 2), firstIsBar: false)
        #expect(scan.readings.map(\.codewords) == [first, second])
    }

    @Test("stays bounded on hostile widths")
    func hostileWidths() {
        var state: UInt64 = 99
        let random = (0..<200_000).map { _ -> Int in
            state = state &* 6_364_136_223_846_793_005 &+ 1
            return Int(state >> 60) + 1
        }
        let repeated = Array(repeating: Code128Drawing.modules(Code128Drawing.codewords(start: 104, [33])).map { $0 * 32 }, count: 2000)
            .flatMap { $0 }
        let cases: [[Int]] = [
            [], [0], [Int.max, Int.min, 5], Array(repeating: 0, count: 1000), Array(repeating: Int.max, count: 1000),
            random, repeated, Array(repeating: 64, count: 150_000),
        ]
        for widths in cases {
            let scan = Code128.scan(widths: widths, firstIsBar: true)
            #expect(scan.readings.count <= Code128.maxSymbolsPerLine)
            #expect(scan.attempts.count <= Code128.maxSymbolsPerLine)
            #expect(scan.readings.allSatisfy { $0.codewords.count <= Code128.maxCodewords })
        }
        // The repeated symbol is found, up to the limit.
        #expect(Code128.scan(widths: repeated, firstIsBar: false).readings.count == Code128.maxSymbolsPerLine)
    }

    static func reading(_ codewords: [Int]) -> Code128.Reading {
        let full = Code128Drawing.codewords(start: codewords[0], Array(codewords.dropFirst()))
        return Code128.Reading(codewords: full, data: Code128.interpret(codewords)!, elements: 0..<1, isReversed: false)
    }

    static let apfel = [104, 100, 36, 80, 70, 69, 76]
    static let dpfel = [104, 36, 80, 70, 69, 76]

    @Test("replaces, keeps or drops a read that ignored FNC4")
    func resolves() throws {
        let low = Array("Dpfel".utf8)
        let withFNC4 = Code128.LineScan(readings: [Self.reading(Self.apfel)])
        let without = Code128.LineScan(readings: [Self.reading(Self.dpfel)])
        let failed = Code128.LineScan(attempts: [Code128.Attempt(codewords: Self.apfel + [5])])
        let unrelated = Code128.LineScan(
            readings: [Self.reading([104, 33])], attempts: [Code128.Attempt(codewords: [104, 100, 40, 41, 42])])
        let data = try #require(Code128.interpret(Self.apfel))
        #expect(Code128.resolve(bytes: low, isGS1: false, lines: [Code128.LineScan(), withFNC4]) == .replace(data))
        #expect(Code128.resolve(bytes: low, isGS1: false, lines: [without, failed]) == .keep)
        #expect(Code128.resolve(bytes: low, isGS1: false, lines: [without, withFNC4]) == .drop)
        #expect(Code128.resolve(bytes: low, isGS1: false, lines: [failed]) == .drop)
        #expect(Code128.resolve(bytes: low, isGS1: false, lines: [unrelated]) == .keep)
        #expect(Code128.resolve(bytes: low, isGS1: false, lines: []) == .keep)
        // The GS1 flag must agree too.
        #expect(Code128.resolve(bytes: low, isGS1: true, lines: [withFNC4]) == .keep)
    }

    @Test(
        "gives UTF-8 text when the bytes are UTF-8, else ISO-8859-1",
        arguments: [([0xC4, 0x70], "Äp"), ([0xC3, 0x84], "Ä"), (Array("plain".utf8), "plain"), ([0xFF, 0x80], "ÿ\u{80}")]
            as [([UInt8], String)])
    func text(bytes: [UInt8], text: String) {
        #expect(Code128.text(bytes) == text)
    }
}
