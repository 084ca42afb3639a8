// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing
import ZBarDecoding

@testable import ZintEncoding

/// One format's round trip: the payload, what a reader must give back, and an independent reader
/// of the drawn PNG (zbarimg, dmtxread or ZXingReader) with the format name it prints.
struct ZintRoundTrip: CustomTestStringConvertible, Sendable {
    let format: BarcodeFormat
    let payload: String
    let readBack: String
    var testDescription: String { "\(format.name): \(payload)" }
}

@Suite("libzint draws every format, and every reader reads it back", .serialized)
struct ZintEncoderTests {
    static let trips: [ZintRoundTrip] = [
        ZintRoundTrip(format: .dataMatrix, payload: "Saoma DM 123", readBack: "Saoma DM 123"),
        ZintRoundTrip(format: .dataMatrix, payload: "Grüße, 世界", readBack: "Grüße, 世界"),
        ZintRoundTrip(
            format: .aztec, payload: "Aztec: https://example.org/ticket?id=42", readBack: "Aztec: https://example.org/ticket?id=42"),
        ZintRoundTrip(format: .aztec, payload: "Grüße, 世界", readBack: "Grüße, 世界"),
        ZintRoundTrip(
            format: .pdf417, payload: "M1ROE/JANE MS         EQX7K2P HELBCNAY 1651 112Y023C0041 100",
            readBack: "M1ROE/JANE MS         EQX7K2P HELBCNAY 1651 112Y023C0041 100"),
        ZintRoundTrip(format: .microQR, payload: "PART-0042", readBack: "PART-0042"),
        ZintRoundTrip(format: .ean13, payload: "400638133393", readBack: "4006381333931"),
        ZintRoundTrip(format: .ean13, payload: "4006381333931", readBack: "4006381333931"),
        ZintRoundTrip(format: .upcA, payload: "03600029145", readBack: "036000291452"),
        ZintRoundTrip(format: .code128, payload: "Saoma-128 ok", readBack: "Saoma-128 ok"),
        ZintRoundTrip(format: .code128, payload: "Äpfel", readBack: "Äpfel"),
    ]

    @Test("drawn and read back by Saoma's decoder process (the engines that read the format)", arguments: trips)
    func readsBack(_ trip: ZintRoundTrip) throws {
        let decoder = DecoderClient()
        let code = try BarcodeGenerator.generate(BarcodeRequest(payload: .text(trip.payload), format: trip.format), verifyingWith: decoder)
        // UPC-A is read with EAN-13 on: zbar finds UPC-A codes as EAN-13 codes starting with 0.
        let symbols = decoder.decode(
            code.raster.luma, options: DecodeOptions(symbologies: BarcodeSelfCheck.acceptedSymbologies(trip.format)))
        #expect(symbols.map(\.text) == [trip.readBack])
        #expect(symbols.map(\.format) == [trip.format.symbology])
        #expect(decoder.lastFailure == nil)
    }

    /// ZXing-C++'s format names for the formats Saoma draws (1.4 spells Micro QR `MicroQRCode` in its reports).
    static let zxingNames: [BarcodeFormat: String] = [
        .dataMatrix: "DataMatrix", .aztec: "Aztec", .pdf417: "PDF417", .microQR: "MicroQRCode", .ean13: "EAN-13", .upcA: "UPC-A",
        .code128: "Code128",
    ]

    @Test("the saved PNG reads back in ZXing-C++'s own reader, format and text", arguments: trips)
    func peerReadsBack(_ trip: ZintRoundTrip) throws {
        try ExternalTool.require(ExternalTool.zxingReader)
        let folder = try TemporaryFolder(prefix: "saoma-zint")
        defer { folder.remove() }
        let code = try BarcodeGenerator.generate(BarcodeRequest(payload: .text(trip.payload), format: trip.format), verifyingWith: nil)
        let path = folder.path("code.png")
        try PNGWriter.write(code.raster, to: path, replacing: true)
        let report = try runToolStatus(ExternalTool.zxingReader, [path]).output
        #expect(report.contains("Format:     \(try #require(ZintEncoderTests.zxingNames[trip.format]))\n"), "\(report)")
        #expect(report.contains("Text:       \"\(trip.readBack)\"\n"), "\(report)")
    }

    @Test("a reader that cannot read the format fails the self-check: nothing is returned to save")
    func selfCheckFails() {
        // zbar reads no PDF417: the code drawn is unreadable to it.
        #expect(throws: BarcodeGenerationError.selfCheck(.unreadable)) {
            try BarcodeGenerator.generate(BarcodeRequest(payload: .text("pdf"), format: .pdf417), verifyingWith: ZBarDecoder())
        }
    }

    @Test("the vector drawing is in modules: a Data Matrix of 12×12 modules with its 1-module quiet zone is 14 wide")
    func drawingInModules() throws {
        let input = try BarcodeInput.prepare(.text("HELLO"), for: .dataMatrix)
        let image = try ZintEncoder.draw(input, quietZone: 0, moduleSizes: [3])
        #expect(image.drawing.width == 14)
        #expect(image.drawing.height == 14)
        #expect(image.rasters.first?.width == 42)
        // Every bar is on whole modules.
        #expect(image.drawing.bars.allSatisfy { $0.minX == $0.minX.rounded() && $0.width == $0.width.rounded() })
        // Data Matrix symbols are square, even where a rectangular one (12×26) would be smaller.
        let longer = try ZintEncoder.draw(try BarcodeInput.prepare(.text("Saoma Data Matrix"), for: .dataMatrix), quietZone: 0)
        #expect(longer.drawing.width == longer.drawing.height)
    }

    /// Format, quiet zone asked for, width in modules: a 12-module Data Matrix, a 90-module Code 128.
    static let margins: [(BarcodeFormat, Int, Double)] = [
        (.dataMatrix, 4, 20), (.dataMatrix, 0, 14), (.code128, 4, 110), (.code128, 12, 114),
    ]

    @Test("a quiet zone is at least what was asked for and at least the standard's", arguments: margins)
    func quietZones(_ row: (BarcodeFormat, Int, Double)) throws {
        let input = try BarcodeInput.prepare(.text(row.0 == .code128 ? "Hello" : "HELLO"), for: row.0)
        #expect(try ZintEncoder.draw(input, quietZone: row.1).drawing.width == row.2)
    }

    @Test("linear codes carry their digits under the bars; the raster is in the style's colours")
    func captionsAndColours() throws {
        let input = try BarcodeInput.prepare(.text("400638133393"), for: .ean13)
        let image = try ZintEncoder.draw(input, quietZone: 4, moduleSizes: [2], foreground: RGBColor(red: 0, green: 0, blue: 128))
        #expect(image.drawing.captions.map(\.text) == ["4", "006381", "333931"])
        let raster = try #require(image.rasters.first)
        var colours = Set<RGBColor>()
        for y in stride(from: 0, to: raster.height, by: 3) {
            for x in stride(from: 0, to: raster.width, by: 3) { colours.insert(raster[x, y]) }
        }
        #expect(colours.contains(RGBColor(red: 0, green: 0, blue: 128)))
        #expect(colours.contains(.white))
    }

    @Test("libzint's refusals are errors with its message, never a crash")
    func refusals() throws {
        let long = try BarcodeInput.prepare(.bytes([UInt8](repeating: 0x41, count: 4000)), for: .aztec)
        #expect(throws: ZintEncodingError.self) { try ZintEncoder.draw(long, quietZone: 4) }
        do {
            _ = try ZintEncoder.draw(long, quietZone: 4)
        } catch {
            guard case .tooLong(let format, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(format == .aztec)
            #expect(!message.isEmpty)
        }
        let qr = try BarcodeInput.prepare(.text("x"), for: .qr)
        #expect(throws: ZintEncodingError.notDrawnHere(.qr)) { try ZintEncoder.draw(qr, quietZone: 4) }
    }
}
