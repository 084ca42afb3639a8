// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a linear symbol's modules fall along a profile, and how much it is blurred.
///
/// Module boundary `k` (0 = the first bar's leading edge, `moduleCount` = the last bar's
/// trailing edge) sits at `origin + width·k + curvature·k·(k − moduleCount)` profile samples:
/// `curvature` lets the module width change steadily along the symbol (a code seen at a slant),
/// while the symbol's two ends stay at `origin` and `origin + width·moduleCount`. The blur is a
/// Gaussian of `sigma` samples (the lens's defocus, the sensor's pixels and the sampling
/// together).
public struct ModuleGeometry: Sendable, Hashable {
    /// The first bar's leading edge, in samples.
    public var origin: Double
    /// Mean module width, in samples.
    public var width: Double
    /// Steady change of the module width along the symbol, in samples per module².
    public var curvature: Double
    /// Standard deviation of the Gaussian blur, in samples.
    public var sigma: Double
    /// Modules from the first bar's leading edge to the last bar's trailing edge.
    public var moduleCount: Int

    public init(origin: Double, width: Double, curvature: Double = 0, sigma: Double, moduleCount: Int) {
        self.origin = origin
        self.width = width
        self.curvature = curvature
        self.sigma = sigma
        self.moduleCount = moduleCount
    }

    /// Position of module boundary `k` (any real module coordinate), in samples.
    public func position(_ k: Double) -> Double {
        origin + width * k + curvature * k * (k - Double(moduleCount))
    }

    /// The module coordinate at `x` samples (the inverse of `position`).
    public func module(at x: Double) -> Double {
        let m = Double(moduleCount)
        let b = width - curvature * m
        let c = origin - x
        guard abs(curvature) > 1e-12 else { return -c / b }
        // The root nearest the linear solution, computed without cancellation.
        let disc = max(0, b * b - 4 * curvature * c)
        let q = -0.5 * (b + (b >= 0 ? 1 : -1) * disc.squareRoot())
        let r1 = q / curvature
        let r2 = q != 0 ? c / q : r1
        let linear = -c / b
        return abs(r1 - linear) < abs(r2 - linear) ? r1 : r2
    }

    /// The same geometry for the profile read backwards (sample `x` becomes `length − 1 − x`).
    public func reversed(profileLength length: Int) -> ModuleGeometry {
        let end = position(Double(moduleCount))
        return ModuleGeometry(origin: Double(length - 1) - end, width: width, curvature: -curvature, sigma: sigma, moduleCount: moduleCount)
    }

    /// The standard normal distribution function (table lookup with linear interpolation, error
    /// below 10⁻⁵; 0 and 1 beyond ±`GaussianTable.reach`).
    @inline(__always) static func normalCDF(_ z: Double) -> Double {
        GaussianTable.cdf(z)
    }

    /// The standard normal density (table lookup, likewise).
    @inline(__always) static func normalDensity(_ z: Double) -> Double {
        GaussianTable.density(z)
    }
}

/// Tabulated standard normal distribution and density: the fits evaluate them millions of times.
enum GaussianTable {
    /// Largest |z| tabulated; beyond it the distribution is 0 or 1 and the density 0.
    static let reach = 8.0
    /// Table entries per unit of z.
    static let resolution = 512.0
    static let cdfTable: [Double] = (0...Int(2 * reach * resolution)).map { i in
        0.5 * erfc(-(Double(i) / resolution - reach) * 0.707_106_781_186_547_5)
    }
    static let densityTable: [Double] = (0...Int(2 * reach * resolution)).map { i in
        let z = Double(i) / resolution - reach
        return 0.398_942_280_401_432_7 * exp(-0.5 * z * z)
    }

    @inline(__always) static func cdf(_ z: Double) -> Double {
        if z <= -reach { return 0 }
        if z >= reach { return 1 }
        return interpolate(cdfTable, z)
    }

    @inline(__always) static func density(_ z: Double) -> Double {
        if z <= -reach || z >= reach { return 0 }
        return interpolate(densityTable, z)
    }

    @inline(__always) static func interpolate(_ table: [Double], _ z: Double) -> Double {
        let u = (z + reach) * resolution
        let i = Int(u)
        let f = u - Double(i)
        return table.withUnsafeBufferPointer { t in
            i + 1 < t.count ? t[i] + f * (t[i + 1] - t[i]) : t[t.count - 1]
        }
    }
}
