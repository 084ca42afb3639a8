// SPDX-License-Identifier: GPL-3.0-or-later

extension LinearProfileDecoder {
    /// Offsets of each end of the symbol tried around a hypothesis, in modules.
    static let coarseOffsets: [Double] = [-0.5, 0, 0.5]
    /// Factors of the estimated blur tried around a hypothesis.
    static let coarseBlur: [Double] = [0.7, 1.0, 1.4]
    /// Starting points of the coarse grid refined further.
    static let refinedStarts = 2

    /// Modules at each end of a symbol the first look at a hypothesis fits (the rest is left free).
    static let rankingModules = 25.0

    /// The best chain of `model`'s options on `profile` under `geometry` and `levels`; with
    /// `endsOnly`, fitted to the samples of the symbol's first and last `rankingModules` only.
    static func bestChain(
        _ profile: [Double], model: LinearCodeModel, geometry: ModuleGeometry, levels: ProfileLevels, endsOnly: Bool = false
    )
        -> (options: [Int], cost: Double, samples: Int)?
    {
        let m = Double(model.moduleCount)
        let windows: [ClosedRange<Double>]? =
            endsOnly && m > 2 * rankingModules + 10
            ? [-Double(model.quietModules)...rankingModules, (m - rankingModules)...(m + Double(model.quietModules))] : nil
        let trellis = ProfileTrellis(model: model, darkness: levels.darkness(profile), geometry: geometry, windows: windows)
        guard trellis.sampleCount >= 8 else { return nil }
        let best = trellis.best()
        return (best.options, best.cost, trellis.sampleCount)
    }

    /// The profile as the hypothesis reads it.
    static func oriented(_ profile: [Double], _ hypothesis: Hypothesis) -> [Double] {
        hypothesis.reversed ? Array(profile.reversed()) : profile
    }

    /// Fits `hypothesis` to `profile`: the coarse grid around it, then chain and geometry in turn
    /// from its best points; `nil` when the model does not cover enough of the profile.
    public static func fit(_ profile: [Double], _ hypothesis: Hypothesis) -> Fit? {
        guard profile.count <= maximumProfileLength, profile.allSatisfy(\.isFinite), let model = LinearCodeModel(hypothesis.kind) else {
            return nil
        }
        let p = oriented(profile, hypothesis)
        let m = Double(model.moduleCount)
        var starts: [Fit] = []
        var blurs: [Double] = []
        func tryStart(left: Double, right: Double, blur: Double) {
            var g = hypothesis.geometry
            let start = g.origin + left * g.width
            let end = g.position(m) + right * g.width
            g.origin = start
            g.width = (end - start) / m
            g.sigma = max(ProfileFit.minimumSigma, g.sigma * blur)
            guard let chain = bestChain(p, model: model, geometry: g, levels: hypothesis.levels) else { return }
            var h = hypothesis
            h.geometry = g
            starts.append(Fit(hypothesis: h, options: chain.options, cost: chain.cost, sampleCount: chain.samples))
            blurs.append(blur)
        }
        // The blur first at the guessed ends, then the ends at the best blur.
        for blur in coarseBlur { tryStart(left: 0, right: 0, blur: blur) }
        guard let bestBlur = starts.indices.min(by: { starts[$0].residual < starts[$1].residual }) else { return nil }
        let blur = blurs[bestBlur]
        for left in coarseOffsets {
            for right in coarseOffsets where left != 0 || right != 0 { tryStart(left: left, right: right, blur: blur) }
        }
        starts.sort { $0.residual < $1.residual }
        var best: Fit?
        for start in starts.prefix(refinedStarts) {
            let refined = alternate(p, model: model, from: start)
            if let b = best, b.residual <= refined.residual { continue }
            best = refined
        }
        return best
    }

    /// Chain and geometry in turn: the geometry, blur and levels fitted to the chain, then the
    /// best chain under them, until the chain stays the same or the fit stops improving.
    static func alternate(_ p: [Double], model: LinearCodeModel, from start: Fit, rounds: Int = maxRounds) -> Fit {
        var fit = start
        for round in 0..<rounds {
            let modules = model.modules(options: fit.options)
            guard
                let refined = ProfileFit.refine(
                    p, modules: modules, quietModules: model.quietModules, geometry: fit.hypothesis.geometry, levels: fit.hypothesis.levels,
                    fitCurvature: round > 0)
            else { break }
            guard let chain = bestChain(p, model: model, geometry: refined.geometry, levels: refined.levels) else { break }
            var next = fit
            next.hypothesis.geometry = refined.geometry
            next.hypothesis.levels = refined.levels
            next.options = chain.options
            next.cost = chain.cost
            next.sampleCount = chain.samples
            guard next.residual <= fit.residual * 1.0001 || round == 0 else { break }
            let same = next.options == fit.options
            fit = next
            if same { break }
        }
        return fit
    }

    /// Root-mean-square residual, in bar depths, of the best chain of `hypothesis` at its first
    /// guess on `profile`, fitted to the symbol's ends only: how `bestFits` ranks hypotheses.
    public static func rankingResidual(_ profile: [Double], _ hypothesis: Hypothesis) -> Double? {
        guard profile.count <= maximumProfileLength, profile.allSatisfy(\.isFinite), let model = LinearCodeModel(hypothesis.kind),
            let chain = bestChain(
                oriented(profile, hypothesis), model: model, geometry: hypothesis.geometry, levels: hypothesis.levels, endsOnly: true)
        else { return nil }
        return (chain.cost / Double(chain.samples)).squareRoot()
    }

    /// Root-mean-square residual, in bar depths, of the best chain of `fit`'s model on `profile`
    /// under `fit`'s geometry and levels as they are (no refinement): the first step of `read`.
    public static func startResidual(_ profile: [Double], from fit: Fit) -> Double? {
        guard profile.count <= maximumProfileLength, profile.allSatisfy(\.isFinite), let model = LinearCodeModel(fit.hypothesis.kind),
            let chain = bestChain(
                oriented(profile, fit.hypothesis), model: model, geometry: fit.hypothesis.geometry, levels: fit.hypothesis.levels)
        else { return nil }
        return (chain.cost / Double(chain.samples)).squareRoot()
    }

    /// Reads the symbol `fit` describes on `profile` (the profile it was fitted on, or another
    /// line through the same symbol): the chain and geometry alternated on this profile, then
    /// the verified search and the acceptance rules; `nil` unless all hold.
    public static func read(_ profile: [Double], from fit: Fit) -> Reading? {
        read(profile, from: fit, explain: nil)
    }

    /// `read(_:from:)`, telling `explain` why a reading was refused (the development probe's view).
    public static func read(_ profile: [Double], from fit: Fit, explain: ((String) -> Void)?) -> Reading? {
        evidence(profile, from: fit).flatMap { read($0, explain: explain) }
    }

    /// The verified search and the acceptance rules on one line's own fit.
    static func read(_ line: LineEvidence, explain: ((String) -> Void)? = nil) -> Reading? {
        let model = line.trellis.model
        let n = Double(line.trellis.sampleCount)
        let outcome = line.trellis.search(slack: (maxShortfall + minMargin) * line.variance)
        guard !outcome.isAmbiguous, let verified = outcome.verified else {
            explain?(outcome.isAmbiguous ? "ambiguous" : "no verifying chain within the slack")
            return nil
        }
        let residual = (outcome.verifiedCost / n).squareRoot()
        let margin = (outcome.runnerUpCost - outcome.verifiedCost) / line.variance
        let shortfall = (outcome.verifiedCost - outcome.bestCost) / line.variance
        guard residual <= line.allowed, margin >= minMargin, shortfall <= maxShortfall else {
            explain?(
                "residual \(residual) of \(line.allowed), margin \(margin), shortfall \(shortfall), chain \(model.labels(options: verified))"
            )
            return nil
        }
        guard let decoded = model.decoded(labels: model.labels(options: verified)) else { return nil }
        var final = line.fit
        final.options = verified
        final.cost = outcome.verifiedCost
        return Reading(decoded: decoded, fit: final, residual: residual, margin: margin, shortfall: shortfall)
    }

    /// Every verified symbol on `profile` by itself: its hypotheses ranked by how well their
    /// first guess fits, the best `maxHypotheses` fitted and read back on the same profile.
    /// For one line; a reader wants several lines to agree.
    public static func decode(_ profile: [Double], wanted: Set<Symbology>) -> [Reading] {
        var readings: [Reading] = []
        let fits = bestFits(profile, wanted: wanted)
        guard let best = fits.first else { return [] }
        for f in fits where isCompetitive(f, best: best) {
            guard let reading = read(profile, from: f) else { continue }
            if !readings.contains(where: { $0.decoded == reading.decoded }) { readings.append(reading) }
        }
        return readings
    }

    /// The hypotheses of `profile` fitted, best first: all of them ranked by the residual of the
    /// best chain at their first guess, the best `maxHypotheses` fitted.
    public static func bestFits(_ profile: [Double], wanted: Set<Symbology>) -> [Fit] {
        bestFits(profile, hypotheses: hypotheses(profile, wanted: wanted))
    }

    /// `hypotheses` on `profile` fitted, best first: ranked by the residual of the best chain at
    /// their first guess (`rankingResidual`), the best `limit` of those within `maximumRanking`
    /// fitted.
    public static func bestFits(
        _ profile: [Double], hypotheses: [Hypothesis], limit: Int = maxHypotheses, maximumRanking: Double = .infinity
    ) -> [Fit] {
        guard profile.count <= maximumProfileLength, profile.allSatisfy(\.isFinite) else { return [] }
        var ranked: [(hypothesis: Hypothesis, residual: Double)] = []
        for h in hypotheses {
            guard let model = LinearCodeModel(h.kind),
                let chain = bestChain(oriented(profile, h), model: model, geometry: h.geometry, levels: h.levels, endsOnly: true)
            else { continue }
            let residual = (chain.cost / Double(chain.samples)).squareRoot()
            if residual <= maximumRanking { ranked.append((h, residual)) }
        }
        ranked.sort { $0.residual < $1.residual }
        var fits = ranked.prefix(limit).compactMap { fit(profile, $0.hypothesis) }
        fits.sort { $0.residual < $1.residual }
        return fits
    }
}
