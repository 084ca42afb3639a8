// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// The trellis: a chain's cost is its squared residual against the profile, and the searches
/// find the chains an exhaustive search finds.
@Suite("Blur-aware reader: trellis search")
struct BlurTrellisTests {
    /// Point samples of the blurred darkness of `modules` (module `-quiet` first) under `g`,
    /// computed with `erfc` directly.
    static func rendered(_ modules: [UInt8], quiet: Int, geometry g: ModuleGeometry, count: Int) -> [Double] {
        (0..<count).map { i in
            var d = 0.0
            for (k, bit) in modules.enumerated() where bit != 0 {
                let a = g.position(Double(k - quiet))
                let b = g.position(Double(k - quiet + 1))
                d +=
                    0.5 * erfc(-(Double(i) - a) / (g.sigma * 2.0.squareRoot())) - 0.5
                    * erfc(-(Double(i) - b) / (g.sigma * 2.0.squareRoot()))
            }
            return d
        }
    }

    /// Random options, one per segment.
    static func randomOptions(_ model: LinearCodeModel, _ random: inout SeededRandom) -> [Int] {
        model.segments.map { Int(random.next() % UInt64($0.options.count)) }
    }

    /// The cost of `options` summed step by step from the trellis's terms.
    static func chainCost(_ trellis: ProfileTrellis, _ options: [Int]) -> Double {
        var cost = trellis.optionCosts[0][options[0]]
        for j in 1..<options.count { cost += trellis.transitionCost(step: j, from: options[j - 1], to: options[j]) }
        return cost
    }

    @Test(
        "a chain's trellis cost is its squared residual over the modelled samples",
        arguments: [
            (LinearCodeModel.Kind.ean13(upcOnly: false), 0.5), (.ean8, 0.8), (.upcE, 1.0), (.code128(dataCharacters: 3), 0.7),
        ])
    func costIsTheResidual(kind: LinearCodeModel.Kind, sigmaModules: Double) throws {
        let model = try #require(LinearCodeModel(kind))
        var random = SeededRandom(state: 11)
        let g = ModuleGeometry(origin: 30.3, width: 2.1, sigma: sigmaModules * 2.1, moduleCount: model.moduleCount)
        let count = Int(g.position(Double(model.moduleCount)) + 40)
        let truth = Self.randomOptions(model, &random)
        let profile = Self.rendered(model.modules(options: truth), quiet: model.quietModules, geometry: g, count: count).map {
            $0 + 0.05 * random.gaussian()
        }
        let trellis = ProfileTrellis(model: model, darkness: profile, geometry: g)
        let range = try #require(ProfileFit.sampleRange(g, quietModules: model.quietModules, count: count))
        #expect(trellis.sampleCount == range.count)
        for options in [truth, Self.randomOptions(model, &random), Self.randomOptions(model, &random)] {
            let render = Self.rendered(model.modules(options: options), quiet: model.quietModules, geometry: g, count: count)
            let direct = range.reduce(0.0) { $0 + pow(profile[$1] - render[$1], 2) }
            // The model counts each sample's blur within 3.5 modules: the rest is below 10⁻⁴ here.
            #expect(abs(Self.chainCost(trellis, options) - direct) <= 1e-3 * max(1, direct), "\(options)")
        }
    }

    @Test("the searches find what an exhaustive search finds (Code 128, one data character)", arguments: [1, 2, 3, 4, 5])
    func searchIsExact(seed: UInt64) throws {
        let model = try #require(LinearCodeModel(.code128(dataCharacters: 1)))
        var random = SeededRandom(state: seed)
        let g = ModuleGeometry(origin: 20, width: 2, sigma: 1.4 + 0.2 * Double(seed), moduleCount: model.moduleCount)
        let count = Int(g.position(Double(model.moduleCount)) + 30)
        // A drawn chain under heavy noise, or (seed 5) noise alone.
        let truth = Self.randomOptions(model, &random)
        let clean =
            seed == 5
            ? [Double](repeating: 0.5, count: count)
            : Self.rendered(model.modules(options: truth), quiet: model.quietModules, geometry: g, count: count)
        let profile = clean.map { $0 + 0.3 * random.gaussian() }
        let trellis = ProfileTrellis(model: model, darkness: profile, geometry: g)
        var best = Double.infinity
        var verified: [(cost: Double, options: [Int])] = []
        for a in 0..<3 {
            for b in 0..<103 {
                for c in 0..<103 {
                    let options = [a, b, c]
                    let cost = Self.chainCost(trellis, options)
                    best = min(best, cost)
                    if model.decoded(labels: model.labels(options: options)) != nil { verified.append((cost, options)) }
                }
            }
        }
        verified.sort { $0.cost < $1.cost }
        let slack = 4.0
        let outcome = trellis.search(slack: slack)
        #expect(abs(outcome.bestCost - best) <= 1e-9 * max(1, best))
        #expect(abs(Self.chainCost(trellis, outcome.bestOptions) - best) <= 1e-9 * max(1, best))
        #expect(abs(trellis.best().cost - best) <= 1e-9 * max(1, best))
        if let first = verified.first, first.cost <= best + slack {
            #expect(outcome.verified == first.options)
            #expect(abs(outcome.verifiedCost - first.cost) <= 1e-9 * max(1, first.cost))
            let second = verified.count > 1 ? min(verified[1].cost, best + slack) : best + slack
            #expect(abs(outcome.runnerUpCost - second) <= 1e-9 * max(1, second))
        } else {
            #expect(outcome.verified == nil)
        }
    }

    @Test("windows leave the samples outside them out")
    func windowsLimitTheSamples() throws {
        let model = try #require(LinearCodeModel(.ean13(upcOnly: false)))
        let g = ModuleGeometry(origin: 30, width: 2, sigma: 1.2, moduleCount: 95)
        let profile = [Double](repeating: 0.3, count: 260)
        let whole = ProfileTrellis(model: model, darkness: profile, geometry: g)
        let ends = ProfileTrellis(model: model, darkness: profile, geometry: g, windows: [-7...25, 70...102])
        // Modules −3.5…25 and 70…98.5 at two samples each.
        #expect(ends.sampleCount < whole.sampleCount)
        #expect(abs(Double(ends.sampleCount) - 2 * (28.5 + 28.5)) <= 3)
    }
}
