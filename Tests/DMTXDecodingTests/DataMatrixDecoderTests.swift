// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing

@testable import DMTXDecoding

/// Data Matrix images written by the real `dmtxwrite` (package dmtx-utils) and loaded by PixbufIO.
enum DataMatrixImages {
    /// `bytes` encoded by dmtxwrite with `module` pixels per module, `margin` pixels of quiet
    /// zone, rotated by `degrees`, FNC1 written for `gs1Character` when given.
    static func write(_ bytes: [UInt8], module: Int = 4, margin: Int = 16, degrees: Int = 0, gs1Character: UInt8? = nil) throws -> LumaImage
    {
        let folder = try TemporaryFolder(prefix: "saoma-dmtx")
        var arguments = ["-d", "\(module)", "-m", "\(margin)", "-o", folder.path("code.png")]
        if degrees != 0 { arguments += ["-R", "\(degrees)"] }
        if let gs1Character { arguments += ["-G", "\(gs1Character)"] }
        try runTool("/usr/bin/dmtxwrite", arguments, input: Data(bytes))
        return try ImageLoader().load(path: folder.path("code.png")).luma
    }

    /// `image` pasted at (`x`, `y`) on a `width`×`height` canvas of grey `fill`.
    static func placed(_ image: LumaImage, width: Int, height: Int, x: Int, y: Int, fill: UInt8 = 230) -> LumaImage {
        image.pasted(onto: LumaImage(width: width, height: height, fill: fill), x: x, y: y)
    }

    /// `image` with deterministic uniform noise of ±`amplitude` grey levels (seeded LCG).
    static func noisy(_ image: LumaImage, amplitude: Int, seed: UInt64 = 7) -> LumaImage {
        image.withNoise(amplitude: amplitude, seed: seed)
    }
}

@Suite("Data Matrix decoding")
struct DataMatrixDecoderTests {
    let decoder = DataMatrixDecoder()

    @Test("reads dmtxwrite codes at several module sizes, with their corners", arguments: [2, 3, 5, 8])
    func readsModuleSizes(module: Int) throws {
        let text = "Saoma 0123456789"
        let image = try DataMatrixImages.write(Array(text.utf8), module: module, margin: 20)
        let symbols = decoder.decode(image, options: DecodeOptions())
        try #require(symbols.count == 1)
        #expect(symbols[0].format == .dataMatrix)
        #expect(symbols[0].text == text)
        #expect(!symbols[0].isGS1)
        // dmtxwrite draws the symbol inside the margin: its corners, top-left first, anticlockwise.
        let side = Double(image.width - 40)
        let expected = [Point(x: 20, y: 20), Point(x: 20, y: 20 + side), Point(x: 20 + side, y: 20 + side), Point(x: 20 + side, y: 20)]
        for (found, wanted) in zip(symbols[0].corners, expected) {
            #expect(found.distance(to: wanted) <= Double(module) * 1.5 + 2, "corner \(found) should be near \(wanted)")
        }
    }

    @Test("a search started in part of the image finds the code there, whatever its size, and only there")
    func searchWithinBounds() throws {
        let code = try DataMatrixImages.write(Array("bounded".utf8), module: 5, margin: 10)
        // Low on the right of a large image: libdmtx's own rows run upwards, so a wrong mapping of
        // the bounds would look at the top.
        let image = DataMatrixImages.placed(code, width: 1600, height: 900, x: 1200, y: 700)
        let shrink = DataMatrixDecoder.shrink(forLongestSide: 1600)
        #expect(shrink == 2)
        let around = PixelRect(x: 1150, y: 650, width: 250, height: 250)
        for scale in [shrink, 1] {
            let found = DataMatrixDecoder.search(image, shrink: scale, milliseconds: 200, within: around)
            #expect(found.map(\.text) == ["bounded"], "shrunk by \(scale)")
            let box = Rect(bounding: found.first?.corners ?? [])
            #expect(box.minX >= 1190 && box.maxY <= 900, "corners in the image's pixels at \(scale): \(box)")
            let elsewhere = PixelRect(x: 100, y: 100, width: 400, height: 400)
            #expect(DataMatrixDecoder.search(image, shrink: scale, milliseconds: 200, within: elsewhere).isEmpty, "shrunk by \(scale)")
        }
    }

    @Test("decodes UTF-8 text as UTF-8 and other bytes as ISO-8859-1")
    func decodesText() throws {
        let utf8 = try DataMatrixImages.write(Array("Grüße, 世界".utf8))
        #expect(decoder.decode(utf8, options: DecodeOptions()).map(\.text) == ["Grüße, 世界"])
        let latin1: [UInt8] = [0x47, 0x72, 0xFC, 0xDF, 0x65]
        let symbols = decoder.decode(try DataMatrixImages.write(latin1), options: DecodeOptions())
        #expect(symbols.map(\.text) == ["Grüße"])
        #expect(symbols.map(\.bytes) == [latin1])
    }

    @Test("marks GS1 data (FNC1 first) and keeps later FNC1s as GS")
    func readsGS1() throws {
        let image = try DataMatrixImages.write(Array("#01044123456789091725120010ABC#3103001234".utf8), gs1Character: UInt8(ascii: "#"))
        let symbols = decoder.decode(image, options: DecodeOptions())
        try #require(symbols.count == 1)
        #expect(symbols[0].isGS1)
        #expect(symbols[0].bytes == Array("01044123456789091725120010ABC\u{1D}3103001234".utf8))
        let elements = try #require(GS1ElementString(symbol: symbols[0], referenceYear: 2026)).elements
        #expect(elements.map(\.ai) == ["01", "17", "10", "3103"])
        #expect(elements.map(\.displayValue) == ["04412345678909", "2025-12", "ABC", "1.234"])
    }

    @Test("reads a rotated, noisy code placed in a larger photo-like image")
    func readsPhotoLikeImage() throws {
        let code = try DataMatrixImages.write(Array("LOT 4711-A".utf8), module: 6, degrees: 23)
        let image = DataMatrixImages.noisy(DataMatrixImages.placed(code, width: 1600, height: 1200, x: 700, y: 300), amplitude: 30)
        let symbols = decoder.decode(image, options: DecodeOptions())
        try #require(symbols.count == 1)
        #expect(symbols[0].text == "LOT 4711-A")
        let center = symbols[0].center
        #expect(abs(center.x - Double(700 + code.width / 2)) < 20 && abs(center.y - Double(300 + code.height / 2)) < 20)
    }

    @Test("finds a code in a 12-megapixel image through the shrunk search, in full-size pixels")
    func readsBigImage() throws {
        let code = try DataMatrixImages.write(Array("BIG-0042".utf8), module: 24)
        let image = DataMatrixImages.placed(code, width: 4000, height: 3000, x: 2500, y: 1800)
        let symbols = decoder.decode(image, options: DecodeOptions())
        try #require(symbols.count == 1)
        #expect(symbols[0].text == "BIG-0042")
        #expect(abs(symbols[0].center.x - Double(2500 + code.width / 2)) < 40)
        #expect(abs(symbols[0].center.y - Double(1800 + code.height / 2)) < 40)
    }

    @Test("honours the symbology switch and the region of interest")
    func honoursOptions() throws {
        let code = try DataMatrixImages.write(Array("ROI".utf8), module: 5)
        let image = DataMatrixImages.placed(code, width: 800, height: 600, x: 500, y: 50)
        #expect(decoder.decode(image, options: DecodeOptions(symbologies: [.qrCode])).isEmpty)
        #expect(decoder.decode(image, options: DecodeOptions(regionOfInterest: PixelRect(x: 0, y: 300, width: 800, height: 300))).isEmpty)
        let inside = decoder.decode(image, options: DecodeOptions(regionOfInterest: PixelRect(x: 400, y: 0, width: 400, height: 300)))
        #expect(inside.map(\.text) == ["ROI"])
        #expect(inside.first.map { $0.center.x > 500 && $0.center.y > 50 } == true)
    }

    @Test("reports nothing in noise, flat and tiny images", arguments: [(1200, 900, 60), (64, 64, 0), (4, 4, 0), (1, 3000, 40)])
    func nothingInNoise(width: Int, height: Int, amplitude: Int) {
        let image = DataMatrixImages.noisy(LumaImage(width: width, height: height, fill: 128), amplitude: max(amplitude, 1))
        #expect(decoder.decode(image, options: DecodeOptions()).isEmpty)
    }
}
