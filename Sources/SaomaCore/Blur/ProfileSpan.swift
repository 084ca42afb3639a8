// SPDX-License-Identifier: GPL-3.0-or-later

/// A stretch of a profile that may hold one linear symbol: dark runs close together between two
/// light gaps wider than any inside (the quiet zones).
public struct ProfileSpan: Sendable, Hashable {
    /// The first and last dark sample.
    public var start: Int
    public var end: Int
    /// Light samples before `start` and after `end` (to the profile's ends or the next dark run).
    public var gapBefore: Int
    public var gapAfter: Int
    /// The widest light gap inside.
    public var widestInnerGap: Int

    /// Share of the bar depth above which a sample counts as dark.
    public static let darkThreshold = 0.35
    /// How much wider than every inner gap each quiet zone must be.
    public static let quietRatio = 1.5
    /// Fewest samples a span covers.
    public static let minimumWidth = 16
    /// Most spans returned for one profile (the widest).
    public static let maximumCount = 6
    /// Most dark runs looked at (a profile of texture has many; a symbol has at most a few hundred).
    public static let maximumRuns = 1024

    /// The light and dark levels of `profile`: its 90th and 3rd percentiles.
    public static func levels(_ profile: [Double]) -> (light: Double, dark: Double) {
        guard !profile.isEmpty else { return (0, 0) }
        let sorted = profile.sorted()
        let light = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        let dark = sorted[sorted.count * 3 / 100]
        return (light, dark)
    }

    /// The spans of `profile`, widest first, given its light and dark levels.
    public static func find(in profile: [Double], light: Double, dark: Double) -> [ProfileSpan] {
        guard light - dark > 0 else { return [] }
        let threshold = light - darkThreshold * (light - dark)
        var runs: [(start: Int, end: Int)] = []
        var i = 0
        while i < profile.count {
            guard profile[i] < threshold else {
                i += 1
                continue
            }
            let start = i
            while i < profile.count && profile[i] < threshold { i += 1 }
            runs.append((start, i - 1))
            if runs.count > maximumRuns { return [] }
        }
        guard !runs.isEmpty else { return [] }
        func gap(before r: Int) -> Int { r == 0 ? runs[0].start : runs[r].start - runs[r - 1].end - 1 }
        func gap(after r: Int) -> Int { r == runs.count - 1 ? profile.count - 1 - runs[r].end : runs[r + 1].start - runs[r].end - 1 }
        var spans: [ProfileSpan] = []
        for a in runs.indices {
            let before = gap(before: a)
            var widest = 0
            for b in a..<runs.count {
                if b > a { widest = max(widest, gap(before: b)) }
                if Double(widest) * quietRatio > Double(before) { break }
                let after = gap(after: b)
                let width = runs[b].end - runs[a].start + 1
                guard width >= minimumWidth, Double(after) >= Double(widest) * quietRatio, b > a else { continue }
                spans.append(
                    ProfileSpan(start: runs[a].start, end: runs[b].end, gapBefore: before, gapAfter: after, widestInnerGap: widest))
            }
        }
        spans.sort { ($0.end - $0.start, $0.start) > ($1.end - $1.start, $1.start) }
        return Array(spans.prefix(maximumCount))
    }
}
