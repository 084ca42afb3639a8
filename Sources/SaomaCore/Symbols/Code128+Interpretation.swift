// SPDX-License-Identifier: GPL-3.0-or-later

extension Code128 {
    /// What a Code 128 codeword string says.
    public struct Interpretation: Hashable, Sendable {
        /// The data bytes, extended characters (FNC4) as 128…255: ISO-8859-1 unless the
        /// application says otherwise. Later FNC1s are the group separator GS (0x1D).
        public var bytes: [UInt8]
        /// FNC1 in first position: a GS1-128 element string (the FNC1 is not in `bytes`).
        public var isGS1: Bool
        /// Whether the data uses FNC4 (extended characters).
        public var usesFNC4: Bool
        /// The bytes a reader that drops FNC4 codewords (zbar 0.23) reports for the same
        /// codewords: each extended character as its low-half letter.
        public var bytesIgnoringFNC4: [UInt8]
    }

    /// The code sets.
    enum CodeSet { case a, b, c }

    /// Interprets a start character and data codewords (no check character, no stop).
    ///
    /// Code sets A, B and C with their start characters, Code A/B/C switches and Shift (the
    /// next character from the other of A and B); FNC1 in first position marks GS1-128, in
    /// second position (after one letter or a digit pair) an AIM application indicator (dropped),
    /// later a group separator GS (a trailing FNC1 is dropped, as zbar does); FNC2 (message
    /// append) and FNC3 (reader initialisation) are dropped: Saoma reads every symbol on its own
    /// and programs no reader. FNC4 per ISO/IEC 15417: a single FNC4 adds 128 to the next data
    /// character of code set A or B; two consecutive FNC4 latch extended mode until the next
    /// two, and in that mode a single FNC4 makes the next character basic. `nil` when a start
    /// character stands inside the data or the first codeword is not a start character.
    public static func interpret(_ codewords: [Int]) -> Interpretation? {
        guard let start = codewords.first, codewords.count <= maxCodewords else { return nil }
        var set: CodeSet
        switch start {
        case startA: set = .a
        case startB: set = .b
        case startC: set = .c
        default: return nil
        }
        var out = Interpretation(bytes: [], isGS1: false, usesFNC4: false, bytesIgnoringFNC4: [])
        var shifted = false
        var latched = false
        var single = false
        var i = 1
        while i < codewords.count {
            let c = codewords[i]
            let position = i
            i += 1
            guard (0..<startA).contains(c) else { return nil }
            let current: CodeSet = shifted ? (set == .a ? .b : .a) : set
            shifted = false
            if current == .c {
                switch c {
                case 0..<100:
                    let digits = [UInt8(ascii: "0") + UInt8(c / 10), UInt8(ascii: "0") + UInt8(c % 10)]
                    out.bytes += digits
                    out.bytesIgnoringFNC4 += digits
                case codeB: set = .b
                case codeA: set = .a
                default: appendFNC1(at: position, count: codewords.count, to: &out)
                }
                continue
            }
            switch c {
            case 0..<fnc3:
                let basic = current == .a ? (c < 64 ? c + 32 : c - 64) : c + 32
                let extended = latched != single
                single = false
                out.bytes.append(UInt8(basic + (extended ? 128 : 0)))
                out.bytesIgnoringFNC4.append(UInt8(basic))
            case fnc3, fnc2: break
            case shift: shifted = true
            case codeC: set = .c
            case fnc1: appendFNC1(at: position, count: codewords.count, to: &out)
            default:
                // 100 and 101: FNC4 in its own code set, a switch to the other.
                let isFNC4 = (current == .a && c == codeA) || (current == .b && c == codeB)
                guard isFNC4 else {
                    set = c == codeA ? .a : .b
                    continue
                }
                out.usesFNC4 = true
                let next = i < codewords.count ? codewords[i] : -1
                if next == c && !single {
                    latched.toggle()
                    i += 1
                } else {
                    single.toggle()
                }
            }
        }
        return out
    }

    /// An FNC1 at codeword `position` (1 = first after the start) of `count` codewords.
    private static func appendFNC1(at position: Int, count: Int, to out: inout Interpretation) {
        switch position {
        case 1: out.isGS1 = true
        case 2: break
        case count - 1: break
        default:
            out.bytes.append(GS1ElementString.groupSeparator)
            out.bytesIgnoringFNC4.append(GS1ElementString.groupSeparator)
        }
    }
}
