// SPDX-License-Identifier: GPL-3.0-or-later

/// Least-squares fit of a known module pattern to a profile: where its modules are, how blurred
/// it is and how light and deep it looks (Levenberg–Marquardt on eight parameters).
///
/// The pattern rendered under a Gaussian blur is a sum of smoothed steps, one per edge
/// (`+Φ((x − Xₑ)/σ)` entering a bar, `−Φ` leaving one), so its derivatives in the edge
/// positions and the blur are closed-form. Bounded: at most `maxIterations` steps over the
/// samples between the quiet zones.
enum ProfileFit {
    /// Most Levenberg–Marquardt steps of one fit.
    static let maxIterations = 12
    /// Weight of the prior that keeps the module width steady along the symbol, in grey
    /// levels of bar depth per unit of relative width change per sample.
    static let curvaturePrior = 0.3
    /// Relative improvement of the cost below which a fit has converged: a tenth of a percent
    /// moves no edge by a hundredth of a module, and the chain is chosen again after each fit.
    static let convergence = 1e-3
    /// Smallest blur fitted, in samples (the sensor's pixels and the sampling blur at least this).
    static let minimumSigma = 0.3

    struct Result {
        var geometry: ModuleGeometry
        var levels: ProfileLevels
        /// Sum of squared residuals in grey levels², over `sampleCount` samples.
        var cost: Double
        var sampleCount: Int
    }

    /// The samples the model covers: module coordinates within the quiet zones, less the blur reach.
    static func sampleRange(_ geometry: ModuleGeometry, quietModules: Int, count: Int) -> ClosedRange<Int>? {
        let reach = LinearCodeModel.blurReachModules
        let q = Double(quietModules)
        let first = max(0, Int(geometry.position(-q + reach).rounded(.up)))
        let last = min(count - 1, Int(geometry.position(Double(geometry.moduleCount) + q - reach).rounded(.down)))
        return first <= last ? first...last : nil
    }

    /// The edges of `modules` (module `-quietModules` first): module boundary and +1 entering a bar, −1 leaving one.
    static func edges(_ modules: [UInt8], quietModules: Int) -> [(boundary: Double, sign: Double)] {
        var out: [(Double, Double)] = []
        var previous: UInt8 = 0
        for (i, bit) in modules.enumerated() {
            if bit != previous { out.append((Double(i - quietModules), bit != 0 ? 1 : -1)) }
            previous = bit
        }
        if previous != 0 { out.append((Double(modules.count - quietModules), -1)) }
        return out
    }

    /// The blurred darkness of `edges` at sample `x`.
    @inline(__always)
    static func darkness(at x: Double, edges: [(boundary: Double, sign: Double)], geometry g: ModuleGeometry) -> Double {
        var s = 0.0
        let reach = 6 * g.sigma
        for e in edges {
            let z = x - g.position(e.boundary)
            if z > reach {
                s += e.sign
            } else if z > -reach {
                s += e.sign * ModuleGeometry.normalCDF(z / g.sigma)
            }
        }
        return s
    }

    /// The squared residual sum of `modules` under `geometry` and `levels` over `range`.
    static func cost(
        _ profile: [Double], edges: [(boundary: Double, sign: Double)], geometry g: ModuleGeometry, levels: ProfileLevels,
        range: ClosedRange<Int>
    ) -> Double {
        var sum = 0.0
        let positions = edges.map { g.position($0.boundary) }
        let reach = 6 * g.sigma
        var passed = 0.0
        var lo = 0
        for i in range {
            let x = Double(i)
            while lo < edges.count && positions[lo] < x - reach {
                passed += edges[lo].sign
                lo += 1
            }
            var s = passed
            var e = lo
            while e < edges.count && positions[e] <= x + reach {
                s += edges[e].sign * ModuleGeometry.normalCDF((x - positions[e]) / g.sigma)
                e += 1
            }
            let r = profile[i] - (levels.light(at: x) - levels.depth(at: x) * s)
            sum += r * r
        }
        return sum
    }

    /// Fits `modules` (module `-quietModules` first, through the trailing quiet zone) to
    /// `profile`, starting from `geometry` and `levels`; `fitCurvature` frees the steady width
    /// change. The samples fitted are those between the quiet zones less the blur reach, or `samples`.
    static func refine(
        _ profile: [Double], modules: [UInt8], quietModules: Int, geometry start: ModuleGeometry, levels startLevels: ProfileLevels,
        fitCurvature: Bool, samples: ClosedRange<Int>? = nil
    ) -> Result? {
        guard
            let range = samples?.clamped(to: 0...max(0, profile.count - 1))
                ?? sampleRange(start, quietModules: quietModules, count: profile.count),
            range.count >= 8, !profile.isEmpty
        else { return nil }
        let edges = edges(modules, quietModules: quietModules)
        var geometry = start
        var levels = startLevels
        let m = Double(start.moduleCount)
        func priorResidual(_ g: ModuleGeometry, _ l: ProfileLevels) -> Double {
            curvaturePrior * l.depth * Double(range.count).squareRoot() * g.curvature * 2 * m / g.width
        }
        var cost =
            Self.cost(profile, edges: edges, geometry: geometry, levels: levels, range: range) + pow2(priorResidual(geometry, levels))
        var lambda = 1e-3
        let n = 8
        for _ in 0..<maxIterations {
            var h = [Double](repeating: 0, count: n * n)
            var gradient = [Double](repeating: 0, count: n)
            var row = [Double](repeating: 0, count: n)
            let positions = edges.map { geometry.position($0.boundary) }
            let reach = 6 * geometry.sigma
            var passed = 0.0
            var lo = 0
            for i in range {
                let x = Double(i)
                let u = levels.offset(x)
                let depth = levels.depth(at: x)
                while lo < edges.count && positions[lo] < x - reach {
                    passed += edges[lo].sign
                    lo += 1
                }
                var s = passed
                var dOrigin = 0.0
                var dWidth = 0.0
                var dCurvature = 0.0
                var dSigma = 0.0
                var index = lo
                while index < edges.count && positions[index] <= x + reach {
                    let e = edges[index]
                    index += 1
                    let zs = (x - positions[index - 1]) / geometry.sigma
                    s += e.sign * ModuleGeometry.normalCDF(zs)
                    let dEdge = depth / geometry.sigma * e.sign * ModuleGeometry.normalDensity(zs)
                    dOrigin += dEdge
                    dWidth += dEdge * e.boundary
                    dCurvature += dEdge * e.boundary * (e.boundary - m)
                    dSigma += dEdge * zs
                }
                let r = profile[i] - (levels.light(at: x) - depth * s)
                row[0] = dOrigin
                row[1] = dWidth
                row[2] = fitCurvature ? dCurvature : 0
                row[3] = dSigma
                row[4] = 1
                row[5] = u
                row[6] = -s
                row[7] = -u * s
                for a in 0..<n {
                    gradient[a] += row[a] * r
                    for b in a..<n { h[a * n + b] += row[a] * row[b] }
                }
            }
            if fitCurvature {
                // The prior's residual, linear in the curvature.
                let k = curvaturePrior * levels.depth * Double(range.count).squareRoot() * 2 * m / geometry.width
                h[2 * n + 2] += k * k
                gradient[2] -= k * k * geometry.curvature
            }
            for a in 0..<n { for b in 0..<a { h[a * n + b] = h[b * n + a] } }
            var improved = false
            for _ in 0..<6 {
                var damped = h
                for a in 0..<n { damped[a * n + a] += lambda * max(h[a * n + a], 1e-9) + 1e-12 }
                if !fitCurvature {
                    damped[2 * n + 2] = 1
                }
                guard var step = solve(damped, gradient, n: n) else { break }
                if !fitCurvature { step[2] = 0 }
                var g = geometry
                g.origin += step[0]
                g.width += step[1]
                g.curvature += step[2]
                // The blur never goes below what the pixels give.
                g.sigma = max(minimumSigma, g.sigma + step[3])
                var l = levels
                l.light += step[4]
                l.lightSlope += step[5]
                l.depth += step[6]
                l.depthSlope += step[7]
                let valid = g.width > 0.3 && g.sigma < 4 * g.width && abs(g.curvature) * 2 * m < 0.5 * g.width && l.depth > 1
                if valid {
                    let c = Self.cost(profile, edges: edges, geometry: g, levels: l, range: range) + pow2(priorResidual(g, l))
                    if c < cost {
                        let relative = (cost - c) / max(cost, 1e-12)
                        geometry = g
                        levels = l
                        cost = c
                        lambda = max(lambda / 4, 1e-7)
                        improved = relative > convergence
                        break
                    }
                }
                lambda *= 8
            }
            if !improved { break }
        }
        let plain = Self.cost(profile, edges: edges, geometry: geometry, levels: levels, range: range)
        return Result(geometry: geometry, levels: levels, cost: plain, sampleCount: range.count)
    }

    @inline(__always) static func pow2(_ x: Double) -> Double { x * x }

    /// Solves the `n`×`n` system `a · x = b` (row-major) by Gaussian elimination with partial
    /// pivoting; `nil` when it is singular.
    static func solve(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
        var m = a
        var v = b
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(m[r * n + col]) > abs(m[pivot * n + col]) { pivot = r }
            guard abs(m[pivot * n + col]) > 1e-300 else { return nil }
            if pivot != col {
                for c in 0..<n { m.swapAt(col * n + c, pivot * n + c) }
                v.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = m[r * n + col] / m[col * n + col]
                if f == 0 { continue }
                for c in col..<n { m[r * n + c] -= f * m[col * n + c] }
                v[r] -= f * v[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = v[r]
            for c in (r + 1)..<n { s -= m[r * n + c] * x[c] }
            x[r] = s / m[r * n + r]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
