// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing

@testable import ZXingDecoding

/// Symbols drawn by the real `zint` (package zint), the way a person would meet them: slightly
/// turned and with sensor noise.
enum ZintImages {
    /// `bytes` drawn by zint as symbology `type` (zint's number) with `extra` options, `scale`
    /// pixels per module, with a quiet zone; the payload reaches zint through a file, byte for byte.
    static func draw(_ bytes: [UInt8], type: Int, scale: Int = 3, extra: [String] = []) throws -> LumaImage {
        let folder = try TemporaryFolder(prefix: "saoma-zint")
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path("data.bin")))
        let arguments =
            [
                "-b", String(type), "--binary", "--scale=\(scale)", "--quietzones", "-i", folder.path("data.bin"), "-o",
                folder.path("code.png"),
            ] + extra
        try runTool("/usr/bin/zint", arguments)
        return try ImageLoader().load(path: folder.path("code.png")).luma
    }

    /// `image` on a larger light canvas, turned by `degrees`, with ±`noise` grey levels.
    static func photographed(_ image: LumaImage, degrees: Double = 4, noise: Int = 12) -> LumaImage {
        let margin = max(image.width, image.height) / 4
        let canvas = LumaImage(width: image.width + 2 * margin, height: image.height + 2 * margin, fill: 235)
        let placed = image.pasted(onto: canvas, x: margin, y: margin)
        return placed.rotated(byDegrees: degrees).image.withNoise(amplitude: noise, seed: 7)
    }
}

@Suite("zxing-cpp engine")
struct ZXingDecoderTests {
    /// zint's symbology numbers.
    enum Zint {
        static let pdf417 = 55
        static let aztec = 92
        static let microQR = 97
        static let maxiCode = 57
        static let dataMatrix = 71
        static let qr = 58
    }

    @Test(
        "reads the symbologies zbar cannot, turned and noisy",
        arguments: [
            (Zint.pdf417, Symbology.pdf417, "M1ROE/JANE            EABC123 FRAJFKAF 0012 123Y014C0001 100", 2),
            (Zint.aztec, .aztec, "Rail ticket 4711: Zürich HB → Genève", 4),
            (Zint.microQR, .microQR, "MQR 12345", 6),
        ])
    func readsNewSymbologies(type: Int, format: Symbology, text: String, scale: Int) throws {
        let image = ZintImages.photographed(try ZintImages.draw(Array(text.utf8), type: type, scale: scale))
        let symbols = ZXingDecoder().decode(image, options: DecodeOptions())
        #expect(symbols.map(\.format) == [format])
        #expect(symbols.first?.text == text)
        #expect(symbols.first?.bytes == Array(text.utf8))
        #expect(symbols.first?.corners.count == 4)
    }

    @Test("reads MaxiCode upright and noisy (zxing-cpp 1.4 reads it only upright)")
    func maxiCode() throws {
        let text = "PARCEL 1Z999AA10123456784"
        let image = ZintImages.photographed(try ZintImages.draw(Array(text.utf8), type: Zint.maxiCode, scale: 2), degrees: 0)
        let symbols = ZXingDecoder().decode(image, options: DecodeOptions())
        #expect(symbols.map(\.format) == [.maxiCode])
        #expect(symbols.first?.text == text)
    }

    @Test("keeps control characters byte for byte (AAMVA's LF, RS and CR)")
    func controlCharacters() throws {
        let payload = Array("@\n\u{1E}\rANSI 636014090002DL00410278ZC03190008DLDAQD1234562\nDCSROE\nDACJANE\r".utf8)
        let image = ZintImages.photographed(try ZintImages.draw(payload, type: Zint.pdf417, scale: 2))
        let symbol = try #require(ZXingDecoder().decode(image, options: DecodeOptions()).first)
        #expect(symbol.bytes == payload)
        #expect(symbol.text.map { Array($0.utf8) } == payload)
    }

    @Test("reports binary payloads as bytes, without text")
    func binary() throws {
        let payload: [UInt8] = [0x00, 0xFF, 0x10, 0x80, 0x9F, 0x00, 0x41, 0xC3, 0x28]
        let image = try ZintImages.draw(payload, type: Zint.aztec, scale: 4)
        let symbol = try #require(ZXingDecoder().decode(image, options: DecodeOptions()).first)
        #expect(symbol.bytes == payload)
        #expect(symbol.text == nil)
    }

    @Test("converts text under an ECI designator", arguments: [(3, "Grüße"), (26, "Grüße 扫码"), (20, "日本語です")])
    func eci(eci: Int, text: String) throws {
        // Without --binary zint converts the UTF-8 it is given to the ECI's character set.
        let folder = try TemporaryFolder(prefix: "saoma-zint-eci")
        let arguments = ["-b", String(Zint.aztec), "--eci=\(eci)", "--scale=4", "--quietzones", "-d", text, "-o", folder.path("c.png")]
        try runTool("/usr/bin/zint", arguments)
        let symbol = try #require(
            ZXingDecoder().decode(try ImageLoader().load(path: folder.path("c.png")).luma, options: DecodeOptions()).first)
        #expect(symbol.text == text)
        #expect(symbol.bytes != Array(text.utf8) || eci == 26)
    }

    @Test("reads only what was asked for, inside the region of interest")
    func honoursOptions() throws {
        let code = try ZintImages.draw(Array("left".utf8), type: Zint.pdf417, scale: 2)
        let other = try ZintImages.draw(Array("right".utf8), type: Zint.dataMatrix, scale: 4)
        var canvas = LumaImage(width: code.width + other.width + 80, height: max(code.height, other.height) + 40, fill: 255)
        canvas = code.pasted(onto: canvas, x: 20, y: 20)
        canvas = other.pasted(onto: canvas, x: code.width + 60, y: 20)
        let decoder = ZXingDecoder()
        #expect(decoder.decode(canvas, options: DecodeOptions()).map(\.text) == ["left", "right"])
        #expect(decoder.decode(canvas, options: DecodeOptions(symbologies: [.dataMatrix])).map(\.text) == ["right"])
        let leftHalf = PixelRect(x: 0, y: 0, width: code.width + 40, height: canvas.height)
        let inLeft = decoder.decode(canvas, options: DecodeOptions(regionOfInterest: leftHalf))
        #expect(inLeft.map(\.text) == ["left"])
        // Corners are in the whole image's pixels, inside the region.
        let box = Rect(bounding: try #require(inLeft.first).corners)
        #expect(box.minX >= 15 && box.maxX <= Double(code.width + 25))
        #expect(decoder.decode(canvas, options: DecodeOptions(symbologies: [.qrCode])).isEmpty)
    }

    @Test("reports the parts of a structured-append QR message with their places")
    func structuredAppendParts() throws {
        let folder = try TemporaryFolder(prefix: "saoma-zint-sa")
        var canvas = LumaImage(width: 700, height: 260, fill: 255)
        for (i, part) in ["Hello ", "structured ", "append"].enumerated() {
            let path = folder.path("p\(i).png")
            try runTool(
                "/usr/bin/zint", ["-b", String(Zint.qr), "--structapp=\(i + 1),3,7", "--scale=4", "--quietzones", "-d", part, "-o", path])
            canvas = try ImageLoader().load(path: path).luma.pasted(onto: canvas, x: 10 + i * 230, y: 20)
        }
        let parts = ZXingDecoder().decode(canvas, options: DecodeOptions(symbologies: [.qrCode]))
        #expect(parts.map(\.text) == ["Hello ", "structured ", "append"])
        #expect(parts.compactMap(\.sequence?.index) == [0, 1, 2])
        #expect(parts.allSatisfy { $0.sequence?.count == 3 })
        #expect(Set(parts.compactMap(\.sequence?.id)).count == 1)
    }

    @Test("reads nothing on a code-free, noisy image")
    func nothingOnNoise() {
        let image = LumaImage(width: 640, height: 480, fill: 128).withNoise(amplitude: 40, seed: 3)
        #expect(ZXingDecoder().decode(image, options: DecodeOptions()).isEmpty)
    }

    @Test("the adapter's format table matches zxing-cpp's bits one to one")
    func formatTable() {
        let bits = ZXingDecoder.formatBits.map(\.bit)
        #expect(Set(bits).count == bits.count && bits.allSatisfy { $0.nonzeroBitCount == 1 })
        #expect(ZXingDecoder.version.hasPrefix("1."))
        #expect(ZXingDecoder.readable.isSuperset(of: [.pdf417, .aztec, .microQR, .maxiCode, .qrCode, .dataMatrix]))
    }
}
