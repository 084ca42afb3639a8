// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import QREncoding
import SaomaCore
import SaomaTestSupport
import Testing

/// A decoder that always returns the same symbols, to drive the self-check's failure paths.
private final class FixedDecoder: BarcodeDecoder {
    let symbols: [Symbol]
    private(set) var calls: [LumaImage] = []

    init(_ symbols: [Symbol]) { self.symbols = symbols }

    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        calls.append(image)
        return symbols
    }
}

@Suite("QR generator and self-check")
struct QRGeneratorTests {
    @Test("the self-check decodes the exact rendered image", arguments: ErrorCorrectionLevel.allCases)
    func selfCheckSeesRenderedImage(level: ErrorCorrectionLevel) throws {
        let text = "Self-check \(level.rawValue) ✓"
        let style = QRStyle(
            quietZone: 2, sizing: .moduleSize(3), foreground: RGBColor(parsing: "navy")!, background: RGBColor(parsing: "#ffd")!)
        let decoder = FixedDecoder([Symbol(format: .qrCode, bytes: Array(text.utf8), text: text, corners: [])])
        let code = try QRGenerator.generate(QRGenerationRequest(payload: .text(text), level: level, style: style), verifyingWith: decoder)
        #expect(decoder.calls == [code.selfCheckImages()[0]])
        #expect(code.lumaImage() == code.rgbRaster().luma)
        // Every pixel of the output is the self-check image's pixel of the same module.
        let output = code.lumaImage()
        let checked = decoder.calls[0]
        let scale = QRGenerator.selfCheckModuleSize
        #expect(checked.width == (code.matrix.size + 4) * scale)
        for y in 0..<output.height {
            for x in 0..<output.width {
                #expect(output[x, y] == checked[x / 3 * scale, y / 3 * scale])
            }
        }
        #expect(code.pixelSize == (code.matrix.size + 4) * 3)
    }

    @Test("generated codes pass the self-check with a real reader", arguments: ErrorCorrectionLevel.allCases)
    func realReaderPasses(level: ErrorCorrectionLevel) throws {
        try ExternalTool.require(ExternalTool.zbarimg)
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        let decoder = ZbarImgDecoder(directory: directory)
        for payload in [QRPayload.text("plain"), .text("中文 ✓"), .bytes([0, 0xFF, 0, 1])] {
            let code = try QRGenerator.generate(QRGenerationRequest(payload: payload, level: level), verifyingWith: decoder)
            #expect(code.matrix.level == level)
        }
    }

    @Test("an unreadable or different read-back is an error")
    func selfCheckFailures() {
        let request = QRGenerationRequest(payload: .text("expected"))
        let blind = FixedDecoder([])
        #expect(throws: QRGenerationError.selfCheck(.unreadable)) { try QRGenerator.generate(request, verifyingWith: blind) }
        // The quick read and then the output itself, each with both efforts.
        let code = try? QRGenerator.generate(request, verifyingWith: nil)
        #expect(blind.calls == (code?.selfCheckImages() ?? []).flatMap { [$0, $0] })
        #expect(blind.calls.last == code?.lumaImage())
        let other = Symbol(format: .qrCode, bytes: Array("other".utf8), text: "other", corners: [])
        #expect(throws: QRGenerationError.selfCheck(.mismatch(expected: Array("expected".utf8), decoded: Array("other".utf8)))) {
            try QRGenerator.generate(request, verifyingWith: FixedDecoder([other]))
        }
        let linear = Symbol(format: .code128, bytes: Array("expected".utf8), text: "expected", corners: [])
        #expect(throws: QRGenerationError.selfCheck(.unreadable)) {
            try QRGenerator.generate(request, verifyingWith: FixedDecoder([linear]))
        }
    }

    @Test("style and encoding errors come before the self-check")
    func earlyErrors() {
        let decoder = FixedDecoder([])
        let grey = QRStyle(foreground: RGBColor(parsing: "#777")!, background: RGBColor(parsing: "#888")!)
        #expect(throws: QRGenerationError.style(.invisibleColors(grey.colorCheck))) {
            try QRGenerator.generate(QRGenerationRequest(payload: .text("x"), style: grey), verifyingWith: decoder)
        }
        #expect(throws: QRGenerationError.encoding(.empty)) {
            try QRGenerator.generate(QRGenerationRequest(payload: .text("")), verifyingWith: decoder)
        }
        #expect(decoder.calls.isEmpty)
    }

    @Test("SVG output rasterised by librsvg reads back in zbarimg and ZXing-C++ at every level", arguments: ErrorCorrectionLevel.allCases)
    func svgRasterisedReadsBack(level: ErrorCorrectionLevel) throws {
        try ExternalTool.require(ExternalTool.rsvgConvert, ExternalTool.zbarimg, ExternalTool.zxingReader)
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        let text = "SVG ✓ \(level.rawValue) " + String(repeating: "0123456789", count: 5)
        let code = try QRGenerator.generate(
            QRGenerationRequest(payload: .text(text), level: level, style: QRStyle(sizing: .moduleSize(2))), verifyingWith: nil)
        let svg = directory.file("code.svg")
        try Data(code.svg().utf8).write(to: URL(fileURLWithPath: svg))
        let png = directory.file("code.png")
        #expect(try runToolStatus(ExternalTool.rsvgConvert, ["--zoom", "2", svg, "-o", png]).status == 0)
        #expect(try ExternalTool.zbarimgText(png) == text)
        #expect(try ExternalTool.zxingText(png) == text)
    }
}

@Suite("PNG writer")
struct PNGWriterTests {
    @Test("PNG bytes start with the signature and hold the raster's size")
    func pngHeader() throws {
        let raster = try #require(RGBRaster(width: 3, height: 2, bytes: [UInt8](repeating: 200, count: 18)))
        let bytes = [UInt8](try PNGWriter.pngData(raster))
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(bytes[16..<24] == [0, 0, 0, 3, 0, 0, 0, 2])
    }

    @Test("writing replaces a file whole and leaves no temporary file")
    func atomicReplace() throws {
        let directory = try TemporaryFolder(prefix: "saoma-qrgen")
        defer { directory.remove() }
        let path = directory.file("out.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let matrix = try QREncoder.encode(.text("new"), level: .low)
        try PNGWriter.write(matrix.rgbRaster(moduleSize: 2, quietZone: 4), to: path, replacing: true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        if ExternalTool.isInstalled(ExternalTool.zbarimg) { #expect(try ExternalTool.zbarimgText(path) == "new") }
    }

    @Test("an unwritable path is an error naming the reason")
    func unwritable() throws {
        let raster = try #require(RGBRaster(width: 1, height: 1, bytes: [0, 0, 0]))
        #expect(throws: PNGWriterError.writeFailed(path: "/nonexistent-saoma/x.png", reason: String(cString: strerror(ENOENT)))) {
            try PNGWriter.write(raster, to: "/nonexistent-saoma/x.png", replacing: false)
        }
    }
}
