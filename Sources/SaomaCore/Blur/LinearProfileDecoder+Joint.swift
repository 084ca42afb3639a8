// SPDX-License-Identifier: GPL-3.0-or-later

extension LinearProfileDecoder {
    /// A verified symbol read on several lines through it together.
    public struct JointReading: Sendable {
        public var decoded: LinearCodeModel.Decoded
        /// Each counted line's index and its own fit (geometry, blur, levels; the verified chain).
        public var lines: [(index: Int, fit: Fit)]
        /// How much worse the next verifying chain fits, summed over the lines in units of each
        /// line's residual variance, per line (comparable with `Reading.margin`).
        public var margin: Double
        /// How much worse the verified chain fits than the best chain of all, likewise.
        public var shortfall: Double
    }

    /// Largest shortfall of a joint reading behind the best chain of all, per line, in residual
    /// variances: a lens's blur is no exact Gaussian, and the same digit misfits the same way on
    /// every line, so the lines' shortfalls add where their noise does not (the defocused photos'
    /// joint readings trail by up to 12.7; chosen on 19 of the 20 halves of the cross-validation,
    /// docs/BENCHMARKS.md). Settable for a measurement (`BlurTuning`).
    public static let maxJointShortfall = BlurTuning.value("joint-shortfall", 13)

    /// One line's own fit from a shared starting fit, and its trellis weighted by its variance.
    struct LineEvidence {
        var fit: Fit
        var trellis: ProfileTrellis
        /// The line's residual variance (bar depths²) and the residual a reading may have on it.
        var variance: Double
        var allowed: Double
    }

    /// `fit` refitted on `profile` by itself (its own geometry, blur and levels: a line at a slant
    /// or under uneven light; the chain and geometry alternated as `fit` itself was), with the
    /// trellis of its model there; `nil` when the model leaves too few samples.
    static func evidence(_ profile: [Double], from fit: Fit) -> LineEvidence? {
        guard profile.count <= maximumProfileLength, profile.allSatisfy(\.isFinite), let model = LinearCodeModel(fit.hypothesis.kind) else {
            return nil
        }
        let p = oriented(profile, fit.hypothesis)
        guard let chain = bestChain(p, model: model, geometry: fit.hypothesis.geometry, levels: fit.hypothesis.levels) else { return nil }
        var start = fit
        start.options = chain.options
        start.cost = chain.cost
        start.sampleCount = chain.samples
        let here = alternate(p, model: model, from: start)
        let g = here.hypothesis.geometry
        let depth = here.hypothesis.levels.depth
        guard depth > 0, g.width > 0 else { return nil }
        let trellis = ProfileTrellis(model: model, darkness: here.hypothesis.levels.darkness(p), geometry: g)
        guard trellis.sampleCount >= 8 else { return nil }
        let allowed = allowedResidual(noise: noiseEstimate(p) / depth, blurModules: g.sigma / g.width)
        let variance = max(residualFloor * residualFloor, here.cost / Double(trellis.sampleCount))
        return LineEvidence(fit: here, trellis: trellis, variance: variance, allowed: allowed)
    }

    /// Reads the symbol `fit` describes from several lines through it together: each line
    /// (`profiles`) refitted by itself, those whose own best chain fits as closely as a reading
    /// must counted, their chains' costs (each in units of its line's residual variance: a
    /// log-likelihood) summed, and the verified search run once over the sum. Reported only when
    /// at least `minimumLines` lines count, the best verifying chain beats the next by
    /// `minMargin` and trails the best chain of all by at most `maxShortfall` per counted line,
    /// and that chain fits every counted line within the residual allowed there.
    public static func readJointly(
        _ profiles: [[Double]], from fit: Fit, minimumLines: Int, explain: ((String) -> Void)? = nil
    ) -> JointReading? {
        readJointly(profiles.map { evidence($0, from: fit) }, minimumLines: minimumLines, explain: explain)
    }

    /// `readJointly(_:from:minimumLines:explain:)` on the lines' own fits (`nil` where a line had none).
    static func readJointly(_ evidences: [LineEvidence?], minimumLines: Int, explain: ((String) -> Void)? = nil) -> JointReading? {
        guard minimumLines >= 1 else { return nil }
        // A line counts when its own best chain fits as closely as a reading must.
        var lines: [(index: Int, evidence: LineEvidence)] = []
        for (i, e) in evidences.enumerated() {
            if let e, e.fit.residual <= e.allowed { lines.append((i, e)) }
        }
        explain?("lines counted: \(lines.map(\.index))")
        guard let found = joint(lines, minimumLines: minimumLines, explain: explain) else { return nil }
        // A line the verified chain does not explain, though its own chain does: part of it
        // misses the bars (a sticker, the symbol's end), or it shows another code. It may not
        // read another code by itself, and enough lines must be explained.
        for i in found.misfits {
            if let own = read(lines[i].evidence), own.decoded != found.reading.decoded {
                explain?("line \(lines[i].index) reads another code")
                return nil
            }
        }
        guard found.reading.lines.count >= minimumLines else {
            explain?("the chain explains \(found.reading.lines.count) lines")
            return nil
        }
        return found.reading
    }

    /// The verified search over `lines`' summed evidence: the reading if its margin and
    /// shortfall hold, with the lines (indices into `lines`) its chain fits worse than allowed.
    static func joint(
        _ lines: [(index: Int, evidence: LineEvidence)], minimumLines: Int, explain: ((String) -> Void)?
    ) -> (reading: JointReading, misfits: [Int])? {
        guard lines.count >= minimumLines, let model = LinearCodeModel(lines[0].evidence.fit.hypothesis.kind) else { return nil }
        var sum = lines[0].evidence.trellis.scaled(by: 1 / lines[0].evidence.variance)
        for line in lines.dropFirst() { sum.add(line.evidence.trellis, weight: 1 / line.evidence.variance) }
        let k = Double(lines.count)
        let outcome = sum.search(slack: (maxJointShortfall + minMargin) * k)
        guard !outcome.isAmbiguous, let verified = outcome.verified else {
            explain?(outcome.isAmbiguous ? "ambiguous" : "no verifying chain within the slack")
            return nil
        }
        let margin = (outcome.runnerUpCost - outcome.verifiedCost) / k
        let shortfall = (outcome.verifiedCost - outcome.bestCost) / k
        guard margin >= minMargin, shortfall <= maxJointShortfall, let decoded = model.decoded(labels: model.labels(options: verified))
        else {
            explain?("margin \(margin), shortfall \(shortfall) per line, chain \(model.labels(options: verified))")
            return nil
        }
        var fits: [(index: Int, fit: Fit)] = []
        var misfits: [Int] = []
        for (i, line) in lines.enumerated() {
            let cost = line.evidence.trellis.cost(of: verified)
            let residual = (cost / Double(line.evidence.trellis.sampleCount)).squareRoot()
            if residual > line.evidence.allowed {
                explain?("line \(line.index): the chain's residual \(residual) of \(line.evidence.allowed)")
                misfits.append(i)
                continue
            }
            var f = line.evidence.fit
            f.options = verified
            f.cost = cost
            fits.append((line.index, f))
        }
        return (JointReading(decoded: decoded, lines: fits, margin: margin, shortfall: shortfall), misfits)
    }
}
