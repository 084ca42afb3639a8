// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import SaomaCore

/// The reader's choice among a region's fits: the yardstick a fit must come near is the best fit
/// blurred less than `BlurAwareLinearReader.maximumFitBlurModules`.
@Suite("Blur-aware reader: the fits a region reads")
struct BlurFitChoiceTests {
    @Test("a fit blurred past two modules, however close, neither reads nor sets the yardstick")
    func implausibleFitIsNoYardstick() throws {
        let bars = try ZintSymbol.bars("EANX", "978067960105")
        let lines = BlurJointTests.lines(bars, count: 6, sigma: 0.8, noise: 6)
        let fit = try #require(BlurJointTests.startingFit(lines))
        // The same place blurred by three modules, with a residual far below the true fit's.
        var smooth = fit
        smooth.hypothesis.geometry.sigma = 3 * smooth.hypothesis.geometry.width
        smooth.cost = 0.01 * fit.cost
        #expect(!BlurAwareLinearReader.isPlausible(smooth) && BlurAwareLinearReader.isPlausible(fit))
        #expect(
            fit.residual > max(LinearProfileDecoder.relativeResidual * smooth.residual, smooth.residual + 0.01),
            "the smooth fit would push the true one out as the yardstick")
        let profiles = LinearCodeRegion.Profiles(
            bands: lines, bandSpans: lines.indices.map { Double($0 * 4)...Double($0 * 4 + 3) }, firstSample: -Double(lines[0].count) / 2)
        let region = LinearCodeRegion(
            center: Point(x: Double(lines[0].count) / 2, y: 12), across: Point(x: 1, y: 0), halfLength: Double(lines[0].count) / 2,
            halfHeight: 12,
            strength: 1)
        let wanted: Set<Symbology> = [.ean13]
        let symbol = BlurAwareLinearReader.read([smooth, fit], profiles: profiles, region: region, wanted: wanted)
        #expect(symbol?.text == "9780679601050")
        // Alone, the smooth fit reads nothing.
        #expect(BlurAwareLinearReader.read([smooth], profiles: profiles, region: region, wanted: wanted) == nil)
    }
}
