// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How much a region of an image is defocused: the sigma of a Gaussian blur, in pixels.
public enum DefocusEstimate {
    /// From the steepest edges: a step of contrast `c` blurred by a Gaussian of sigma σ rises at
    /// most `c / (σ√2π)` per pixel across it. The contrast is the spread between the region's
    /// 5th and 95th percentiles, the slope the 99th percentile of the gradient's magnitude (a
    /// few noisy pixels do not make the region look sharp); `nil` for a flat region.
    public static func fromEdges(_ image: LumaImage, in area: PixelRect) -> Double? {
        let r = area.clamped(width: image.width, height: image.height)
        guard r.width >= 3, r.height >= 3 else { return nil }
        var histogram = [Int](repeating: 0, count: 256)
        var slopes: [Double] = []
        slopes.reserveCapacity(r.width * r.height)
        for y in (r.y + 1)..<(r.maxY - 1) {
            for x in (r.x + 1)..<(r.maxX - 1) {
                histogram[Int(image[x, y])] += 1
                let gx = (Double(image[x + 1, y]) - Double(image[x - 1, y])) / 2
                let gy = (Double(image[x, y + 1]) - Double(image[x, y - 1])) / 2
                slopes.append((gx * gx + gy * gy).squareRoot())
            }
        }
        let total = slopes.count
        guard total > 0 else { return nil }
        func percentile(_ share: Double) -> Double {
            var seen = 0
            for (v, n) in histogram.enumerated() {
                seen += n
                if Double(seen) > share * Double(total) { return Double(v) }
            }
            return 255
        }
        let contrast = percentile(0.95) - percentile(0.05)
        slopes.sort()
        let slope = slopes[min(total - 1, Int(0.99 * Double(total)))]
        guard contrast >= 16, slope > 0 else { return nil }
        return max(ProfileFit.minimumSigma, contrast / (slope * (2 * Double.pi).squareRoot()))
    }

    /// From finder patterns: a profile across each finder's centre, each way (the mean of the
    /// rows or columns of its 3×3 centre), fitted with the finder's modules (dark, light, three
    /// dark, light, dark) beside a quiet zone. Only one side of a finder is sure to be quiet (the
    /// other has the separator and data), so both sides are tried and the better fit kept; the
    /// median over the fits with a residual within `maximumResidual` of the bar depth is the
    /// blur. `nil` when no fit holds.
    public static func fromFinders(_ image: LumaImage, finders: [FinderPatternLocator.Finder]) -> Double? {
        var sigmas: [Double] = []
        for finder in finders.prefix(4) {
            let m = finder.moduleSize
            guard m >= 1 else { continue }
            for vertical in [false, true] {
                guard let (profile, center) = crossSection(image, finder: finder, vertical: vertical) else { continue }
                if let sigma = fit(profile, center: center, module: m) { sigmas.append(sigma) }
            }
        }
        guard !sigmas.isEmpty else { return nil }
        sigmas.sort()
        return sigmas[sigmas.count / 2]
    }

    /// Largest residual of a finder fit, in bar depths.
    static let maximumResidual = 0.12
    /// Modules of profile on each side of a finder's centre.
    static let reachModules = 7.0

    /// The mean profile across a finder's centre, from `reachModules` before it to as far after
    /// (cut short at the image's sides), and the centre's index in it.
    static func crossSection(_ image: LumaImage, finder: FinderPatternLocator.Finder, vertical: Bool) -> (
        profile: [Double], center: Double
    )? {
        let m = finder.moduleSize
        let half = Int((reachModules * m).rounded(.up))
        let c = finder.center
        let band = max(0, Int(m / 2))
        var out: [Double] = []
        var first: Int?
        for k in -half...half {
            var sum = 0.0
            var n = 0
            for j in -band...band {
                let x = Int((vertical ? c.x + Double(j) : c.x + Double(k)).rounded(.down))
                let y = Int((vertical ? c.y + Double(k) : c.y + Double(j)).rounded(.down))
                guard x >= 0, y >= 0, x < image.width, y < image.height else { continue }
                sum += Double(image[x, y])
                n += 1
            }
            guard n > 0 else {
                if first != nil { break }
                continue
            }
            if first == nil { first = k }
            out.append(sum / Double(n))
        }
        guard let first, out.count >= 8 else { return nil }
        // Sample i is pixel offset first + i from the centre pixel's start; the centre lies
        // within that pixel.
        let within = vertical ? c.y - c.y.rounded(.down) : c.x - c.x.rounded(.down)
        return (out, Double(-first) + within - 0.5)
    }

    /// The blur of one finder cross-section (module size `m` pixels, centre at sample `center`), or `nil`.
    static func fit(_ profile: [Double], center: Double, module m: Double) -> Double? {
        let modules: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        let quiet = 8
        let (light, dark) = ProfileSpan.levels(profile)
        let depth = light - dark
        guard depth >= 8 else { return nil }
        let start = ModuleGeometry(origin: center - 3.5 * m, width: m, sigma: max(ProfileFit.minimumSigma, 0.5 * m), moduleCount: 7)
        let levels = ProfileLevels(light: light, depth: depth, center: center, halfLength: 3.5 * m)
        var best: (cost: Double, sigma: Double)?
        for outerFirst in [true, false] {
            // Quiet side: from 3 modules outside the finder to the middle of its far ring.
            let lo = outerFirst ? center - 6.5 * m : center - 3 * m
            let hi = outerFirst ? center + 3 * m : center + 6.5 * m
            let samples = max(0, Int(lo.rounded(.up)))...max(0, min(profile.count - 1, Int(hi.rounded(.down))))
            guard
                let result = ProfileFit.refine(
                    profile, modules: modules, quietModules: quiet, geometry: start, levels: levels, fitCurvature: false, samples: samples)
            else { continue }
            let residual = (result.cost / Double(result.sampleCount)).squareRoot() / max(result.levels.depth, 1)
            guard residual <= maximumResidual, abs(result.geometry.width - m) <= 0.3 * m else { continue }
            if best == nil || result.cost < best?.cost ?? .infinity { best = (result.cost, result.geometry.sigma) }
        }
        return best?.sigma
    }
}
