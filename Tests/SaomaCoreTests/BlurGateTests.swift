// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// The gates that keep the blur-aware readers' work to places that may hold a blurred code: what
/// each must let through and what it must refuse, and the measurement-only threshold setting.
@Suite("Blur-aware reader: gates")
struct BlurGateTests {
    @Test(
        "a QR place is deblurred only when its blur is a third of a module or more",
        arguments: [
            // (edge sigma px, module px, deblurred)
            (1.8, 3.0, true),  // the sweep's 0.6 module at 3 px per module
            (2.1, 3.0, true),  // 0.7 module
            (1.1, 3.0, true),  // 0.37 module
            (0.77, 3.0, false),  // a sharp code cut off at the image's edge (0.26 module)
            (1.08, 5.0, false),  // a sharp, bent code (0.22 module)
            (0.55, 1.2, false),  // under the smallest blur worth undoing, whatever the module
            (4.0, 8.0, true),  // a code held close: big modules, a big blur
            (2.0, 0.0, false),  // no module size
        ])
    func matrixBlurGate(sigma: Double, module: Double, expected: Bool) {
        #expect(MatrixDeblur.isBlurred(edgeSigma: sigma, moduleSize: module) == expected)
    }

    @Test("a sharp QR code cut off by the image's edge gives no deblurred copy; the same code defocused does")
    func sharpPlacesAreNotDeblurred() throws {
        let matrix = try ZintSymbol.matrix("QRCODE", "a code that is sharp")
        var copies = 0
        let sharp = BlurRender.matrixImage(matrix, ppm: 3, sigma: 0.2, noise: 2, quiet: 4, seed: 3)
        MatrixDeblur.forEachCopy(of: sharp) { _ in
            copies += 1
            return false
        }
        #expect(copies == 0)
        let blurred = BlurRender.matrixImage(matrix, ppm: 3, sigma: 0.6, noise: 2, quiet: 4, seed: 3)
        MatrixDeblur.forEachCopy(of: blurred) { _ in
            copies += 1
            return true
        }
        #expect(copies == 1)
    }

    /// A fit of the EAN-13 model with this module width and blur, in samples.
    static func fit(width: Double, sigma: Double, residual: Double = 0.03) -> LinearProfileDecoder.Fit {
        let g = ModuleGeometry(origin: 20, width: width, sigma: sigma, moduleCount: 95)
        let levels = ProfileLevels(light: 200, depth: 150, center: 20 + 47.5 * width, halfLength: 47.5 * width)
        let h = LinearProfileDecoder.Hypothesis(kind: .ean13(upcOnly: false), geometry: g, levels: levels, reversed: false)
        return LinearProfileDecoder.Fit(hypothesis: h, options: [], cost: residual * residual * 100, sampleCount: 100)
    }

    @Test(
        "a fit is read on the bands only with a blur of at most two modules",
        arguments: [
            // (module width, blur, samples; read)
            (2.0, 2.0, true),  // the sweep at 1.0 module
            (2.5, 4.5, true),  // the photos' defocused symbols: 1.2–1.8 modules
            (2.0, 3.96, true),
            (2.0, 4.2, false),  // 2.1 modules: the guards' outline on text or texture
            (1.5, 6.0, false),  // 4 modules
            (0.0, 1.0, false),  // no width
        ])
    func fitBlurGate(width: Double, sigma: Double, expected: Bool) {
        #expect(BlurAwareLinearReader.isPlausible(Self.fit(width: width, sigma: sigma)) == expected)
    }

    @Test("the bands are read alone only for a fit that explains the mean profile as a reading must")
    func bandsAloneGate() throws {
        let bars = try ZintSymbol.bars("EANX", "400638133393")
        let profile = BlurRender.profile(bars, ppm: 2, sigma: 0.9, noise: 2, seed: 5)
        let fits = LinearProfileDecoder.bestFits(profile, wanted: [.ean13])
        let best = try #require(fits.first)
        #expect(BlurAwareLinearReader.fitsMean(best, profile))
        // The same fit laid over stripes of random widths and greys (no symbol's digits fit
        // them) explains them far worse than any reading.
        var rng = SeededRandom(state: 23)
        var elsewhere: [Double] = []
        while elsewhere.count < profile.count {
            let grey = 50 + Double(rng.int(150))
            elsewhere += [Double](repeating: grey, count: 1 + rng.int(6))
        }
        elsewhere = Array(elsewhere.prefix(profile.count))
        var moved = best
        let residual = try #require(LinearProfileDecoder.startResidual(elsewhere, from: best))
        moved.cost = residual * residual * Double(moved.sampleCount)
        #expect(residual > best.residual)
        #expect(!BlurAwareLinearReader.fitsMean(moved, elsewhere))
        // No bar depth: never.
        var flat = best
        flat.hypothesis.levels.depth = 0
        #expect(!BlurAwareLinearReader.fitsMean(flat, profile))
    }

    @Test("hypotheses whose first guess fits worse than the ranking limit are not fitted")
    func rankingLimit() throws {
        let bars = try ZintSymbol.bars("EANX", "400638133393")
        let profile = BlurRender.profile(bars, ppm: 2, sigma: 0.8, noise: 2, seed: 9)
        let hypotheses = LinearProfileDecoder.hypotheses(profile, wanted: [.ean13])
        #expect(!hypotheses.isEmpty)
        let ranks = hypotheses.compactMap { LinearProfileDecoder.rankingResidual(profile, $0) }
        let best = try #require(ranks.min())
        // The symbol's own hypothesis starts well inside the shipped limit and reads.
        #expect(best <= BlurAwareLinearReader.maximumStartResidual)
        let kept = LinearProfileDecoder.bestFits(
            profile, hypotheses: hypotheses, maximumRanking: BlurAwareLinearReader.maximumStartResidual)
        let fit = try #require(kept.first)
        #expect(LinearProfileDecoder.read(profile, from: fit).map { String(decoding: $0.decoded.bytes, as: UTF8.self) } == "4006381333931")
        // Below every hypothesis's start: nothing is fitted.
        #expect(LinearProfileDecoder.bestFits(profile, hypotheses: hypotheses, maximumRanking: best * 0.99).isEmpty)
    }

    @Test("stripes of random widths and greys (one-directional edges, no symbol) give nothing", arguments: [17, 18, 19] as [UInt64])
    func stripes(seed: UInt64) throws {
        var rng = SeededRandom(state: seed)
        var pixels = [UInt8](repeating: 200, count: 320 * 200)
        var x = 20
        while x < 300 {
            let w = 1 + rng.int(5)
            let grey = UInt8(60 + rng.int(140))
            for y in 40..<160 { for dx in 0..<w where x + dx < 320 { pixels[y * 320 + x + dx] = grey } }
            x += w
        }
        let striped = try #require(LumaImage(width: 320, height: 200, pixels: pixels))
        #expect(!LinearCodeRegion.find(in: striped).isEmpty)
        #expect(BlurAwareLinearReader.read(striped, symbologies: BlurAwareLinearReader.symbologies).isEmpty)
    }

    @Test(
        "the measurement-only thresholds: names, numbers and ranges checked, the rest ignored with a message",
        arguments: [
            ("template-residual=0.08,fit-blur=2.4", ["template-residual": 0.08, "fit-blur": 2.4], 0),
            (" bands-alone = 3 ", ["bands-alone": 3.0], 0),
            ("template-depth=0.16,unknown=1", ["template-depth": 0.16], 1),
            ("fit-blur=nan,bands-alone=9,template-residual=x", [:], 3),
            ("fit-blur", [:], 1),
            ("", [:], 0),
            (",,", [:], 0),
            ("template\u{1B}[31m=1", [:], 1),
        ])
    func tuning(text: String, values: [String: Double], ignored: Int) {
        let parsed = BlurTuning.parse(text)
        #expect(parsed.values == values)
        #expect(parsed.ignored.count == ignored)
        // A message never carries control characters from the variable.
        #expect(parsed.ignored.allSatisfy { !$0.unicodeScalars.contains { $0.value < 32 } })
    }

    @Test("an overlong threshold setting is ignored whole")
    func tuningTooLong() {
        let parsed = BlurTuning.parse(String(repeating: "fit-blur=2,", count: 100))
        #expect(parsed.values.isEmpty)
        #expect(parsed.ignored.count == 1)
    }

    @Test("without the variable every threshold is its shipped value")
    func shippedValues() {
        guard ProcessInfo.processInfo.environment[BlurTuning.variable] == nil else { return }
        #expect(GuardTemplateSearch.maximumResidual == 0.13)
        #expect(GuardTemplateSearch.minimumDepthShare == 0.2)
        #expect(GuardTemplateSearch.maximumMatches == 6)
        #expect(GuardTemplateSearch.fittedHypotheses == 6)
        #expect(BlurAwareLinearReader.minimumAgreeingBandsAlone == 5)
        #expect(BlurAwareLinearReader.minimumJointBands == 3)
        #expect(BlurAwareLinearReader.maximumFitBlurModules == 2.0)
        #expect(LinearProfileDecoder.maxJointShortfall == 13)
    }
}
