// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// The guard-template search for EAN-13/UPC-A symbols blurred by more than a module, whose bars
/// swing a fraction of the label's contrast beside a darker surround (as in defocused phone
/// photos), and the reader that fits and reads them from there.
@Suite("Blur-aware reader: guard template")
struct BlurTemplateTests {
    /// Grey levels the bars darken the label by (a third of the label's contrast with the surround).
    static let barDepth = 60.0

    /// Per sample of a line: the darkness of `bars` at `ppm` samples per module from `start`,
    /// blurred by `sigma` modules, with bars `barDepth` deep, and a surround (as dark as
    /// `BlurRender.dark`) beyond `label` modules of light on each side.
    static func line(_ bars: [UInt8], ppm: Double, sigma: Double, label: Int, surround: Int) -> (darkness: [Double], origin: Double) {
        let s = Double(surround)
        let count = Int(2 * s + (Double(bars.count + 2 * label)) * ppm)
        let origin = s + Double(label) * ppm
        let symbol = BlurRender.darkness(bars, start: origin, ppm: ppm, sigma: sigma * ppm, count: count)
        // The surround as two wide bars of full darkness, blurred alike.
        let sides =
            [UInt8](repeating: 1, count: surround) + [UInt8](repeating: 0, count: count - 2 * surround)
            + [UInt8](repeating: 1, count: surround)
        let edges = BlurRender.darkness(sides, start: 0, ppm: 1, sigma: sigma * ppm, count: count)
        let share = barDepth / (BlurRender.light - BlurRender.dark)
        return (zip(symbol, edges).map { min(1, share * $0 + $1) }, origin)
    }

    /// A profile of `line` with Gaussian noise.
    static func profile(_ darkness: [Double], noise: Double, seed: UInt64) -> [Double] {
        var random = SeededRandom(state: seed)
        return darkness.map { BlurRender.light - (BlurRender.light - BlurRender.dark) * $0 + noise * random.gaussian() }
    }

    @Test(
        "finds a symbol blurred past a module beside a dark surround",
        arguments: [(1.75, 1.2, 1 as UInt64), (1.2, 1.1, 2), (2.5, 1.4, 3), (1.6, 0.8, 4)])
    func findsBlurredSymbol(ppm: Double, sigma: Double, seed: UInt64) throws {
        let bars = try ZintSymbol.bars("EANX", "978034546095")
        let (darkness, origin) = Self.line(bars, ppm: ppm, sigma: sigma, label: 9, surround: 30)
        let profile = Self.profile(darkness, noise: 1, seed: seed)
        // Spans of dark runs between quiet zones find nothing to fit here.
        let matches = GuardTemplateSearch.matches(profile, regionLength: 95 * ppm)
        let best = try #require(matches.first)
        #expect(abs(best.origin - origin) < ppm, "origin \(best.origin), drawn at \(origin)")
        #expect(abs(best.width / ppm - 1) < 0.03, "width \(best.width)")
        #expect(abs(best.depth - Self.barDepth) < 0.3 * Self.barDepth, "depth \(best.depth)")
        #expect(best.residual <= GuardTemplateSearch.maximumResidual)
    }

    @Test("a long profile is averaged down and the match scaled back")
    func longProfileAveragedDown() throws {
        let bars = try ZintSymbol.bars("EANX", "590123412345")
        let ppm = 6.0
        let (darkness, origin) = Self.line(bars, ppm: ppm, sigma: 1.0, label: 10, surround: 60)
        let profile = Self.profile(darkness, noise: 2, seed: 7)
        let matches = GuardTemplateSearch.matches(profile, regionLength: 95 * ppm / 0.8)
        let best = try #require(matches.first)
        // Within the fit's reach (it tries the ends half a module either way, then refines).
        #expect(abs(best.origin - origin) < 1.5 * ppm, "origin \(best.origin), drawn at \(origin)")
        #expect(abs(best.width / ppm - 1) < 0.03, "width \(best.width)")
        // The blur in samples of the full profile (the pixels' own twelfth added).
        #expect(abs(best.sigma - ppm) < 0.5 * ppm, "sigma \(best.sigma)")
    }

    @Test("no match on a flat, short, overlong or broken profile", arguments: [0, 1, 2, 3])
    func noMatchOnUselessProfiles(kind: Int) {
        let profile: [Double]
        switch kind {
        case 0: profile = [Double](repeating: 128, count: 300)
        case 1: profile = [Double](repeating: 128, count: 20) + [40, 200]
        case 2: profile = (0..<(LinearProfileDecoder.maximumProfileLength + 1)).map { Double($0 % 7 == 0 ? 40 : 200) }
        default: profile = (0..<300).map { $0 == 150 ? .nan : Double($0 % 5 == 0 ? 40 : 200) }
        }
        #expect(GuardTemplateSearch.matches(profile, regionLength: 200).isEmpty)
        #expect(GuardTemplateSearch.matches(profile).isEmpty)
    }

    @Test("each match gives a hypothesis read each way, mirrored on the profile")
    func hypothesesBothWays() {
        let match = GuardTemplateSearch.Match(origin: 30, width: 1.5, sigma: 2, light: 180, depth: 60, residual: 0.05)
        let hypotheses = GuardTemplateSearch.hypotheses([match], count: 300, kind: .ean13(upcOnly: false))
        #expect(hypotheses.map(\.reversed) == [false, true])
        let forward = hypotheses[0].geometry
        let backward = hypotheses[1].geometry
        #expect(forward.origin == 30 && forward.width == 1.5 && forward.sigma == 2)
        // The symbol's last bar ends at 30 + 142.5; read backwards it starts at 299 minus that.
        #expect(abs(backward.origin - (299 - 172.5)) < 1e-9)
        #expect(hypotheses.allSatisfy { $0.levels.light == 180 && $0.levels.depth == 60 })
    }

    @Test(
        "the residual allowed grows with the blur beyond 0.8 module, up to the cap",
        arguments: [(0.0, 0.0, 0.035), (0.0, 0.8, 0.035), (0.0, 1.3, 0.065), (0.0, 1.8, 0.095), (0.0, 4.0, 0.13), (0.02, 0.0, 0.05315)])
    func allowedResidualGrowsWithBlur(noise: Double, blurModules: Double, allowed: Double) {
        #expect(abs(LinearProfileDecoder.allowedResidual(noise: noise, blurModules: blurModules) - allowed) < 1e-4)
    }

    /// An image of `modules` (quiet zones included) on a label `label` modules wider than the
    /// symbol on each side, inside a dark surround, at `ppm` pixels per module, blurred by `sigma` modules.
    static func photo(_ bars: [UInt8], ppm: Double, sigma: Double, seed: UInt64) -> LumaImage {
        let (across, _) = Self.line(bars, ppm: ppm, sigma: sigma, label: 10, surround: 24)
        let height = Int(60 * ppm) + 48
        let barsAlong = BlurRender.darkness([1], start: 24 + 5 * ppm, ppm: 50 * ppm, sigma: sigma * ppm, count: height)
        return BlurRender.image(width: across.count, height: height, noise: 2, seed: seed) { x, y in
            // The bars' share of the line where the bars are, the surround everywhere.
            let surround = y < 12 || y >= height - 12 ? 1.0 : 0
            return min(1, max(surround, across[x] * (x < 24 || x >= across.count - 24 ? 1 : barsAlong[y])))
        }
    }

    @Test("the reader reads a retail symbol defocused past a module beside a dark surround", arguments: [1.0, 1.1])
    func readerReadsBlurredRetailSymbol(sigma: Double) throws {
        let bars = try ZintSymbol.bars("EANX", "978034546095")
        let image = Self.photo(bars, ppm: 1.75, sigma: sigma, seed: 11)
        let found = BlurAwareLinearReader.read(image, symbologies: [.ean13, .upcA, .isbn13])
        #expect(found.map(\.text) == ["9780345460950"], "sigma \(sigma)")
    }

    @Test("the same symbol with a wrong check digit is not read", arguments: [1.1, 1.25])
    func wrongCheckDigitNotRead(sigma: Double) throws {
        let model = try #require(LinearCodeModel(.ean13(upcOnly: false)))
        var digits = BlurModelTests.digits("9780345460950")
        digits[12] = (digits[12] + 3) % 10
        let bars = BlurModelTests.bars(model, options: BlurModelTests.eanOptions(.ean13(upcOnly: false), digits))
        let image = Self.photo(bars, ppm: 1.75, sigma: sigma, seed: 12)
        #expect(BlurAwareLinearReader.read(image, symbologies: Set(Symbology.allCases)).isEmpty)
    }
}
