// SPDX-License-Identifier: GPL-3.0-or-later

extension LinearCodeModel {
    /// Runs of bars as flat (first module, end module) pairs, item `i`'s pairs at
    /// `pairs[2 * first[i] ..< 2 * first[i + 1]]`: the blurred darkness of a pattern at a sample
    /// is then one difference of the normal distribution per bar.
    struct BarRuns: Sendable {
        var pairs: [Int32] = []
        var first: [Int32] = [0]

        /// Appends `bits`' bars, module numbers shifted by `offset`.
        mutating func append(_ bits: [UInt8], offset: Int) {
            var k = 0
            while k < bits.count {
                if bits[k] == 0 {
                    k += 1
                    continue
                }
                let start = k
                while k < bits.count && bits[k] != 0 { k += 1 }
                pairs.append(Int32(start + offset))
                pairs.append(Int32(k + offset))
            }
            first.append(Int32(pairs.count / 2))
        }

        var count: Int { first.count - 1 }
    }

    /// How a segment's options look where they meet their neighbours: options with the same
    /// first (or last) `boundaryModules` modules blur the same way into the boundary.
    struct BoundaryClasses: Sendable {
        /// The prefix class of each option; each class's bars, numbered from `boundaryModules`
        /// before the segment's start.
        var prefixOf: [Int]
        var prefixes: BarRuns
        /// The suffix class of each option; each class's bars, numbered likewise.
        var suffixOf: [Int]
        var suffixes: BarRuns
        /// Each option's bars, numbered from the segment's start.
        var options: BarRuns
    }

    /// Modules at each side of a segment boundary whose blur the boundary's samples see.
    static var boundaryModules: Int { Int((2 * blurReachModules).rounded(.up)) }

    /// The boundary classes of a segment's options.
    static func boundaryClasses(of segment: Segment) -> BoundaryClasses {
        let n = min(boundaryModules, segment.length)
        func classes(_ part: ([UInt8]) -> [UInt8], offset: Int) -> (of: [Int], runs: BarRuns) {
            var index: [[UInt8]: Int] = [:]
            var runs = BarRuns()
            var of: [Int] = []
            for option in segment.options {
                let key = part(option)
                if let found = index[key] {
                    of.append(found)
                } else {
                    index[key] = runs.count
                    of.append(runs.count)
                    runs.append(key, offset: offset)
                }
            }
            return (of, runs)
        }
        let prefix = classes({ Array($0.prefix(n)) }, offset: boundaryModules)
        let suffix = classes({ Array($0.suffix(n)) }, offset: boundaryModules - n)
        var options = BarRuns()
        for option in segment.options { options.append(option, offset: 0) }
        return BoundaryClasses(prefixOf: prefix.of, prefixes: prefix.runs, suffixOf: suffix.of, suffixes: suffix.runs, options: options)
    }
}
