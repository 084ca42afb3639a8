// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaTestSupport
import Testing

@testable import SaomaCore

@Suite("Region focus (live hint measures)")
struct RegionFocusTests {
    /// A QR code drawn by zint at `ppm` pixels per module, blurred by `sigma` module widths, with
    /// a webcam's sensor noise (4 grey levels).
    static func qr(ppm: Double, sigma: Double) throws -> LumaImage {
        try BlurRender.matrixImage(ZintSymbol.matrix("qrcode", "https://example.org/focus"), ppm: ppm, sigma: sigma, noise: 4)
    }

    @Test(
        "a QR code's blur and module width, in pixels",
        arguments: [
            // ppm, blur (modules), blur range (px), module range (px), the hint it suggests
            (4.0, 0.1, 0.5...1.2, 3.5...4.5, nil),
            (6.0, 0.1, 0.6...1.4, 5.0...6.5, nil),
            (2.0, 0.1, 0.5...1.2, 1.8...2.3, nil),  // small but read sharp
            (8.0, 0.2, 1.2...2.2, 6.5...8.5, nil),  // big modules carry a little blur
            (4.0, 0.5, 1.5...2.4, 3.5...4.5, LiveHint.moveFurther),
            (4.0, 0.75, 2.3...3.5, 5.0...8.0, .moveFurther),  // merged runs: the estimate grows
            (6.0, 0.6, 2.6...3.6, 6.0...10.0, .moveFurther),
            (4.0, 1.0, 2.8...4.2, 8.0...40.0, .moveFurther),  // lost modules: the blur alone says it
            (1.5, 0.2, 0.5...1.2, 1.0...1.6, .moveCloser),
        ] as [(Double, Double, ClosedRange<Double>, ClosedRange<Double>, LiveHint?)])
    func qrFocus(
        ppm: Double, sigma: Double, blur: ClosedRange<Double>, module: ClosedRange<Double>, hint: LiveHint?
    ) throws {
        let image = try Self.qr(ppm: ppm, sigma: sigma)
        let focus = try #require(RegionFocus.measure(image, in: image.bounds))
        #expect(blur.contains(focus.blurSigma), "blur \(focus.blurSigma) px")
        #expect(module.contains(focus.moduleWidth), "module \(focus.moduleWidth) px")
        #expect(focus.side == image.width)
        #expect(LiveHintPolicy.suggestion(for: focus) == hint)
    }

    @Test("an EAN-13's modules across its bars", arguments: [2.0, 3.0, 5.0])
    func linearModule(ppm: Double) throws {
        let image = BlurRender.linearImage(try ZintSymbol.bars("EANX", "400638133393"), ppm: ppm, sigma: 0.1, noise: 4)
        let focus = try #require(RegionFocus.measure(image, in: image.bounds))
        #expect(abs(focus.moduleWidth - ppm) <= 1, "module \(focus.moduleWidth) px at \(ppm)")
        #expect(focus.blurSigma < 1.3)
    }

    @Test("flat, tiny or outside areas measure nothing")
    func nothingToMeasure() {
        let grey = LumaImage(width: 200, height: 200, fill: 128).withNoise(amplitude: 6, seed: 3)
        #expect(RegionFocus.measure(grey, in: grey.bounds) == nil)
        let code = LumaImage(width: 200, height: 200, fill: 0)
        #expect(RegionFocus.measure(code, in: PixelRect(x: 10, y: 10, width: 6, height: 100)) == nil)
        #expect(RegionFocus.measure(code, in: PixelRect(x: 400, y: 400, width: 50, height: 50)) == nil)
    }

    @Test("a large area is sampled within the bound and measures the same")
    func largeArea() throws {
        let tile = try Self.qr(ppm: 4, sigma: 0.1)
        var image = LumaImage(width: 1600, height: 1000, fill: 200)
        for ty in stride(from: 0, to: image.height - tile.height, by: tile.height) {
            for tx in stride(from: 0, to: image.width - tile.width, by: tile.width) {
                for y in 0..<tile.height { for x in 0..<tile.width { image[tx + x, ty + y] = tile[x, y] } }
            }
        }
        let focus = try #require(RegionFocus.measure(image, in: image.bounds))
        #expect((3.0...5.0).contains(focus.moduleWidth), "module \(focus.moduleWidth)")
        #expect(focus.blurSigma < 1.2)
    }
}
