// SPDX-License-Identifier: GPL-3.0-or-later

/// Code 128 (ISO/IEC 15417) read from the widths of its bars and spaces along one scan line.
///
/// Pure and bounded: the widths come from the pixels of any image, so the work is linear in the
/// number of elements (at most `maxElements` are looked at), a symbol holds at most
/// `maxCodewords` codewords and one line gives at most `maxSymbolsPerLine` symbols.
public enum Code128 {
    /// The start codewords of code sets A, B and C, and the stop codeword.
    public static let startA = 103
    public static let startB = 104
    public static let startC = 105
    public static let stop = 106
    /// Function codewords in code sets A and B (`fnc4` is 101 in A, 100 in B).
    static let fnc3 = 96
    static let fnc2 = 97
    static let shift = 98
    static let codeC = 99
    static let codeB = 100
    static let codeA = 101
    static let fnc1 = 102

    /// Most elements of one line looked at (a row of a 100 000-pixel image has fewer edges).
    public static let maxElements = 131_072
    /// Most codewords (start, data and check character) of one symbol.
    public static let maxCodewords = 256
    /// Most symbols reported for one line, and most failed attempts kept for it.
    public static let maxSymbolsPerLine = 16

    /// The bar and space widths in modules of each symbol character 0…105, and of the stop
    /// pattern (106, seven elements: the stop character and its terminating bar).
    static let patterns: [[Int]] = [
        [2, 1, 2, 2, 2, 2], [2, 2, 2, 1, 2, 2], [2, 2, 2, 2, 2, 1], [1, 2, 1, 2, 2, 3], [1, 2, 1, 3, 2, 2],
        [1, 3, 1, 2, 2, 2], [1, 2, 2, 2, 1, 3], [1, 2, 2, 3, 1, 2], [1, 3, 2, 2, 1, 2], [2, 2, 1, 2, 1, 3],
        [2, 2, 1, 3, 1, 2], [2, 3, 1, 2, 1, 2], [1, 1, 2, 2, 3, 2], [1, 2, 2, 1, 3, 2], [1, 2, 2, 2, 3, 1],
        [1, 1, 3, 2, 2, 2], [1, 2, 3, 1, 2, 2], [1, 2, 3, 2, 2, 1], [2, 2, 3, 2, 1, 1], [2, 2, 1, 1, 3, 2],
        [2, 2, 1, 2, 3, 1], [2, 1, 3, 2, 1, 2], [2, 2, 3, 1, 1, 2], [3, 1, 2, 1, 3, 1], [3, 1, 1, 2, 2, 2],
        [3, 2, 1, 1, 2, 2], [3, 2, 1, 2, 2, 1], [3, 1, 2, 2, 1, 2], [3, 2, 2, 1, 1, 2], [3, 2, 2, 2, 1, 1],
        [2, 1, 2, 1, 2, 3], [2, 1, 2, 3, 2, 1], [2, 3, 2, 1, 2, 1], [1, 1, 1, 3, 2, 3], [1, 3, 1, 1, 2, 3],
        [1, 3, 1, 3, 2, 1], [1, 1, 2, 3, 1, 3], [1, 3, 2, 1, 1, 3], [1, 3, 2, 3, 1, 1], [2, 1, 1, 3, 1, 3],
        [2, 3, 1, 1, 1, 3], [2, 3, 1, 3, 1, 1], [1, 1, 2, 1, 3, 3], [1, 1, 2, 3, 3, 1], [1, 3, 2, 1, 3, 1],
        [1, 1, 3, 1, 2, 3], [1, 1, 3, 3, 2, 1], [1, 3, 3, 1, 2, 1], [3, 1, 3, 1, 2, 1], [2, 1, 1, 3, 3, 1],
        [2, 3, 1, 1, 3, 1], [2, 1, 3, 1, 1, 3], [2, 1, 3, 3, 1, 1], [2, 1, 3, 1, 3, 1], [3, 1, 1, 1, 2, 3],
        [3, 1, 1, 3, 2, 1], [3, 3, 1, 1, 2, 1], [3, 1, 2, 1, 1, 3], [3, 1, 2, 3, 1, 1], [3, 3, 2, 1, 1, 1],
        [3, 1, 4, 1, 1, 1], [2, 2, 1, 4, 1, 1], [4, 3, 1, 1, 1, 1], [1, 1, 1, 2, 2, 4], [1, 1, 1, 4, 2, 2],
        [1, 2, 1, 1, 2, 4], [1, 2, 1, 4, 2, 1], [1, 4, 1, 1, 2, 2], [1, 4, 1, 2, 2, 1], [1, 1, 2, 2, 1, 4],
        [1, 1, 2, 4, 1, 2], [1, 2, 2, 1, 1, 4], [1, 2, 2, 4, 1, 1], [1, 4, 2, 1, 1, 2], [1, 4, 2, 2, 1, 1],
        [2, 4, 1, 2, 1, 1], [2, 2, 1, 1, 1, 4], [4, 1, 3, 1, 1, 1], [2, 4, 1, 1, 1, 2], [1, 3, 4, 1, 1, 1],
        [1, 1, 1, 2, 4, 2], [1, 2, 1, 1, 4, 2], [1, 2, 1, 2, 4, 1], [1, 1, 4, 2, 1, 2], [1, 2, 4, 1, 1, 2],
        [1, 2, 4, 2, 1, 1], [4, 1, 1, 2, 1, 2], [4, 2, 1, 1, 1, 2], [4, 2, 1, 2, 1, 1], [2, 1, 2, 1, 4, 1],
        [2, 1, 4, 1, 2, 1], [4, 1, 2, 1, 2, 1], [1, 1, 1, 1, 4, 3], [1, 1, 1, 3, 4, 1], [1, 3, 1, 1, 4, 1],
        [1, 1, 4, 1, 1, 3], [1, 1, 4, 3, 1, 1], [4, 1, 1, 1, 1, 3], [4, 1, 1, 3, 1, 1], [1, 1, 3, 1, 4, 1],
        [1, 1, 4, 1, 3, 1], [3, 1, 1, 1, 4, 1], [4, 1, 1, 1, 3, 1], [2, 1, 1, 4, 1, 2], [2, 1, 1, 2, 1, 4],
        [2, 1, 1, 2, 3, 2], [2, 3, 3, 1, 1, 1, 2],
    ]

    /// The character of each edge signature (the four similar-edge distances in modules, 2…7, as
    /// base-8 digits), or -1.
    static let bySignature: [Int8] = {
        var table = [Int8](repeating: -1, count: 8 * 8 * 8 * 8)
        for (value, pattern) in patterns.enumerated() {
            table[signature(pattern)] = Int8(value)
        }
        return table
    }()

    /// The edge signature of six module (or measured and rounded) widths.
    static func signature(_ modules: [Int]) -> Int {
        var key = 0
        for i in 0..<4 { key = key * 8 + (modules[i] + modules[i + 1]) }
        return key
    }

    /// One symbol read from a line.
    public struct Reading: Hashable, Sendable {
        /// The start character, the data codewords and the check character (not the stop).
        public var codewords: [Int]
        /// What the codewords say (`Interpretation`).
        public var data: Interpretation
        /// The elements of the line the symbol spans (indices into the widths in scan order).
        public var elements: Range<Int>
        /// Whether the line crossed the symbol from its stop to its start.
        public var isReversed: Bool
    }

    /// A symbol whose start character was read but that does not verify (a character, the check
    /// character or the stop pattern failed): what was read up to there, for telling whether a
    /// line shows an FNC4 that a verified reading does not account for.
    public struct Attempt: Hashable, Sendable {
        /// The start character and the codewords read after it before the failure (the last one
        /// may be the check character).
        public var codewords: [Int]
    }

    /// Everything one line gives: the verified symbols and the failed attempts.
    public struct LineScan: Hashable, Sendable {
        public var readings: [Reading] = []
        public var attempts: [Attempt] = []
    }

    /// Every Code 128 symbol along a line, read in either direction.
    ///
    /// `widths` are the element widths in scan order in any unit (zbar gives 1/32 pixel); the
    /// first is a bar when `firstIsBar`, the elements alternate. A start character must follow
    /// at least 5 modules of space or open the line; characters are read the way ISO/IEC 15417's
    /// reference decode algorithm does (four similar-edge distances, each rounded to whole
    /// modules of the character's width — here the width averaged over up to four neighbouring
    /// characters, which keeps ±0.4-module edge noise within the ±0.5-module tolerance — and the
    /// bar modules checked), consecutive characters may differ in width by 30 % at most, and a
    /// symbol counts only with its mod-103 check character and the whole stop pattern.
    public static func scan(widths: [Int], firstIsBar: Bool) -> LineScan {
        let clamped = widths.prefix(maxElements).map { min(max($0, 0), 1 << 24) }
        var result = LineScan()
        var forward = Walker(widths: clamped, firstIsBar: firstIsBar, isReversed: false)
        forward.run(into: &result)
        let lastIsBar = clamped.count % 2 == 1 ? firstIsBar : !firstIsBar
        var backward = Walker(widths: clamped.reversed(), firstIsBar: lastIsBar, isReversed: true)
        backward.run(into: &result)
        // Elements in the caller's scan order.
        let n = clamped.count
        for i in result.readings.indices where result.readings[i].isReversed {
            let r = result.readings[i].elements
            result.readings[i].elements = (n - r.upperBound)..<(n - r.lowerBound)
        }
        return result
    }

    /// Whether the mod-103 check character (the last of `codewords`) matches the start and data.
    public static func checkCharacterMatches(_ codewords: [Int]) -> Bool {
        guard codewords.count >= 2, let check = codewords.last else { return false }
        var sum = codewords[0]
        for i in 1..<(codewords.count - 1) { sum = (sum + i * codewords[i]) % 103 }
        return sum % 103 == check
    }

    /// Reads symbols along one direction of a line.
    struct Walker {
        let w: [Int]
        let firstIsBar: Bool
        let isReversed: Bool
        /// Character decodes left before the line is given up (linear time whatever the input).
        var budget: Int

        init(widths: [Int], firstIsBar: Bool, isReversed: Bool) {
            w = widths
            self.firstIsBar = firstIsBar
            self.isReversed = isReversed
            budget = widths.count + 64
        }

        func isBar(_ i: Int) -> Bool { (i % 2 == 0) == firstIsBar }

        /// The sum of the six widths from `i`, or `nil` past the end.
        func characterWidth(at i: Int) -> Int? {
            guard i >= 0, i + 6 <= w.count else { return nil }
            return w[i] + w[i + 1] + w[i + 2] + w[i + 3] + w[i + 4] + w[i + 5]
        }

        /// The character whose six elements start at the bar `i`, measured against a character
        /// width `p` (eleven modules), or `nil`.
        func character(at i: Int, width p: Int) -> Int? {
            guard p > 0, i + 6 <= w.count else { return nil }
            var key = 0
            for k in 0..<4 {
                let e = w[i + k] + w[i + k + 1]
                // Rounded to whole modules: e · 11 / p.
                let modules = (2 * e * 11 + p) / (2 * p)
                guard (2...7).contains(modules) else { return nil }
                key = key * 8 + modules
            }
            let value = Int(Code128.bySignature[key])
            guard value >= 0 else { return nil }
            // Character self-check: the bars' width matches the pattern's within 1.75 modules.
            let pattern = Code128.patterns[value]
            let barModules4 = (w[i] + w[i + 2] + w[i + 4]) * 44 / p
            let expected4 = (pattern[0] + pattern[2] + pattern[4]) * 4
            guard abs(barModules4 - expected4) <= 7 else { return nil }
            return value
        }

        mutating func run(into result: inout LineScan) {
            var i = firstIsBar ? 0 : 1
            while i + 6 <= w.count, budget > 0, result.readings.count < Code128.maxSymbolsPerLine {
                if let end = attempt(at: i, into: &result) {
                    i = end + (isBar(end) ? 0 : 1)
                } else {
                    i += 2
                }
            }
        }

        /// Reads a symbol whose start character begins at the bar `start`; returns the index
        /// just past it when it verifies.
        mutating func attempt(at start: Int, into result: inout LineScan) -> Int? {
            guard let p0 = characterWidth(at: start) else { return nil }
            // The start character's module from its own width and the next character's.
            var p = p0
            if let p1 = characterWidth(at: start + 6), isConsistent(p1, p0) { p = (p0 + p1) / 2 }
            budget -= 1
            guard let first = character(at: start, width: p), (Code128.startA...Code128.startC).contains(first) else { return nil }
            // Quiet zone: at least 5 modules of space before the start, unless the line opens here.
            if start > 0 && w[start - 1] * 11 < 5 * p { return nil }
            var codewords = [first]
            var recent = [p0]
            var i = start + 6
            while budget > 0 {
                budget -= 1
                guard let own = characterWidth(at: i), let last = recent.last, isConsistent(own, last) else { break }
                let window = (recent.reduce(0, +) + own) / (recent.count + 1)
                guard let c = character(at: i, width: window) else { break }
                if c == Code128.stop {
                    // The terminating bar (2 modules) completes the stop pattern.
                    let terminator = i + 6 < w.count ? w[i + 6] * 44 / window : 0
                    guard (5...11).contains(terminator), codewords.count >= 2, Code128.checkCharacterMatches(codewords) else { break }
                    let data = Code128.interpret(Array(codewords.dropLast()))
                    guard let data else { break }
                    result.readings.append(
                        Reading(codewords: codewords, data: data, elements: start..<(i + 7), isReversed: isReversed))
                    return i + 7
                }
                guard c < Code128.startA, codewords.count < Code128.maxCodewords else { break }
                codewords.append(c)
                recent.append(own)
                if recent.count > 3 { recent.removeFirst() }
                i += 6
            }
            if codewords.count > 1 && result.attempts.count < Code128.maxSymbolsPerLine {
                result.attempts.append(Attempt(codewords: codewords))
            }
            return nil
        }

        /// Whether two consecutive characters' widths are within 30 % of each other.
        func isConsistent(_ a: Int, _ b: Int) -> Bool {
            abs(a - b) * 10 <= 3 * max(a, b)
        }
    }
}
