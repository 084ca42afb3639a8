// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// A decoder that reports one fixed code and counts its calls.
final class CountingDecoder: BarcodeDecoder {
    let symbol: Symbol
    private(set) var calls = 0
    init(_ format: Symbology, _ text: String, x: Double) {
        symbol = Symbol(
            format: format, bytes: Array(text.utf8), text: text,
            corners: [Point(x: x, y: 10), Point(x: x, y: 20), Point(x: x + 10, y: 20), Point(x: x + 10, y: 10)])
    }
    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        calls += 1
        return [symbol]
    }
}

@Suite("Decoder composition")
struct DecoderCompositionTests {
    let image = LumaImage(width: 8, height: 8)

    @Test("a combined decoder reports every decoder's codes in reading order")
    func combines() {
        let right = CountingDecoder(.qrCode, "right", x: 100)
        let left = CountingDecoder(.dataMatrix, "left", x: 0)
        let found = CombinedDecoder([right, left]).decode(image, options: DecodeOptions())
        #expect(found.map(\.text) == ["left", "right"])
    }

    @Test("fallbacks run only when the decoders found nothing")
    func fallbacks() {
        let slow = CountingDecoder(.dataMatrix, "dm", x: 0)
        let nothing = CombinedDecoder([], fallbacks: [])
        #expect(nothing.decode(image, options: DecodeOptions()).isEmpty)
        let found = CombinedDecoder([CountingDecoder(.qrCode, "qr", x: 50)], fallbacks: [slow]).decode(image, options: DecodeOptions())
        #expect(found.map(\.text) == ["qr"] && slow.calls == 0)
        let fallback = CombinedDecoder([CombinedDecoder([])], fallbacks: [slow]).decode(image, options: DecodeOptions())
        #expect(fallback.map(\.text) == ["dm"] && slow.calls == 1)
    }

    @Test("an intermittent decoder runs on every period-th live frame and on every still image")
    func intermittent() {
        let inner = CountingDecoder(.dataMatrix, "dm", x: 0)
        let decoder = IntermittentDecoder(inner, period: 4)
        let live = DecodeOptions(effort: .fast)
        let counts = (1...8).map { _ in decoder.decode(image, options: live).count }
        #expect(counts == [0, 0, 0, 1, 0, 0, 0, 1])
        #expect(inner.calls == 2)
        #expect(decoder.decode(image, options: DecodeOptions(effort: .thorough)).count == 1)
        #expect(IntermittentDecoder(inner, period: 0).period == 1)
    }
}
