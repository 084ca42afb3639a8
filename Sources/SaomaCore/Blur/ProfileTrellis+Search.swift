// SPDX-License-Identifier: GPL-3.0-or-later

extension ProfileTrellis {
    /// The best chains through the trellis.
    struct Outcome: Sendable {
        /// Cost of the best chain of all (verifying or not), and that chain (one option per step).
        var bestCost: Double
        var bestOptions: [Int]
        /// The best verifying chain and its cost, if one costs at most `bestCost + slack`.
        var verified: [Int]?
        var verifiedCost: Double
        /// Cost of the second-best verifying chain, or `bestCost + slack` when none is that close
        /// (the runner-up costs at least this much).
        var runnerUpCost: Double
        /// Whether the search gave up: too many chains within the slack to tell apart.
        var isAmbiguous: Bool
    }

    /// Most (option, accumulator) states one step of the verified search keeps.
    static let maxStatesPerStep = 20_000

    /// The best chain (min-sum over the steps), and the two best verifying chains within
    /// `slack` of it.
    ///
    /// A forward and a backward pass give every option's best chain cost through it; options
    /// whose best chain costs more than `bestCost + slack` cannot be on a chain that close, so the
    /// verified search runs over the others only, carrying the model's accumulator (check digit,
    /// parities) and keeping the two cheapest chains per (option, accumulator). That is exact:
    /// every verifying chain within the slack is considered. More than `maxStatesPerStep`
    /// states at a step make the outcome ambiguous (nothing verified).
    func search(slack: Double) -> Outcome {
        let steps = optionCosts.count
        let bounds = model.boundaries
        let (forward, back) = forwardPass()
        // Backward: the best cost from each option to the end.
        var backward = [[Double]](repeating: [], count: steps)
        backward[steps - 1] = [Double](repeating: 0, count: optionCosts[steps - 1].count)
        for j in stride(from: steps - 1, to: 0, by: -1) {
            let suffixCount = bounds[j - 1].suffixes.count
            let prefixCount = bounds[j].prefixes.count
            var byPrefix = [Double](repeating: .infinity, count: prefixCount)
            for (o, cost) in optionCosts[j].enumerated() {
                let c = cost + backward[j][o]
                if c < byPrefix[bounds[j].prefixOf[o]] { byPrefix[bounds[j].prefixOf[o]] = c }
            }
            var bySuffix = [Double](repeating: .infinity, count: suffixCount)
            pairCosts[j].withUnsafeBufferPointer { pair in
                for s in 0..<suffixCount {
                    var best = Double.infinity
                    for p in 0..<prefixCount { best = min(best, pair[s * prefixCount + p] + byPrefix[p]) }
                    bySuffix[s] = best
                }
            }
            backward[j - 1] = bounds[j - 1].suffixOf.map { bySuffix[$0] }
        }
        let (bestOptions, bestCost) = Self.backtrack(forward: forward, back: back)
        let limit = bestCost + slack
        var outcome = Outcome(
            bestCost: bestCost, bestOptions: bestOptions, verified: nil, verifiedCost: .infinity, runnerUpCost: limit, isAmbiguous: false)
        verifiedSearch(forward: forward, backward: backward, limit: limit, into: &outcome)
        return outcome
    }

    /// The best chain of all and its cost (the forward pass alone).
    func best() -> (options: [Int], cost: Double) {
        let (forward, back) = forwardPass()
        return Self.backtrack(forward: forward, back: back)
    }

    /// The best cost of a chain ending at each option of each step, and its previous option.
    private func forwardPass() -> (forward: [[Double]], back: [[Int]]) {
        let steps = optionCosts.count
        let bounds = model.boundaries
        var forward: [[Double]] = [optionCosts[0]]
        var back: [[Int]] = [[Int](repeating: -1, count: optionCosts[0].count)]
        for j in 1..<steps {
            let previous = forward[j - 1]
            let suffixCount = bounds[j - 1].suffixes.count
            let prefixCount = bounds[j].prefixes.count
            var bySuffix = [Double](repeating: .infinity, count: suffixCount)
            var bySuffixOption = [Int](repeating: -1, count: suffixCount)
            for (o, cost) in previous.enumerated() where cost < bySuffix[bounds[j - 1].suffixOf[o]] {
                bySuffix[bounds[j - 1].suffixOf[o]] = cost
                bySuffixOption[bounds[j - 1].suffixOf[o]] = o
            }
            var byPrefix = [Double](repeating: .infinity, count: prefixCount)
            var byPrefixOption = [Int](repeating: -1, count: prefixCount)
            pairCosts[j].withUnsafeBufferPointer { pair in
                for s in 0..<suffixCount where bySuffix[s] < .infinity {
                    for p in 0..<prefixCount {
                        let c = bySuffix[s] + pair[s * prefixCount + p]
                        if c < byPrefix[p] {
                            byPrefix[p] = c
                            byPrefixOption[p] = bySuffixOption[s]
                        }
                    }
                }
            }
            let options = optionCosts[j]
            forward.append(options.indices.map { byPrefix[bounds[j].prefixOf[$0]] + options[$0] })
            back.append(options.indices.map { byPrefixOption[bounds[j].prefixOf[$0]] })
        }
        return (forward, back)
    }

    /// The best chain from the forward pass.
    private static func backtrack(forward: [[Double]], back: [[Int]]) -> (options: [Int], cost: Double) {
        let steps = forward.count
        let last = forward[steps - 1]
        var end = 0
        for o in last.indices where last[o] < last[end] { end = o }
        var options = [Int](repeating: 0, count: steps)
        var o = end
        for j in stride(from: steps - 1, through: 0, by: -1) {
            options[j] = o
            o = back[j][o]
        }
        return (options, last[end])
    }

    /// One (option, accumulator) state of the verified search: its two cheapest chains.
    private struct State {
        var option: Int
        var accumulator: Int
        var costs: (Double, Double) = (.infinity, .infinity)
        /// (state index in the previous step, which of its chains) for each chain.
        var from: ((Int, Int), (Int, Int)) = ((-1, 0), (-1, 0))

        mutating func offer(_ cost: Double, from origin: (Int, Int)) {
            if cost < costs.0 {
                costs.1 = costs.0
                from.1 = from.0
                costs.0 = cost
                from.0 = origin
            } else if cost < costs.1 {
                costs.1 = cost
                from.1 = origin
            }
        }
    }

    /// The two best verifying chains costing at most `limit`, over the options that can be on one.
    private func verifiedSearch(forward: [[Double]], backward: [[Double]], limit: Double, into outcome: inout Outcome) {
        let steps = optionCosts.count
        let segments = model.segments
        var layers: [[State]] = []
        var layer: [State] = []
        for o in optionCosts[0].indices where forward[0][o] + backward[0][o] <= limit {
            guard let acc = model.advance(model.initialAccumulator, segment: 0, label: segments[0].labels[o]) else { continue }
            var state = State(option: o, accumulator: acc)
            state.offer(optionCosts[0][o], from: (-1, 0))
            layer.append(state)
        }
        layers.append(layer)
        for j in 1..<steps {
            let survivors = optionCosts[j].indices.filter { forward[j][$0] + backward[j][$0] <= limit }
            var index: [Int: Int] = [:]
            var next: [State] = []
            for (si, state) in layers[j - 1].enumerated() {
                for o in survivors {
                    let step = transitionCost(step: j, from: state.option, to: o)
                    let rest = backward[j][o]
                    let c0 = state.costs.0 + step
                    guard c0 + rest <= limit else { continue }
                    guard let acc = model.advance(state.accumulator, segment: j, label: segments[j].labels[o]) else { continue }
                    let key = acc &* 4096 &+ o
                    let target: Int
                    if let found = index[key] {
                        target = found
                    } else {
                        guard next.count < Self.maxStatesPerStep else {
                            outcome.isAmbiguous = true
                            return
                        }
                        target = next.count
                        index[key] = target
                        next.append(State(option: o, accumulator: acc))
                    }
                    next[target].offer(c0, from: (si, 0))
                    let c1 = state.costs.1 + step
                    if c1 + rest <= limit { next[target].offer(c1, from: (si, 1)) }
                }
            }
            if next.isEmpty { return }
            layers.append(next)
        }
        // The two cheapest verifying chains among the final states.
        var best: (cost: Double, state: Int, rank: Int) = (.infinity, -1, 0)
        var second = Double.infinity
        for (si, state) in layers[steps - 1].enumerated() where model.accepts(state.accumulator) {
            for (rank, cost) in [state.costs.0, state.costs.1].enumerated() where cost < .infinity {
                if cost < best.cost {
                    second = best.cost
                    best = (cost, si, rank)
                } else if cost < second {
                    second = cost
                }
            }
        }
        guard best.state >= 0 else { return }
        var options = [Int](repeating: 0, count: steps)
        var (si, rank) = (best.state, best.rank)
        for j in stride(from: steps - 1, through: 0, by: -1) {
            let state = layers[j][si]
            options[j] = state.option
            let origin = rank == 0 ? state.from.0 : state.from.1
            (si, rank) = origin
        }
        outcome.verified = options
        outcome.verifiedCost = best.cost
        outcome.runnerUpCost = min(second, limit)
    }
}
