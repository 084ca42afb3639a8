// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a linear symbol from one luminance profile by fitting the symbology's model under a
/// Gaussian blur: maximum likelihood over the characters, the module geometry, the blur and the
/// light levels together, never edges first.
///
/// A profile is searched in three stages. `hypotheses` finds where a symbol may be (a
/// `ProfileSpan`) and, for each symbology and length that fits its width, where the modules would
/// start and how wide they would be. `fit` tries a small grid of starting points around that
/// guess (the ends ± half a module, the blur ×0.7…×1.4), then alternates the best chain of
/// characters (`ProfileTrellis`) with a least-squares fit of geometry, blur and levels to that
/// chain (`ProfileFit`) until the chain stays the same. `read` does that alternation once more
/// from a fit, on this or another line through the same symbol, and reports a symbol only when
/// its check digit holds, the model fits the profile closely and the best verifying chain beats
/// every other verifying chain by a clear margin.
///
/// Bounded: at most `ProfileSpan.maximumCount` spans and `maxHypotheses` hypotheses per
/// profile, `coarseGrid` starting points and `maxRounds` alternations each; every step is linear
/// in the profile's length.
public enum LinearProfileDecoder {
    /// A symbology, length and place that may fit a profile.
    public struct Hypothesis: Sendable {
        public var kind: LinearCodeModel.Kind
        public var geometry: ModuleGeometry
        public var levels: ProfileLevels
        /// Whether the profile is read backwards (right to left).
        public var reversed: Bool
    }

    /// A hypothesis fitted to a profile.
    public struct Fit: Sendable {
        public var hypothesis: Hypothesis
        /// The best chain's options and its cost (darkness², summed over `sampleCount` samples).
        public var options: [Int]
        public var cost: Double
        public var sampleCount: Int

        /// Root-mean-square residual, in bar depths.
        public var residual: Double { sampleCount > 0 ? (cost / Double(sampleCount)).squareRoot() : .infinity }
    }

    /// A verified symbol on one profile.
    public struct Reading: Sendable {
        public var decoded: LinearCodeModel.Decoded
        public var fit: Fit
        /// Root-mean-square residual of the verified chain, in bar depths.
        public var residual: Double
        /// How much worse the next verifying chain fits, in units of the residual variance.
        public var margin: Double
        /// How much worse the verified chain fits than the best chain of all, likewise.
        public var shortfall: Double
    }

    /// Largest residual of a reading, in bar depths, whatever the noise.
    public static let maxResidual = 0.13
    /// A reading's residual may be this many times the profile's noise (`noiseEstimate`)…
    public static let noiseAllowance = 2.0
    /// …together (in quadrature) with this much of the bar depth the model does not explain
    /// (a lens's blur is not quite Gaussian, a print's bars not quite even).
    public static let mismatchAllowance = 0.035
    /// A reading's profile fit may be this many times worse than the best fit of the profile:
    /// a symbology that fits part of another symbol's bars fits them worse than that symbol.
    public static let relativeResidual = 1.5
    /// Smallest margin over the runner-up, in residual variances (a log-likelihood ratio of half that).
    public static let minMargin = 16.0
    /// Largest shortfall behind the best chain of all, in residual variances.
    public static let maxShortfall = 10.0
    /// Residual below which the variance is taken as this (clean renders: no margin is infinite).
    public static let residualFloor = 0.02
    /// Most hypotheses one profile gets fitted.
    public static let maxHypotheses = 3
    /// Most rounds of chain and geometry alternation.
    public static let maxRounds = 4

    /// Whether `fit` fits its profile nearly as well as `best`, that profile's best fit: within
    /// `relativeResidual` times its residual or a hundredth of the bar depth more.
    static func isCompetitive(_ fit: Fit, best: Fit) -> Bool {
        fit.residual <= maxResidual && fit.residual <= max(relativeResidual * best.residual, best.residual + 0.01)
    }

    /// Blur beyond which the model's mismatch grows, in modules, and by how much per module more
    /// (bar depths): a lens's blur is not quite Gaussian, and the more of a module's neighbours a
    /// sample mixes, the more that shows (photos defocused by 1.2–1.7 modules fit to 0.03–0.05).
    public static let mismatchBlurModules = 0.8
    public static let mismatchPerBlurModule = 0.06

    /// The residual a reading may have on a profile with `noise` (bar depths), for a blur of
    /// `blurModules` module widths.
    static func allowedResidual(noise: Double, blurModules: Double = 0) -> Double {
        let mismatch = mismatchAllowance + mismatchPerBlurModule * max(0, blurModules - mismatchBlurModules)
        return min(maxResidual, ((noiseAllowance * noise) * (noiseAllowance * noise) + mismatch * mismatch).squareRoot())
    }

    /// Windows of samples the noise is measured on, and where they start (every `noiseStep`).
    static let noiseWindow = 9
    static let noiseStep = 4

    /// The noise of `profile` in grey levels: the spread about a straight line of its flattest
    /// stretches (quiet zones, wide bars and spaces). Each window of `noiseWindow` samples gives
    /// the root-mean-square residual of a line fitted to it (7 degrees of freedom); the 10th
    /// percentile of those, divided by 0.636 (that percentile of the same spread of pure
    /// Gaussian noise), estimates the noise's standard deviation.
    public static func noiseEstimate(_ profile: [Double]) -> Double {
        let n = noiseWindow
        guard profile.count >= n else { return 0 }
        var spreads: [Double] = []
        let xs = (0..<n).map { Double($0) - Double(n - 1) / 2 }
        let sxx = xs.reduce(0) { $0 + $1 * $1 }
        var start = 0
        while start + n <= profile.count {
            let window = profile[start..<(start + n)]
            let mean = window.reduce(0, +) / Double(n)
            var sxy = 0.0
            for (x, y) in zip(xs, window) { sxy += x * (y - mean) }
            let slope = sxy / sxx
            var ssr = 0.0
            for (x, y) in zip(xs, window) {
                let r = y - mean - slope * x
                ssr += r * r
            }
            spreads.append((ssr / Double(n - 2)).squareRoot())
            start += noiseStep
        }
        spreads.sort()
        return spreads[spreads.count / 10] / 0.636
    }

    // MARK: Hypotheses

    /// Blur of `profile` in samples, from its steepest slope between `start` and `end`: a step
    /// of depth `depth` blurred by a Gaussian of sigma σ rises at most `depth / (σ√2π)` per sample.
    public static func blurEstimate(_ profile: [Double], start: Int, end: Int, depth: Double) -> Double {
        var slopes: [Double] = []
        let lo = max(1, start - 2)
        let hi = min(profile.count - 2, end + 2)
        guard lo <= hi, depth > 0 else { return 1 }
        for i in lo...hi { slopes.append(abs(profile[i + 1] - profile[i - 1]) / 2) }
        slopes.sort(by: >)
        // The third steepest slope: one noisy sample does not make the profile look sharp.
        let slope = slopes[min(2, slopes.count - 1)]
        guard slope > 0 else { return 4 }
        return max(ProfileFit.minimumSigma, depth / (slope * (2 * Double.pi).squareRoot()))
    }

    /// Where the profile's dark threshold crosses the blurred fixed pattern at either end of
    /// `model`, in modules from the first bar's leading edge (negative) and from the last
    /// bar's trailing edge (positive), for a blur of `sigmaModules`.
    static func thresholdOffsets(_ model: LinearCodeModel, sigmaModules: Double) -> (leading: Double, trailing: Double) {
        let q = model.quietModules
        let lead = Array(model.segments[0].options[0].prefix(q + 4))
        let tailSegment = model.segments[model.segments.count - 1]
        let tail = Array(tailSegment.options[0].suffix(q + 4))
        let g = ModuleGeometry(origin: 0, width: 1, sigma: max(sigmaModules, 0.05), moduleCount: 0)
        // Bisection between the quiet zone and the centre of the outermost bar.
        func crossing(_ modules: [UInt8], light: Double, dark: Double) -> Double {
            let edges = ProfileFit.edges(modules, quietModules: 0)
            var (lo, hi) = (light, dark)
            for _ in 0..<40 {
                let mid = (lo + hi) / 2
                if ProfileFit.darkness(at: mid, edges: edges, geometry: g) > ProfileSpan.darkThreshold { hi = mid } else { lo = mid }
            }
            return (lo + hi) / 2
        }
        let leading = crossing(lead, light: 0, dark: Double(q) + 0.5) - Double(q)
        let tailStart = tail.count - Self.trailingQuiet(tail)
        let trailing = crossing(tail, light: Double(tail.count), dark: Double(tailStart) - 0.5) - Double(tailStart)
        return (leading, trailing)
    }

    /// Light modules at the end of `modules`.
    static func trailingQuiet(_ modules: [UInt8]) -> Int {
        var n = 0
        for bit in modules.reversed() {
            if bit != 0 { break }
            n += 1
        }
        return n
    }

    /// The module geometry that puts `model`'s threshold crossings on `span`'s ends.
    static func geometry(for model: LinearCodeModel, span: ProfileSpan, sigma: Double) -> ModuleGeometry {
        let m = Double(model.moduleCount)
        var width = Double(span.end - span.start + 1) / m
        var origin = Double(span.start)
        for _ in 0..<2 {
            let offsets = thresholdOffsets(model, sigmaModules: sigma / width)
            width = (Double(span.end - span.start) + 1) / (m + offsets.trailing - offsets.leading)
            origin = Double(span.start) - 0.5 - offsets.leading * width
        }
        return ModuleGeometry(origin: origin, width: width, sigma: sigma, moduleCount: model.moduleCount)
    }

    /// The symbologies and lengths `span` could hold: the widths that leave quiet zones of at
    /// least 4 modules, no inner gap over 6 modules, and a blur of at most `maximumBlurModules`.
    static func kinds(for span: ProfileSpan, sigma: Double, wanted: Set<Symbology>) -> [LinearCodeModel.Kind] {
        var kinds: [LinearCodeModel.Kind] = []
        let width = Double(span.end - span.start + 1)
        func plausible(_ modules: Int) -> Bool {
            let w = width / Double(modules)
            return w >= 0.8 && Double(span.gapBefore) >= 4 * w && Double(span.gapAfter) >= 4 * w && Double(span.widestInnerGap) <= 6 * w
                && sigma <= maximumBlurModules * w
        }
        let retail = wanted.intersection([.ean13, .upcA, .isbn10, .isbn13])
        if !retail.isEmpty && plausible(95) {
            let upcOnly = retail == [.upcA]
            kinds.append(.ean13(upcOnly: upcOnly))
        }
        if wanted.contains(.ean8) && plausible(67) { kinds.append(.ean8) }
        if wanted.contains(.upcE) && plausible(51) { kinds.append(.upcE) }
        if wanted.contains(.code128) {
            for n in 1...LinearCodeModel.maxCode128DataCharacters where plausible(11 * (n + 2) + 13) {
                kinds.append(.code128(dataCharacters: n))
            }
        }
        return kinds
    }

    /// Largest blur a hypothesis may have, in modules, as the profile's slope estimates it (which
    /// over-estimates by up to a quarter): beyond about one module nothing reads.
    public static let maximumBlurModules = 1.3

    /// Longest profile read, in samples.
    public static let maximumProfileLength = 8192

    /// Every hypothesis for `profile`, read both ways; none for a profile longer than
    /// `maximumProfileLength` or with a sample that is not a finite number.
    public static func hypotheses(_ profile: [Double], wanted: Set<Symbology>) -> [Hypothesis] {
        guard profile.count <= maximumProfileLength, profile.allSatisfy(\.isFinite) else { return [] }
        let (light, dark) = ProfileSpan.levels(profile)
        let depth = light - dark
        guard depth >= 8 else { return [] }
        var out: [Hypothesis] = []
        for reversed in [false, true] {
            let p = reversed ? Array(profile.reversed()) : profile
            for span in ProfileSpan.find(in: p, light: light, dark: dark) {
                let sigma = blurEstimate(p, start: span.start, end: span.end, depth: depth)
                for kind in kinds(for: span, sigma: sigma, wanted: wanted) {
                    guard let model = LinearCodeModel(kind) else { continue }
                    let g = geometry(for: model, span: span, sigma: sigma)
                    let center = (g.position(0) + g.position(Double(model.moduleCount))) / 2
                    let levels = ProfileLevels(
                        light: light, depth: depth, center: center, halfLength: g.width * Double(model.moduleCount) / 2)
                    out.append(Hypothesis(kind: kind, geometry: g, levels: levels, reversed: reversed))
                }
            }
        }
        return out
    }
}
