// SPDX-License-Identifier: GPL-3.0-or-later

/// The squared residuals between a profile and every chain of a `LinearCodeModel`'s options,
/// rendered under a Gaussian blur, laid out so the best chains are found by dynamic programming.
///
/// Every sample whose module coordinate `t` lies within the modelled span belongs to one step:
/// step `j` takes the samples between `blurReachModules` before segment `j`'s start and as far
/// before its end, whose blurred light comes from segments `j − 1` and `j` only. A chain's cost
/// is then a sum over steps of a term in the two options there: the samples near the boundary
/// depend on the previous option's suffix class and this option's prefix class (`pairCosts`),
/// the others on this option alone (`optionCosts`). Work is linear in the samples and in the
/// classes: for each step, samples × (suffix classes × prefix classes + options × modules).
struct ProfileTrellis {
    let model: LinearCodeModel
    /// Step `j`'s costs by (suffix class of the previous option) × (prefix class of this one),
    /// row-major; empty for step 0.
    var pairCosts: [[Double]]
    /// Step `j`'s costs of each of its options alone.
    var optionCosts: [[Double]]
    /// Samples that count in the costs.
    var sampleCount: Int

    /// The costs of `darkness` (one value per sample, 0 = light, 1 = dark) under `geometry`;
    /// with `windows`, only samples whose module coordinate lies in one of them count (a quick
    /// look at parts of the symbol, the rest left free).
    init(model: LinearCodeModel, darkness: [Double], geometry g: ModuleGeometry, windows: [ClosedRange<Double>]? = nil) {
        self.model = model
        let segments = model.segments
        let reach = LinearCodeModel.blurReachModules
        let q = Double(model.quietModules)
        let m = Double(model.moduleCount)
        pairCosts = segments.indices.map { j in
            j == 0 ? [] : [Double](repeating: 0, count: model.boundaries[j - 1].suffixes.count * model.boundaries[j].prefixes.count)
        }
        optionCosts = segments.map { [Double](repeating: 0, count: $0.options.count) }
        sampleCount = 0
        guard g.width > 0, g.sigma > 0, !darkness.isEmpty else { return }
        let first = max(0, Int(g.position(-q + reach).rounded(.up)))
        let last = min(darkness.count - 1, Int(g.position(m + q - reach).rounded(.down)))
        guard first <= last else { return }
        let boundaryModules = LinearCodeModel.boundaryModules
        var step = 0
        // Scratch reused for every sample: the normal distribution at module boundaries, and the
        // blurred darkness of each suffix and prefix class.
        var cdf = [Double](repeating: 0, count: 64)
        var suffixDarkness = [Double](repeating: 0, count: 128)
        var prefixDarkness = [Double](repeating: 0, count: 128)
        for i in first...last {
            let x = Double(i)
            let t = g.module(at: x)
            guard t >= -q + reach - 1e-9, t <= m + q - reach + 1e-9 else { continue }
            if let windows, !windows.contains(where: { $0.contains(t) }) { continue }
            while step + 1 < segments.count && t >= Double(segments[step + 1].startModule) - reach { step += 1 }
            let value = darkness[i]
            let segment = segments[step]
            let start = segment.startModule
            if step > 0 && t < Double(start) + reach {
                // Near the boundary: the previous option's last modules and this one's first.
                Self.boundaryCDF(&cdf, from: start - boundaryModules, count: 2 * boundaryModules, x: x, geometry: g)
                let before = model.boundaries[step - 1].suffixes
                let here = model.boundaries[step].prefixes
                let ns = before.count
                let np = here.count
                cdf.withUnsafeBufferPointer { c in
                    suffixDarkness.withUnsafeMutableBufferPointer { out in Self.darkness(of: before, c, into: out) }
                    prefixDarkness.withUnsafeMutableBufferPointer { out in Self.darkness(of: here, c, into: out) }
                }
                pairCosts[step].withUnsafeMutableBufferPointer { costs in
                    suffixDarkness.withUnsafeBufferPointer { sd in
                        prefixDarkness.withUnsafeBufferPointer { pd in
                            for s in 0..<ns {
                                let residual = value - sd[s]
                                let row = s * np
                                for p in 0..<np {
                                    let r = residual - pd[p]
                                    costs[row + p] += r * r
                                }
                            }
                        }
                    }
                }
            } else {
                // Inside the segment: this option's modules alone.
                Self.boundaryCDF(&cdf, from: start, count: segment.length, x: x, geometry: g)
                let runs = model.boundaries[step].options
                cdf.withUnsafeBufferPointer { c in
                    optionCosts[step].withUnsafeMutableBufferPointer { costs in
                        runs.pairs.withUnsafeBufferPointer { pairs in
                            runs.first.withUnsafeBufferPointer { firsts in
                                for o in 0..<costs.count {
                                    var sum = 0.0
                                    for r in Int(firsts[o])..<Int(firsts[o + 1]) { sum += c[Int(pairs[2 * r])] - c[Int(pairs[2 * r + 1])] }
                                    let residual = value - sum
                                    costs[o] += residual * residual
                                }
                            }
                        }
                    }
                }
            }
            sampleCount += 1
        }
    }

    /// The blurred darkness at a sample of each item of `runs`, from `cdf` at its module boundaries.
    @inline(__always)
    static func darkness(of runs: LinearCodeModel.BarRuns, _ cdf: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>)
    {
        runs.pairs.withUnsafeBufferPointer { pairs in
            runs.first.withUnsafeBufferPointer { firsts in
                for item in 0..<(firsts.count - 1) {
                    var sum = 0.0
                    for r in Int(firsts[item])..<Int(firsts[item + 1]) { sum += cdf[Int(pairs[2 * r])] - cdf[Int(pairs[2 * r + 1])] }
                    out[item] = sum
                }
            }
        }
    }

    /// Fills `cdf[0...count]` with the share of a sample's blur right of each module boundary
    /// `from`…`from + count` (1 for a boundary far left of the sample, 0 far right).
    @inline(__always)
    static func boundaryCDF(_ cdf: inout [Double], from: Int, count: Int, x: Double, geometry g: ModuleGeometry) {
        if cdf.count < count + 1 { cdf = [Double](repeating: 0, count: count + 1) }
        let reach = 6 * g.sigma
        cdf.withUnsafeMutableBufferPointer { c in
            for k in 0...count {
                let z = x - g.position(Double(from + k))
                c[k] = z > reach ? 1 : z < -reach ? 0 : ModuleGeometry.normalCDF(z / g.sigma)
            }
        }
    }

    /// These costs times `weight` (a line's costs in units of its residual variance).
    func scaled(by weight: Double) -> ProfileTrellis {
        var out = self
        out.pairCosts = pairCosts.map { $0.map { $0 * weight } }
        out.optionCosts = optionCosts.map { $0.map { $0 * weight } }
        return out
    }

    /// Adds `other`'s costs (the same model on another line through the symbol) times `weight`:
    /// a chain's cost is then its summed cost over both lines.
    mutating func add(_ other: ProfileTrellis, weight: Double) {
        for j in pairCosts.indices {
            for i in pairCosts[j].indices { pairCosts[j][i] += weight * other.pairCosts[j][i] }
            for i in optionCosts[j].indices { optionCosts[j][i] += weight * other.optionCosts[j][i] }
        }
        sampleCount += other.sampleCount
    }

    /// The cost of the chain `options` (one option per step).
    func cost(of options: [Int]) -> Double {
        guard options.count == optionCosts.count, let first = options.first else { return .infinity }
        var c = optionCosts[0][first]
        for j in 1..<options.count { c += transitionCost(step: j, from: options[j - 1], to: options[j]) }
        return c
    }

    /// The cost of going from option `previous` of step `j − 1` to option `option` of step `j`.
    @inline(__always)
    func transitionCost(step j: Int, from previous: Int, to option: Int) -> Double {
        let np = model.boundaries[j].prefixes.count
        return pairCosts[j][model.boundaries[j - 1].suffixOf[previous] * np + model.boundaries[j].prefixOf[option]] + optionCosts[j][option]
    }
}
