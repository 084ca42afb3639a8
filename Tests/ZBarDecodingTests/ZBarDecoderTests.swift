// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@testable import ZBarDecoding

@Suite("zbar decoder")
struct ZBarDecoderTests {
    @Test("reads a QR code's UTF-8 text with its corners", arguments: [2, 3, 5, 8])
    func readsQRCode(scale: Int) throws {
        let text = "Grüße aus 扫码 \(scale)"
        let image = TestImages.qr(text, scale: scale)
        let symbols = ZBarDecoder().decode(image, options: DecodeOptions())
        let symbol = try #require(symbols.first)
        #expect(symbols.count == 1)
        #expect(symbol.format == .qrCode)
        #expect(symbol.text == text)
        #expect(symbol.bytes == Array(text.utf8))
        // The corners are the code's outline, inside the quiet zone.
        let box = Rect(bounding: symbol.corners)
        let margin = Double(4 * scale)
        #expect(abs(box.minX - margin) <= 2 && abs(box.minY - margin) <= 2)
        #expect(abs(box.maxX - (Double(image.width) - margin)) <= 2)
    }

    @Test("keeps a binary payload as bytes without text")
    func keepsBinaryPayload() throws {
        let bytes: [UInt8] = [0x00, 0xFF, 0x10, 0x80, 0x00, 0x7F, 0x41, 0x00]
        let symbols = ZBarDecoder().decode(TestImages.qr(bytes), options: DecodeOptions())
        let symbol = try #require(symbols.first)
        #expect(symbol.bytes == bytes)
        #expect(symbol.text == nil)
    }

    @Test("reads an inverted (light-on-dark) code")
    func readsInvertedCode() throws {
        let image = TestImages.inverted(TestImages.qr("inverted", scale: 4))
        let symbols = ZBarDecoder().decode(image, options: DecodeOptions())
        #expect(symbols.map(\.text) == ["inverted"])
    }

    @Test("reports only codes inside the region of interest, in full-image pixels")
    func honoursRegionOfInterest() throws {
        let left = TestImages.qr("left", scale: 4)
        let right = TestImages.qr("right", scale: 4)
        var canvas = LumaImage(width: 640, height: 240, fill: 255)
        canvas = TestImages.paste(left, onto: canvas, x: 20, y: 40)
        canvas = TestImages.paste(right, onto: canvas, x: 400, y: 40)
        let roi = PixelRect(x: 360, y: 0, width: 280, height: 240)
        let symbols = ZBarDecoder().decode(canvas, options: DecodeOptions(regionOfInterest: roi))
        let symbol = try #require(symbols.first)
        #expect(symbols.map(\.text) == ["right"])
        #expect(roi.rect.contains(Rect(bounding: symbol.corners)))
        #expect(Rect(bounding: symbol.corners).minX >= 400)
        let all = ZBarDecoder().decode(canvas, options: DecodeOptions())
        #expect(all.map(\.text) == ["left", "right"])
    }

    @Test("finds every code in reading order")
    func findsEveryCodeInReadingOrder() {
        var canvas = LumaImage(width: 700, height: 520, fill: 255)
        let names = ["a", "b", "c", "d"]
        for (i, name) in names.enumerated() {
            canvas = TestImages.paste(TestImages.qr(name, scale: 3), onto: canvas, x: 40 + (i % 2) * 330, y: 30 + (i / 2) * 250)
        }
        let symbols = ZBarDecoder().decode(canvas, options: DecodeOptions())
        #expect(symbols.map(\.text) == names)
    }

    @Test("honours the symbology restriction")
    func honoursSymbologies() {
        let image = TestImages.qr("only QR", scale: 4)
        let none = ZBarDecoder().decode(image, options: DecodeOptions(symbologies: [.ean13, .code128]))
        #expect(none.isEmpty)
        let some = ZBarDecoder().decode(image, options: DecodeOptions(symbologies: [.qrCode]))
        #expect(some.map(\.text) == ["only QR"])
    }

    @Test("reads codes under noise", arguments: [10, 30, 50])
    func readsUnderNoise(amplitude: Int) {
        let image = TestImages.noisy(TestImages.qr("noise \(amplitude)", scale: 4), amplitude: amplitude)
        let symbols = ZBarDecoder().decode(image, options: DecodeOptions())
        #expect(symbols.map(\.text) == ["noise \(amplitude)"])
    }
}
