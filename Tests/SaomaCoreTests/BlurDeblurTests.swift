// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// Deblurring for matrix codes: the Fourier transform, the defocus estimates, the finder
/// patterns and the Wiener filter on zint's QR codes.
@Suite("Blur-aware reader: deblurring matrix codes")
struct BlurDeblurTests {
    /// A zint QR code's modules and its render at 3 px per module inside a 4-module quiet zone.
    static func qr(_ text: String, sigma: Double, noise: Double = 3) throws -> (matrix: [[UInt8]], image: LumaImage) {
        let matrix = try ZintSymbol.matrix("QRCODE", text)
        return (matrix, BlurRender.matrixImage(matrix, ppm: 3, sigma: sigma, noise: noise, quiet: 4, seed: UInt64(text.count)))
    }

    /// Share of modules whose centre pixel is on the right side of the midpoint grey.
    static func moduleAccuracy(_ image: LumaImage, _ matrix: [[UInt8]], ppm: Int = 3, quiet: Int = 4) -> Double {
        let mid = UInt8((BlurRender.light + BlurRender.dark) / 2)
        var right = 0
        for (i, row) in matrix.enumerated() {
            for (j, bit) in row.enumerated() {
                let p = image[(quiet + j) * ppm + ppm / 2, (quiet + i) * ppm + ppm / 2]
                if (p < mid) == (bit != 0) { right += 1 }
            }
        }
        return Double(right) / Double(matrix.count * matrix.count)
    }

    @Test("the Fourier transform inverts and transforms an impulse to a constant", arguments: [1, 2, 8, 64, 256])
    func fourierTransform(n: Int) throws {
        let fft = try #require(FourierTransform(count: n))
        var random = SeededRandom(state: UInt64(n))
        let re0 = (0..<n).map { _ in random.gaussian() }
        let im0 = (0..<n).map { _ in random.gaussian() }
        var re = re0
        var im = im0
        fft.transform(&re, &im)
        // Parseval: the energy is n times the input's.
        let energy = zip(re, im).reduce(0.0) { $0 + $1.0 * $1.0 + $1.1 * $1.1 }
        let input = zip(re0, im0).reduce(0.0) { $0 + $1.0 * $1.0 + $1.1 * $1.1 }
        #expect(abs(energy - Double(n) * input) <= 1e-9 * Double(n) * input)
        fft.transform(&re, &im, inverse: true)
        #expect(zip(re, re0).allSatisfy { abs($0 - $1) < 1e-9 } && zip(im, im0).allSatisfy { abs($0 - $1) < 1e-9 })
        var impulseRe = [Double](repeating: 0, count: n)
        var impulseIm = [Double](repeating: 0, count: n)
        impulseRe[0] = 1
        fft.transform(&impulseRe, &impulseIm)
        #expect(impulseRe.allSatisfy { abs($0 - 1) < 1e-12 } && impulseIm.allSatisfy { abs($0) < 1e-12 })
        #expect(FourierTransform(count: 0) == nil && FourierTransform(count: 12) == nil && FourierTransform(count: 1 << 21) == nil)
        #expect(FourierTransform.size(atLeast: 100) == 128 && FourierTransform.size(atLeast: 128) == 128)
    }

    @Test("the edges give the blur of a blurred QR code within a quarter (the first estimate)", arguments: [0.3, 0.5, 0.7])
    func edgeEstimate(sigma: Double) throws {
        let (_, image) = try Self.qr("edge estimate", sigma: sigma)
        let estimate = try #require(DefocusEstimate.fromEdges(image, in: image.bounds))
        let truth = (pow(3 * sigma, 2) + 1.0 / 12).squareRoot()
        #expect(abs(estimate - truth) <= 0.25 * truth, "\(estimate) for \(truth)")
        #expect(
            DefocusEstimate.fromEdges(LumaImage(width: 50, height: 50, fill: 128), in: PixelRect(x: 0, y: 0, width: 50, height: 50)) == nil)
    }

    @Test("finder patterns are found in a sharp QR code, and measure its blur once blurred", arguments: [0.4, 0.6, 0.8])
    func findersMeasureTheBlur(sigma: Double) throws {
        let text = "finders and their blur"
        let (matrix, sharp) = try Self.qr(text, sigma: 0.05, noise: 0)
        let finders = FinderPatternLocator.find(in: sharp)
        let n = Double(matrix.count)
        // Centres 3.5 modules into three corners, past the 4-module quiet zone.
        let expected = [Point(x: 7.5 * 3, y: 7.5 * 3), Point(x: (4 + n - 3.5) * 3, y: 7.5 * 3), Point(x: 7.5 * 3, y: (4 + n - 3.5) * 3)]
        for e in expected {
            let match = finders.first { abs($0.center.x - e.x) <= 1.5 && abs($0.center.y - e.y) <= 1.5 }
            #expect(match != nil, "finder at \(e) among \(finders)")
            #expect(abs((match?.moduleSize ?? 0) - 3) <= 0.3)
        }
        let (_, blurred) = try Self.qr(text, sigma: sigma)
        let measured = try #require(DefocusEstimate.fromFinders(blurred, finders: finders))
        let truth = (pow(3 * sigma, 2) + 1.0 / 12).squareRoot()
        #expect(abs(measured - truth) <= 0.06 * truth, "\(measured) for \(truth)")
    }

    @Test("Wiener deconvolution restores the modules of a QR code defocused by 0.6 and 0.7 module", arguments: [0.6, 0.7])
    func wienerRestoresModules(sigma: Double) throws {
        let (matrix, image) = try Self.qr("https://example.org/a/deblurred/path", sigma: sigma)
        let before = Self.moduleAccuracy(image, matrix)
        let truth = (pow(3 * sigma, 2) + 1.0 / 12).squareRoot()
        let restored = try #require(WienerDeconvolution.deblurred(image, area: image.bounds, sigma: truth, noiseRatio: 0.002))
        #expect(restored.width == image.width && restored.height == image.height)
        let after = Self.moduleAccuracy(restored, matrix)
        #expect(before < 0.97, "the blur loses modules (\(before))")
        #expect(after > 0.995, "deblurred: \(after)")
    }

    @Test("deblurred copies come with the finders' blur first")
    func copiesComeBestFirst() throws {
        let (matrix, image) = try Self.qr("copies of a blurred code", sigma: 0.6)
        var copies: [MatrixDeblur.Copy] = []
        MatrixDeblur.forEachCopy(of: image) { copy in
            copies.append(copy)
            return false
        }
        let truth = (pow(1.8, 2) + 1.0 / 12).squareRoot()
        let first = try #require(copies.first)
        #expect(first.finderCount >= 3)
        #expect(abs(first.sigma - truth) <= 0.06 * truth)
        #expect(first.region.width >= image.width - 8 && first.region.height >= image.height - 8, "\(first.region)")
        #expect(first.scale == 1)
        #expect(Self.moduleAccuracy(first.image.pasted(onto: image, x: first.region.x, y: first.region.y), matrix) > 0.995)
        #expect(copies.count <= MatrixDeblur.noiseRatios.count + 1)
        // The body stops the copies.
        var offered = 0
        MatrixDeblur.forEachCopy(of: image) { _ in
            offered += 1
            return true
        }
        #expect(offered == 1)
    }

    @Test("places: the square three finder-like spots span, none in a flat or textured image")
    func places() throws {
        let (_, code) = try Self.qr("regions of a big image", sigma: 0.5)
        let canvas = code.pasted(onto: LumaImage(width: BlurredFinderSearch.maximumSide, height: 480, fill: 200), x: 380, y: 260)
        let found = MatrixDeblur.regions(in: canvas, within: nil)
        #expect(found.count == 1)
        if let r = found.first?.rect {
            #expect(r.x <= 380 + 6 && r.maxX >= 380 + code.width - 6 && r.y <= 260 + 6 && r.maxY >= 260 + code.height - 6, "\(r)")
            #expect(r.width <= code.width + 40 && r.height <= code.height + 40, "\(r)")
        }
        // Finder-like spots found at their module size.
        let spots = BlurredFinderSearch.candidates(in: canvas)
        #expect(spots.filter { abs($0.moduleSize - 3) <= 0.6 }.count >= 3)
        // Outside the region of interest nothing is looked for.
        #expect(MatrixDeblur.regions(in: canvas, within: PixelRect(x: 0, y: 0, width: 300, height: 200)).isEmpty)
        // A bigger image is searched shrunk: the code at twice the size, found in image pixels.
        let big = code.scaled(by: 2).image.pasted(onto: LumaImage(width: 1200, height: 900, fill: 200), x: 700, y: 400)
        let bigFound = MatrixDeblur.regions(in: big, within: nil)
        #expect(bigFound.count == 1)
        if let r = bigFound.first?.rect {
            #expect(r.x <= 700 + 12 && r.maxX >= 700 + 2 * code.width - 12 && r.y <= 400 + 12, "\(r)")
        }
        #expect(BlurredFinderSearch.candidates(in: big).filter { abs($0.moduleSize - 6) <= 1.2 }.count >= 3)
        #expect(MatrixDeblur.regions(in: LumaImage(width: 1200, height: 900, fill: 90), within: nil).isEmpty)
        // Random dark blocks on light: spots maybe, no square of three.
        let blocks = BlurRender.image(width: 400, height: 300, noise: 3, seed: 2) { x, y in
            ((x / 9) * 31 + (y / 9) * 17) % 7 == 0 ? 1 : 0
        }
        #expect(MatrixDeblur.regions(in: blocks, within: nil).isEmpty)
        var none = 0
        MatrixDeblur.forEachCopy(of: LumaImage(width: 100, height: 100, fill: 90)) { _ in
            none += 1
            return false
        }
        #expect(none == 0, "a flat image has no blur to undo")
        #expect(WienerDeconvolution.deblurred(big, area: big.bounds, sigma: 2, noiseRatio: 0.01) == nil, "too large")
    }

    /// A reader standing in for zbar: it "reads" a copy whose modules match the code, with
    /// corners at the copy's outer finder corners, so the mapping back to the image shows.
    final class ModuleReader: BarcodeDecoder {
        let matrix: [[UInt8]]
        var offered = 0
        init(_ matrix: [[UInt8]]) { self.matrix = matrix }
        func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
            offered += 1
            guard let finder = FinderPatternLocator.find(in: image).min(by: { $0.center.x + $0.center.y < $1.center.x + $1.center.y })
            else {
                return []
            }
            let corner = Point(x: finder.center.x - 3.5 * finder.moduleSize, y: finder.center.y - 3.5 * finder.moduleSize)
            return [Symbol(format: .qrCode, bytes: Array("read".utf8), text: "read", corners: [corner, corner, corner, corner])]
        }
    }

    @Test("the deblurring decoder maps a copy's finds back to the image, a shrunk copy too", arguments: [3, 8])
    func deblurringDecoderMapsCorners(ppm: Int) throws {
        let matrix = try ZintSymbol.matrix("QRCODE", "mapped back")
        let code = BlurRender.matrixImage(matrix, ppm: Double(ppm), sigma: 0.5, noise: 2, quiet: 4)
        let canvas = code.pasted(onto: LumaImage(width: code.width + 200, height: code.height + 150, fill: 200), x: 120, y: 90)
        let reader = ModuleReader(matrix)
        let found = DeblurringMatrixDecoder(reader).decode(canvas, options: DecodeOptions(symbologies: [.qrCode]))
        let corner = try #require(found.first?.corners.first)
        // The code's top-left corner: 4 quiet modules into the drawing.
        #expect(abs(corner.x - Double(120 + 4 * ppm)) <= Double(ppm) && abs(corner.y - Double(90 + 4 * ppm)) <= Double(ppm), "\(corner)")
        #expect(reader.offered >= 1)
        #expect(DeblurringMatrixDecoder(reader).decode(canvas, options: DecodeOptions(symbologies: [.ean13])).isEmpty)
    }
}
