// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import SaomaCore

/// Module geometry, the tabulated normal distribution and the least-squares fit of a known
/// pattern's geometry, blur and levels.
@Suite("Blur-aware reader: geometry and fit")
struct BlurFitTests {
    @Test(
        "module positions invert, with and without a width change",
        arguments: [(30.0, 2.0, 0.0), (12.5, 3.1, 0.001), (40.0, 1.7, -0.002), (0.0, 2.0, 0.004)])
    func positionsInvert(origin: Double, width: Double, curvature: Double) {
        let g = ModuleGeometry(origin: origin, width: width, curvature: curvature, sigma: 1, moduleCount: 95)
        #expect(abs(g.position(0) - origin) < 1e-12)
        #expect(abs(g.position(95) - (origin + 95 * width)) < 1e-9)
        for k in stride(from: -7.0, through: 102, by: 3.5) {
            #expect(abs(g.module(at: g.position(k)) - k) < 1e-9, "module \(k)")
        }
        // Reading backwards mirrors the positions.
        let r = g.reversed(profileLength: 300)
        for k in [0.0, 17.0, 95.0] {
            #expect(abs(r.position(95 - k) - (299 - g.position(k))) < 1e-9)
        }
    }

    @Test("the normal distribution table is within 10⁻⁶ of erfc")
    func gaussianTableIsAccurate() {
        var worst = 0.0
        var worstDensity = 0.0
        for i in -1000...1000 {
            let z = Double(i) * 0.00937
            worst = max(worst, abs(ModuleGeometry.normalCDF(z) - 0.5 * erfc(-z / 2.0.squareRoot())))
            worstDensity = max(worstDensity, abs(ModuleGeometry.normalDensity(z) - exp(-z * z / 2) / (2 * Double.pi).squareRoot()))
        }
        #expect(worst < 1e-6)
        #expect(worstDensity < 1e-6)
        #expect(ModuleGeometry.normalCDF(-50) == 0 && ModuleGeometry.normalCDF(50) == 1 && ModuleGeometry.normalDensity(40) == 0)
    }

    @Test(
        "a known pattern's geometry, blur and levels are recovered from a rough start",
        arguments: [(2.0, 0.4), (2.0, 0.8), (3.0, 1.0), (1.6, 0.6)])
    func fitRecoversTheParameters(ppm: Double, sigmaModules: Double) throws {
        // EAN-13 5901234123457 drawn by zint, rendered exactly (pixel-integrated, noise 2 levels).
        let bars = try ZintSymbol.bars("EANX", "590123412345")
        let quiet = 12
        let profile = BlurRender.profile(bars, ppm: ppm, sigma: sigmaModules, noise: 2, quiet: quiet, seed: 3)
        let q = LinearCodeModel.quietModules
        let modules = [UInt8](repeating: 0, count: q) + bars + [UInt8](repeating: 0, count: q)
        let origin = Double(quiet) * ppm
        // Pixel integration adds a box of one pixel: variance 1/12.
        let sigma = (pow(sigmaModules * ppm, 2) + 1.0 / 12).squareRoot()
        // The profile's samples sit at pixel starts; the render's pixel [p, p+1) has its centre at p + 0.5.
        let start = ModuleGeometry(origin: origin - 0.5 + 0.6 * ppm, width: ppm * 1.01, sigma: sigma * 0.7, moduleCount: 95)
        let levels = ProfileLevels(light: 190, depth: 120, center: origin + 47.5 * ppm, halfLength: 47.5 * ppm)
        let result = try #require(
            ProfileFit.refine(profile, modules: modules, quietModules: q, geometry: start, levels: levels, fitCurvature: true))
        let g = result.geometry
        #expect(abs(g.origin - (origin - 0.5)) < 0.05 * ppm, "origin \(g.origin)")
        #expect(abs(g.width - ppm) < 0.002 * ppm, "width \(g.width)")
        #expect(abs(g.sigma - sigma) < 0.05 * sigma, "sigma \(g.sigma) for \(sigma)")
        #expect(abs(result.levels.light - BlurRender.light) < 2)
        #expect(abs(result.levels.depth - (BlurRender.light - BlurRender.dark)) < 3)
        #expect((result.cost / Double(result.sampleCount)).squareRoot() < 2.5, "the residual is the noise")
    }

    @Test("a profile's steepest slope gives its blur within a third (the fit's starting point)", arguments: [1.0, 1.6, 2.4])
    func blurEstimateFromSlope(sigma: Double) {
        // A single wide bar: its edges are isolated steps.
        let profile = BlurRender.profile([UInt8](repeating: 1, count: 20), ppm: 2, sigma: sigma / 2, noise: 0, quiet: 12)
        let estimate = LinearProfileDecoder.blurEstimate(
            profile, start: 0, end: profile.count - 1, depth: BlurRender.light - BlurRender.dark)
        let expected = (sigma * sigma + 1.0 / 12).squareRoot()
        // Central differences of a sampled edge are flatter than its steepest slope: over, never under.
        #expect(estimate >= 0.95 * expected && estimate < 1.33 * expected, "\(estimate) for \(expected)")
    }

    @Test("spans: bars between quiet zones wider than any gap inside")
    func spansFindTheSymbol() throws {
        let bars = try ZintSymbol.bars("EANX", "590123412345")
        let profile = BlurRender.profile(bars, ppm: 2, sigma: 0.6, noise: 1, quiet: 15)
        let (light, dark) = ProfileSpan.levels(profile)
        let spans = ProfileSpan.find(in: profile, light: light, dark: dark)
        let widest = try #require(spans.first)
        #expect(abs(widest.start - 30) <= 2 && abs(widest.end - (30 + 190)) <= 2, "\(widest)")
        #expect(widest.gapBefore >= 28 && widest.gapAfter >= 28)
        // A flat profile has none.
        #expect(ProfileSpan.find(in: [Double](repeating: 128, count: 200), light: 128, dark: 128).isEmpty)
    }
}
