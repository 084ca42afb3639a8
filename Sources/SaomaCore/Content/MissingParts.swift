// SPDX-License-Identifier: GPL-3.0-or-later

/// The parts of a structured-append message that were not read, as a person is told them:
/// numbered from 1, consecutive parts as one run ("2–5"), at most `runLimit` runs listed.
///
/// A message may name up to `StructuredAppend.maximumParts` parts, so the list is bounded
/// whatever the code claims: `runs` holds the first runs, `isCut` says more were left out.
public struct MissingParts: Hashable, Sendable {
    /// How many parts the message has.
    public var total: Int
    /// How many parts are missing (all of them, listed or not).
    public var count: Int
    /// The first runs of missing parts, 1-based and in order (`2...2`, `4...6`).
    public var runs: [ClosedRange<Int>]
    /// Whether runs were left out after `runs`.
    public var isCut: Bool
    /// Whether the parts after part `total` (1-based) are missing too: the message does not say
    /// how many parts it has and its last was not read (`Symbol.Assembly.isOpenEnded`).
    public var isOpenEnded: Bool = false

    /// Runs listed at most: a warning line stays one sentence.
    public static let defaultRunLimit = 6

    /// The missing parts of `assembly`, or `nil` when none is missing. Indices outside
    /// `0..<total`, and repeated ones, are ignored.
    public init?(_ assembly: Symbol.Assembly, runLimit: Int = MissingParts.defaultRunLimit) {
        let total = max(0, assembly.total)
        let indices = Set(assembly.missing.filter { $0 >= 0 && $0 < total }).sorted()
        guard !indices.isEmpty || assembly.isOpenEnded else { return nil }
        isOpenEnded = assembly.isOpenEnded
        var runs: [ClosedRange<Int>] = []
        var cut = false
        for index in indices {
            let part = index + 1
            if let last = runs.last, last.upperBound == part - 1 {
                runs[runs.count - 1] = last.lowerBound...part
            } else if runs.count == max(1, runLimit) {
                cut = true
                break
            } else {
                runs.append(part...part)
            }
        }
        self.total = total
        self.count = indices.count
        self.runs = runs
        self.isCut = cut
    }
}
