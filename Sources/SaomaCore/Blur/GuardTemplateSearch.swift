// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where an EAN-13 or UPC-A symbol may lie on a profile too blurred for its bars to stand out
/// from their surround: the symbol's fixed parts (quiet zones, end guards, centre guard) matched
/// as a blurred template, without a threshold.
///
/// A blur of more than a module leaves the bars' swing a fraction of the label's contrast, and a
/// dark surround beside the label is darker than any bar: no threshold then separates the bars
/// from their gaps (`ProfileSpan`). The template does not need one. For every module width on a
/// geometric grid, a few blurs and every quarter-sample offset, the fixed parts are rendered
/// under a Gaussian (each digit's modules taken as half dark, their mean) and fitted to the
/// profile by least squares in a light level and a bar depth; offsets and widths are ranked by
/// the residual in bar depths, and the best few, apart from each other, become hypotheses for
/// `LinearProfileDecoder.fit`. The template is its own mirror image, so each place gives a
/// hypothesis read each way.
///
/// Bounded: `widthSteps` × `blurs.count` × `phases` templates, each slid over the profile once,
/// every position costing the template's fixed samples.
public enum GuardTemplateSearch {
    /// A place the template fits.
    public struct Match: Sendable, Hashable {
        /// The first bar's leading edge and the module width, in samples.
        public var origin: Double
        public var width: Double
        /// The blur, in samples.
        public var sigma: Double
        /// The fitted light level and bar depth, in grey levels.
        public var light: Double
        public var depth: Double
        /// Root-mean-square residual over the fixed parts, in bar depths.
        public var residual: Double
    }

    /// Modules from the first bar's leading edge to the last bar's trailing edge.
    static let moduleCount = 95
    /// Module ranges of the fixed parts the template scores: the leading quiet zone and guard,
    /// the centre guard, the trailing guard and quiet zone.
    static let fixedWindows: [ClosedRange<Double>] = [-6.5...3, 45...50, 92...101.5]
    /// Module widths tried: from `minimumWidth` samples up, each `widthRatio` times the last,
    /// at most `widthSteps` of them.
    public static let minimumWidth = 0.9
    public static let widthRatio = 1.03
    public static let widthSteps = 64
    /// Share of a region's length the symbol may cover (a book's region holds its price add-on
    /// too, a blurred symbol's tiles may stop short of its ends).
    public static let symbolShareOfRegion = 0.45...1.25
    /// Fewest samples per module the search looks at: a profile whose narrowest width tried is
    /// wider is averaged down first (the search costs the square of the profile's length).
    public static let searchedWidth = 1.2
    /// Blurs tried, in module widths (the photos' defocus is about 0.8–1.5 modules).
    public static let blurs: [Double] = [0.8, 1.1, 1.4]
    /// Sub-sample offsets of the template per sample.
    static let phases = 2
    /// Smallest bar depth of a match, as a share of the profile's range (a template laid over a
    /// flat stretch fits it with no depth at all): chosen on every half of every split of the
    /// cross-validation (docs/BENCHMARKS.md, "Blur-aware reader's thresholds"); the photos that
    /// read match at 0.42 and more. Settable for a measurement (`BlurTuning`).
    public static let minimumDepthShare = BlurTuning.value("template-depth", 0.2)
    /// Largest residual of a match, in bar depths: the blurred photos' symbols that read fit
    /// their template to 0.03–0.12 (a sticker over part of the bars, the grid's widths 3 % apart
    /// and the digits taken as half dark all add to it), and a place that fits it worse is not
    /// worth a fit (the gate that keeps the search cheap where no region holds a retail
    /// symbol). Settable for a measurement (`BlurTuning`).
    public static let maximumResidual = BlurTuning.value("template-residual", 0.13)
    /// Most matches returned, and how far apart they must be: in modules at the origin, and as a
    /// ratio of widths. The template is a weak judge of the width (a narrower one fits any
    /// textured stretch nearly as well), so the true place is often not its best: six places
    /// are kept, and the fit of the whole symbol decides.
    public static let maximumMatches = Int(BlurTuning.value("template-matches", 6))
    /// Most of the matches' hypotheses (two per match, one each way) fitted and read: those whose
    /// symbol's ends fit best at the first guess (`LinearProfileDecoder.bestFits`' ranking).
    public static let fittedHypotheses = Int(BlurTuning.value("template-fits", 6))
    static let separationModules = 3.0
    static let separationRatio = 1.06

    /// Each module's mean darkness in the template: 1 bar, 0 space, ½ a digit's module.
    static let template: [Double] = {
        var values = [Double](repeating: 0.5, count: moduleCount)
        for (i, bit) in [1, 0, 1].enumerated() {
            values[i] = Double(bit)
            values[92 + i] = Double(bit)
        }
        for (i, bit) in [0, 1, 0, 1, 0].enumerated() { values[45 + i] = Double(bit) }
        return values
    }()

    /// The template's blurred darkness at module coordinate `t` for a blur of `sigma` modules.
    static func darkness(atModule t: Double, sigma: Double) -> Double {
        // Each module's share of a Gaussian centred on t, within 4 sigma.
        let lo = max(0, Int((t - 4 * sigma).rounded(.down)))
        let hi = min(moduleCount - 1, Int((t + 4 * sigma).rounded(.up)))
        guard lo <= hi else { return 0 }
        var s = 0.0
        for k in lo...hi {
            let a = ModuleGeometry.normalCDF((Double(k + 1) - t) / sigma)
            let b = ModuleGeometry.normalCDF((Double(k) - t) / sigma)
            s += template[k] * (a - b)
        }
        return s
    }

    /// The best places on `profile` for a symbol in a region of `regionLength` samples (any
    /// width when `nil`), best first; none when `profile` has a sample that is not finite, is
    /// longer than `LinearProfileDecoder.maximumProfileLength` or too flat to hold bars.
    public static func matches(_ profile: [Double], regionLength: Double? = nil) -> [Match] {
        guard profile.count <= LinearProfileDecoder.maximumProfileLength else { return [] }
        var narrowest = minimumWidth
        var widest = Double.infinity
        if let regionLength, regionLength.isFinite, regionLength > 0 {
            narrowest = max(minimumWidth, symbolShareOfRegion.lowerBound * regionLength / Double(moduleCount))
            widest = symbolShareOfRegion.upperBound * regionLength / Double(moduleCount)
        }
        let factor = max(1, Int(narrowest / searchedWidth))
        guard factor > 1 else { return matches(profile, widths: narrowest...max(narrowest, widest)) }
        // Sample j of the averaged profile is the mean of samples j·f … j·f + f − 1: its centre.
        let reduced = stride(from: 0, to: profile.count - factor + 1, by: factor).map { i in
            profile[i..<(i + factor)].reduce(0, +) / Double(factor)
        }
        let f = Double(factor)
        return matches(reduced, widths: (narrowest / f)...max(narrowest, widest) / f).map { m in
            var m = m
            m.origin = m.origin * f + (f - 1) / 2
            m.width *= f
            // The averaging's own blur (a box of f samples) is not the symbol's.
            m.sigma = max(ProfileFit.minimumSigma, (m.sigma * m.sigma * f * f - (f * f - 1) / 12).squareRoot())
            return m
        }
    }

    /// The best places on `profile` for module widths in `widths` (samples).
    static func matches(_ profile: [Double], widths: ClosedRange<Double>) -> [Match] {
        let n = profile.count
        guard n >= 32, n <= LinearProfileDecoder.maximumProfileLength, profile.allSatisfy(\.isFinite),
            let lowest = profile.min(), let highest = profile.max(), highest - lowest >= 8
        else { return [] }
        let minimumDepth = minimumDepthShare * (highest - lowest)
        var found: [Match] = []
        var width = widths.lowerBound
        let span = Double(moduleCount) + 2 * 6.5
        for _ in 0..<widthSteps {
            defer { width *= widthRatio }
            guard span * width <= Double(n), width <= widths.upperBound * widthRatio else { break }
            for blur in blurs {
                for phase in 0..<phases {
                    // Samples j (relative to the template's first one) the fixed parts cover,
                    // and their darkness, for a first bar at -φ samples from sample `start`.
                    let shift = Double(phase) / Double(phases)
                    var offsets: [Int] = []
                    var values: [Double] = []
                    let first = Int((-6.5 * width).rounded(.down)) - 1
                    let last = Int((101.5 * width).rounded(.up)) + 1
                    for j in first...last {
                        let t = (Double(j) + shift) / width
                        guard fixedWindows.contains(where: { $0.contains(t) }) else { continue }
                        offsets.append(j)
                        values.append(darkness(atModule: t, sigma: blur))
                    }
                    let m = Double(values.count)
                    guard m >= 8 else { continue }
                    let st = values.reduce(0, +)
                    let stt = values.reduce(0) { $0 + $1 * $1 }
                    let det = m * stt - st * st
                    guard det > 1e-9, let lowOffset = offsets.first, let highOffset = offsets.last else { continue }
                    // Every origin that keeps the fixed parts inside the profile.
                    for start in (-lowOffset)..<(n - highOffset) {
                        var sp = 0.0
                        var spp = 0.0
                        var spt = 0.0
                        for (o, t) in zip(offsets, values) {
                            let p = profile[start + o]
                            sp += p
                            spp += p * p
                            spt += p * t
                        }
                        // p ≈ light − depth·t, least squares.
                        let depth = -(m * spt - sp * st) / det
                        guard depth >= minimumDepth else { continue }
                        let light = (sp + depth * st) / m
                        let ssr = spp - light * sp + depth * spt
                        let residual = (max(0, ssr) / m).squareRoot() / depth
                        guard residual <= maximumResidual else { continue }
                        let match = Match(
                            origin: Double(start) - shift, width: width, sigma: blur * width, light: light, depth: depth, residual: residual
                        )
                        insert(match, into: &found)
                    }
                }
            }
        }
        return found
    }

    /// Keeps `found` the best `maximumMatches` places apart from each other, best first.
    static func insert(_ match: Match, into found: inout [Match]) {
        if let i = found.firstIndex(where: { isNear($0, match) }) {
            guard match.residual < found[i].residual else { return }
            found.remove(at: i)
        } else if found.count >= maximumMatches, let worst = found.last, worst.residual <= match.residual {
            return
        }
        let at = found.firstIndex { $0.residual > match.residual } ?? found.count
        found.insert(match, at: at)
        // A better match may now stand near several kept ones: keep the first of each.
        var kept: [Match] = []
        for m in found where !kept.contains(where: { isNear($0, m) }) { kept.append(m) }
        found = Array(kept.prefix(maximumMatches))
    }

    /// Whether two matches describe the same place.
    static func isNear(_ a: Match, _ b: Match) -> Bool {
        let ratio = max(a.width, b.width) / min(a.width, b.width)
        return ratio < separationRatio && abs(a.origin - b.origin) < separationModules * min(a.width, b.width)
    }

    /// The hypotheses of `matches` on a profile of `count` samples, each read both ways.
    public static func hypotheses(_ matches: [Match], count: Int, kind: LinearCodeModel.Kind) -> [LinearProfileDecoder.Hypothesis] {
        var out: [LinearProfileDecoder.Hypothesis] = []
        let m = Double(moduleCount)
        for match in matches {
            for reversed in [false, true] {
                let origin = reversed ? Double(count - 1) - (match.origin + m * match.width) : match.origin
                let g = ModuleGeometry(origin: origin, width: match.width, sigma: match.sigma, moduleCount: moduleCount)
                let levels = ProfileLevels(
                    light: match.light, depth: match.depth, center: origin + m * match.width / 2, halfLength: m * match.width / 2)
                out.append(LinearProfileDecoder.Hypothesis(kind: kind, geometry: g, levels: levels, reversed: reversed))
            }
        }
        return out
    }
}
