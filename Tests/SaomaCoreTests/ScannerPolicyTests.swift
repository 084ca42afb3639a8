// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// A QR code with the given square outline (corners TL, BL, BR, TR) in image pixels.
private func code(_ text: String, x: Double, y: Double, side: Double) -> Symbol {
    Symbol(
        format: .qrCode, bytes: Array(text.utf8), text: text,
        corners: [Point(x: x, y: y), Point(x: x, y: y + side), Point(x: x + side, y: y + side), Point(x: x + side, y: y)])
}

@Suite("Marker placement")
struct ScannerMarkerTests {
    static let view = Size(width: 400, height: 300)

    /// (corners' bounding box in view points, expected marker rect).
    static let cases: [(Rect, Rect)] = [
        // Half the on-screen width, centred.
        (Rect(x: 100, y: 100, width: 80, height: 80), Rect(x: 120, y: 120, width: 40, height: 40)),
        // Small codes: at least 18.
        (Rect(x: 100, y: 100, width: 10, height: 10), Rect(x: 96, y: 96, width: 18, height: 18)),
        // Big codes: at most 54.
        (Rect(x: 100, y: 50, width: 200, height: 200), Rect(x: 173, y: 123, width: 54, height: 54)),
        // Square even for wide linear codes (width decides).
        (Rect(x: 100, y: 100, width: 60, height: 4), Rect(x: 115, y: 87, width: 30, height: 30)),
        // At the view's border: moved inside.
        (Rect(x: -30, y: 280, width: 60, height: 60), Rect(x: 0, y: 270, width: 30, height: 30)),
        (Rect(x: 380, y: -20, width: 100, height: 20), Rect(x: 350, y: 0, width: 50, height: 50)),
    ]

    @Test("centred on the code, half its width, clamped 18…54, kept inside the view", arguments: cases)
    func placement(bounds: Rect, expected: Rect) {
        let corners = [
            bounds.origin, Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY),
            Point(x: bounds.maxX, y: bounds.minY),
        ]
        #expect(MarkerPlacement.markerRect(cornersInView: corners, viewSize: Self.view) == expected)
    }

    @Test("markers follow the transform, mirror included", arguments: [false, true])
    func throughTransform(mirrored: Bool) {
        // 800×600 image in the 400×300 view: scale 0.5, no offset.
        let t = ViewTransform(
            imageSize: Size(width: 800, height: 600), viewport: Viewport(size: Self.view, fit: .cover, mirrored: mirrored))
        let rects = MarkerPlacement.markerRects(for: [code("a", x: 100, y: 200, side: 120)], transform: t)
        let centreX = mirrored ? 400 - 80.0 : 80.0
        #expect(rects == [Rect(x: centreX - 15, y: 115, width: 30, height: 30)])
    }

    @Test("only codes centred in the region are kept")
    func regionFilter() {
        let inside = code("in", x: 100, y: 100, side: 50)
        let straddling = code("edge", x: 180, y: 100, side: 50)
        let outside = code("out", x: 400, y: 100, side: 50)
        let kept = [inside, straddling, outside].centred(in: PixelRect(x: 90, y: 90, width: 100, height: 100))
        #expect(kept.map(\.displayText) == ["in"])
    }
}

@Suite("Code choice")
struct ScannerChoiceTests {
    @Test("one code is chosen automatically after 0.25 s, not before")
    func singleCodeAutoChoice() {
        var choice = CodeChoice()
        let taken = choice.found([code("a", x: 0, y: 0, side: 10)], at: 10)
        #expect(taken)
        #expect(!choice.offersChoice)
        let early = choice.advance(to: 10.2)
        #expect(early == nil)
        let chosen = choice.advance(to: 10.25)
        #expect(chosen?.text == "a")
        #expect(choice.phase == .chosen(code("a", x: 0, y: 0, side: 10)))
    }

    @Test("several codes wait for a choice and offer the hint and Cancel")
    func severalCodesWait() {
        var choice = CodeChoice()
        let codes = [code("a", x: 0, y: 0, side: 10), code("b", x: 50, y: 0, side: 10), code("c", x: 100, y: 0, side: 10)]
        let taken = choice.found(codes, at: 0)
        #expect(taken)
        #expect(choice.offersChoice)
        let automatic = choice.advance(to: 100)
        #expect(automatic == nil)
        let chosen = choice.choose(at: 1)
        #expect(chosen?.text == "b")
        let again = choice.choose(at: 0)
        #expect(again == nil)
    }

    @Test("cancel resumes scanning and new frames are taken again")
    func cancelResumes() {
        var choice = CodeChoice()
        let codes = [code("a", x: 0, y: 0, side: 10), code("b", x: 50, y: 0, side: 10)]
        choice.found(codes, at: 0)
        let whileChoosing = choice.found([code("c", x: 0, y: 0, side: 10)], at: 1)
        #expect(!whileChoosing)
        choice.resume()
        #expect(choice.phase == .scanning)
        let afterResume = choice.found([code("c", x: 0, y: 0, side: 10)], at: 2)
        #expect(afterResume)
    }

    @Test("nothing found changes nothing; out-of-range choices are refused")
    func emptyAndOutOfRange() {
        var choice = CodeChoice()
        let empty = choice.found([], at: 0)
        #expect(!empty)
        let nothing = choice.choose(at: 0)
        #expect(nothing == nil)
        choice.found([code("a", x: 0, y: 0, side: 10), code("b", x: 50, y: 0, side: 10)], at: 0)
        let outOfRange = choice.choose(at: 2)
        #expect(outOfRange == nil)
        #expect(choice.codes.count == 2)
    }
}

@Suite("Low light")
struct ScannerLowLightTests {
    /// Feeds (time, luma) samples; returns whether the button shows after each.
    private func run(_ samples: [(Double, Double)], lightOn: Bool = false) -> [Bool] {
        var monitor = LowLightMonitor()
        monitor.lightOn = lightOn
        return samples.map { t, luma in
            monitor.observe(meanLuma: luma, at: t)
            return monitor.showsButton
        }
    }

    @Test("dark for a second shows the button; a brief dip does not")
    func darkForASecond() {
        #expect(run([(0, 20), (0.5, 20), (0.99, 20), (1.0, 20)]) == [false, false, false, true])
        #expect(run([(0, 20), (0.5, 20), (0.6, 200), (1.2, 20), (1.5, 20)]) == [false, false, false, false, false])
    }

    @Test("light returning for a second hides it; hysteresis ignores the middle")
    func lightReturns() {
        let samples: [(Double, Double)] = [(0, 10), (1, 10), (1.5, 50), (3, 50), (3.25, 100), (4.25, 100)]
        #expect(run(samples) == [false, true, true, true, true, false])
    }

    @Test("the button stays while the light is on")
    func staysWhenOn() {
        #expect(run([(0, 200), (2, 200)], lightOn: true) == [true, true])
    }

    @Test("mean luma samples the image", arguments: [UInt8(0), 77, 255])
    func meanLuma(fill: UInt8) {
        #expect(LumaImage(width: 64, height: 48, fill: fill).meanLuma() == Double(fill))
        var half = LumaImage(width: 64, height: 64, fill: 0)
        for y in 0..<64 { for x in 32..<64 { half[x, y] = 200 } }
        #expect(half.meanLuma(step: 4) == 100)
    }
}
