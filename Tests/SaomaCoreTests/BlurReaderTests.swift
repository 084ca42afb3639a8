// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// The blur-aware linear reader on whole images: zint's symbols defocused past every edge
/// detector, turned, in a region of interest or not; and images with no linear symbol.
@Suite("Blur-aware reader: images")
struct BlurReaderTests {
    static let all = Set(Symbology.allCases)

    /// Symbols (zint type, data, format, text) read at 2 px per module.
    static let symbols: [(String, String, Symbology, String)] = [
        ("EANX", "590123412345", .ean13, "5901234123457"), ("UPCA", "07183100799", .upcA, "071831007995"),
        ("CODE128", "Saoma 128", .code128, "Saoma 128"), ("EANX", "9638507", .ean8, "96385074"),
    ]

    /// `image` pasted on a mid-grey canvas with some clutter, at (`x`, `y`).
    static func onCanvas(_ image: LumaImage, width: Int, height: Int, x: Int, y: Int) -> LumaImage {
        var canvas = LumaImage(width: width, height: height, fill: 120)
        // A dark block and a light block away from the symbol.
        for yy in 5..<25 { for xx in 5..<60 where xx < width && yy < height { canvas[xx, yy] = 40 } }
        for yy in (height - 30)..<(height - 8) { for xx in (width - 70)..<(width - 10) where xx >= 0 && yy >= 0 { canvas[xx, yy] = 230 } }
        return image.pasted(onto: canvas, x: x, y: y)
    }

    @Test("reads symbols defocused by 0.8 module in a larger image", arguments: symbols)
    func readsDefocusedSymbols(symbol: (String, String, Symbology, String)) throws {
        let bars = try ZintSymbol.bars(symbol.0, symbol.1)
        let drawn = BlurRender.linearImage(bars, ppm: 2, sigma: 0.8, noise: 3, height: 40, seed: 9)
        let image = Self.onCanvas(drawn, width: drawn.width + 80, height: drawn.height + 60, x: 50, y: 30)
        let found = BlurAwareLinearReader.read(image, symbologies: Self.all)
        #expect(found.map(\.format) == [symbol.2])
        #expect(found.map(\.text) == [symbol.3])
        // The outline covers the bars: they start 12 modules into the drawing.
        let box = Rect(bounding: try #require(found.first).corners)
        let barsStart = 50.0 + 24
        #expect(abs(box.minX - barsStart) <= 3 && abs(box.maxX - (barsStart + Double(2 * bars.count))) <= 3, "\(box)")
        // Along the bars: the bands that read it, within a band of the bars' ends (the blurred ends still show them).
        #expect(box.minY >= 30 + 24 - 16 && box.maxY <= 30 + 24 + 80 + 16, "\(box)")
        #expect(box.center.y > 30 + 24 && box.center.y < 30 + 24 + 80)
    }

    @Test("reads a defocused symbol turned by any angle", arguments: [4.0, -11.0, 90.0, 180.0, 33.0])
    func readsTurnedSymbols(degrees: Double) throws {
        let bars = try ZintSymbol.bars("EANX", "978067960105")
        let drawn = BlurRender.linearImage(bars, ppm: 2.5, sigma: 0.7, noise: 3, height: 45, seed: 4)
        let turned = drawn.rotated(byDegrees: degrees).image
        let found = BlurAwareLinearReader.read(turned, symbologies: Self.all)
        #expect(found.map(\.text) == ["9780679601050"], "\(degrees)°")
    }

    @Test("only codes inside the region of interest are read")
    func regionOfInterest() throws {
        let bars = try ZintSymbol.bars("CODE128", "ROI-7")
        let drawn = BlurRender.linearImage(bars, ppm: 2, sigma: 0.7, noise: 3, height: 40)
        let image = Self.onCanvas(drawn, width: drawn.width + 300, height: drawn.height + 40, x: 20, y: 20)
        let inside = PixelRect(x: 0, y: 0, width: drawn.width + 40, height: image.height)
        let outside = PixelRect(x: drawn.width + 40, y: 0, width: 260, height: image.height)
        #expect(BlurAwareLinearReader.read(image, in: inside, symbologies: Self.all).map(\.text) == ["ROI-7"])
        #expect(BlurAwareLinearReader.read(image, in: outside, symbologies: Self.all).isEmpty)
        #expect(BlurAwareLinearReader.read(image, symbologies: [.qrCode, .code39]).isEmpty)
    }

    @Test("images without a linear symbol give nothing", arguments: 0..<5)
    func noSymbolNoRead(kind: Int) throws {
        var random = SeededRandom(state: UInt64(kind + 7))
        let image: LumaImage
        switch kind {
        case 0:
            // Sensor noise on grey.
            image = BlurRender.image(width: 320, height: 240, noise: 12, seed: 3) { _, _ in 0.4 }
        case 1:
            // Random vertical bars, blurred: bar-like, no symbology.
            var modules: [UInt8] = []
            var dark: UInt8 = 1
            while modules.count < 110 {
                modules += [UInt8](repeating: dark, count: 1 + Int(random.next() % 4))
                dark = 1 - dark
            }
            image = BlurRender.linearImage(modules, ppm: 2, sigma: 0.7, noise: 3, height: 40)
        case 2:
            // A QR code, sharp and blurred.
            let matrix = try ZintSymbol.matrix("QRCODE", "https://example.org/blur")
            image = BlurRender.matrixImage(matrix, ppm: 3, sigma: 0.5, noise: 3)
        case 3:
            // A regular grating.
            image = BlurRender.image(width: 300, height: 120, noise: 3, seed: 5) { x, _ in 0.5 + 0.5 * sin(Double(x) * 1.1) }
        default:
            // Text-like strokes: short dark dashes in rows.
            image = BlurRender.image(width: 300, height: 160, noise: 3, seed: 6) { x, y in
                (y / 12) % 2 == 0 && (x * 7 + y / 12 * 13) % 23 < 8 && y % 12 > 3 ? 1 : 0
            }
        }
        #expect(BlurAwareLinearReader.read(image, symbologies: Self.all).isEmpty)
    }

    @Test(
        "EAN-13 reads are reported in the format asked for",
        arguments: [
            ("0071831007995", [Symbology.upcA, .ean13], Symbology.upcA, "071831007995"),
            ("0071831007995", [.ean13], .ean13, "0071831007995"),
            ("9780679601050", [.isbn13, .ean13], .isbn13, "9780679601050"), ("9780679601050", [.isbn10], .isbn10, "0679601058"),
            ("9780679601050", [.upcA], nil, ""), ("5901234123457", [.ean13], .ean13, "5901234123457"),
        ])
    func reportedFormats(digits: String, wanted: [Symbology], format: Symbology?, text: String) {
        let decoded = LinearCodeModel.Decoded(format: .ean13, bytes: Array(digits.utf8), isGS1: false)
        let reported = BlurAwareLinearReader.reportedFormat(decoded, wanted: Set(wanted))
        #expect(reported?.0 == format)
        if let reported { #expect(String(decoding: reported.1, as: UTF8.self) == text) }
    }
}
