// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@testable import ZBarDecoding

@Suite("Decode passes")
struct DecodePassesTests {
    /// A QR code on a larger canvas, off-centre so mapping errors show.
    static let canvas: LumaImage = {
        let code = TestImages.qr("pass mapping", scale: 4)
        return TestImages.paste(code, onto: LumaImage(width: 320, height: 260, fill: 255), x: 90, y: 50)
    }()

    @Test(
        "every pass maps the corners back to the original image",
        arguments: [
            DecodePass.upscale(2), .downscale(2), .rotate(30), .rotate(-75), .mirror, .threshold(31), .upSharpen(2),
            .composed([.upscale(1.5), .rotate(45)]),
        ])
    func passesMapCornersBack(pass: DecodePass) throws {
        let scanner = try #require(ZBarScanner())
        let plain = try #require(scanner.scan(Self.canvas).first)
        let (image, back) = pass.apply(to: Self.canvas)
        let read = try #require(scanner.scan(image).first, "\(pass) found nothing")
        #expect(read.bytes == plain.bytes)
        // Compare as sets: mirroring and rotation change which corner zbar lists first.
        let tolerance = 6.0
        for corner in read.points.map(back.apply) {
            #expect(plain.points.contains { $0.distance(to: corner) <= tolerance }, "\(pass): \(corner) not near \(plain.points)")
        }
    }

    @Test("the thorough chain starts no step once its CPU time is spent, and every step while it lasts")
    func chainWithinItsTime() throws {
        let scanner = try #require(ZBarScanner())
        // Nothing to read: every step is tried while there is time.
        let blank = LumaImage(width: 300, height: 200, fill: 255)
        var all: [DecodeStep] = []
        _ = DecodePasses.run(on: blank, effort: .thorough, scanner: scanner, seconds: 1000) { all.append($0) }
        #expect(all == DecodePasses.thorough.filter { $0.pass.isWorthwhile(for: blank) })
        // With no time, the first step alone.
        var spent: [DecodeStep] = []
        _ = DecodePasses.run(on: blank, effort: .thorough, scanner: scanner, seconds: 0) { spent.append($0) }
        #expect(spent == Array(all.prefix(1)))
        // A sparse step's QR find is still confirmed by the next full-density step.
        var confirmed: [DecodeStep] = []
        let reads = DecodePasses.run(on: Self.canvas, effort: .thorough, scanner: scanner, seconds: 0) { confirmed.append($0) }
        #expect(reads.map { String(decoding: $0.bytes, as: UTF8.self) } == ["pass mapping"])
        #expect(confirmed.count == 2 && confirmed.last?.density == 1)
    }

    @Test("reads QR codes at any angle, in full-image corners", arguments: [0.0, 17.0, 45.0, 90.0, 133.0, 200.0, 310.0])
    func readsRotatedCodes(degrees: Double) throws {
        let text = "rotated \(Int(degrees))"
        let (image, _) = TestImages.qr(text, scale: 4).rotated(byDegrees: degrees)
        let symbols = ZBarDecoder().decode(image, options: DecodeOptions())
        let symbol = try #require(symbols.first)
        #expect(symbols.map(\.text) == [text])
        #expect(symbol.corners.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x <= Double(image.width) && $0.y <= Double(image.height) })
    }

    @Test("reads small codes through the enlarging passes", arguments: [1, 2])
    func readsSmallCodes(scale: Int) throws {
        let text = "tiny"
        let image = TestImages.qr(text, scale: scale, margin: 4)
        let symbols = ZBarDecoder().decode(image, options: DecodeOptions(effort: .thorough))
        #expect(symbols.map(\.text) == [text])
    }

    @Test("reads codes under uneven light")
    func readsUnderUnevenLight() {
        var image = TestImages.qr("shadow", scale: 3)
        // Darken the left half heavily: white turns mid-grey, black stays black.
        for y in 0..<image.height {
            for x in 0..<(image.width / 2) { image[x, y] = UInt8(Int(image[x, y]) * 90 / 255 + 20) }
        }
        let symbols = ZBarDecoder().decode(image, options: DecodeOptions())
        #expect(symbols.map(\.text) == ["shadow"])
    }

    @Test("the fast path reads a code in a 1280×720 frame's default region")
    func fastPathReadsFrame() {
        var frame = TestImages.noisy(LumaImage(width: 1280, height: 720, fill: 200), amplitude: 20)
        frame = TestImages.paste(TestImages.qr("live", scale: 5), onto: frame, x: 500, y: 200)
        let roi = PixelRect(x: 60, y: 80, width: 1160, height: 560)
        let symbols = ZBarDecoder().decode(frame, options: DecodeOptions(regionOfInterest: roi, effort: .fast))
        #expect(symbols.map(\.text) == ["live"])
        let outside = ZBarDecoder().decode(
            frame, options: DecodeOptions(regionOfInterest: PixelRect(x: 0, y: 0, width: 400, height: 720), effort: .fast))
        #expect(outside.isEmpty)
    }

    @Test("merging keeps distinct codes and drops repeats")
    func mergeDeduplicates() {
        func read(_ text: String, at x: Double) -> RawRead {
            RawRead(
                format: .qrCode, bytes: Array(text.utf8),
                points: [Point(x: x, y: 0), Point(x: x, y: 40), Point(x: x + 40, y: 40), Point(x: x + 40, y: 0)], quality: 1)
        }
        var merged: [RawRead] = []
        DecodePasses.merge([read("a", at: 0), read("b", at: 100)], into: &merged)
        DecodePasses.merge([read("a", at: 3), read("a", at: 300)], into: &merged)
        #expect(merged.map { String(decoding: $0.bytes, as: UTF8.self) } == ["a", "b", "a"])
    }

    @Test("one-line reads of check-digit-free symbologies are dropped")
    func qualityFloors() {
        let weak = RawRead(format: .code39, bytes: Array("T".utf8), points: [], quality: 1)
        let firm = RawRead(format: .code39, bytes: Array("T".utf8), points: [], quality: 3)
        let weakITF = RawRead(format: .interleaved2of5, bytes: Array("0829220876".utf8), points: [], quality: 3)
        let qr = RawRead(format: .qrCode, bytes: Array("x".utf8), points: [], quality: 1)
        #expect(!ZBarDecoder.isTrustworthy(weak))
        #expect(ZBarDecoder.isTrustworthy(firm))
        #expect(!ZBarDecoder.isTrustworthy(weakITF))
        #expect(ZBarDecoder.isTrustworthy(qr))
    }

    @Test(
        "Code 39 full ASCII is decoded only when every shift pair is valid",
        arguments: [
            ("E+X+T+E+N+D+E+D /A%J/J/C", "Extended !?*#"),
            ("TEST-SHEET", "TEST-SHEET"),
            ("A+", "A+"),
            ("$M$J", "\r\n"),
            ("12/34", "12/34"),
        ])
    func code39FullASCII(raw: String, expected: String) {
        let decoded = Code39.fullASCII(Array(raw.utf8)) ?? Array(raw.utf8)
        #expect(String(decoding: decoded, as: UTF8.self) == expected)
    }

    @Test("pass names parse for benchmark runs")
    func passNamesParse() {
        #expect(DecodePass(name: "thresh91") == .threshold(91))
        #expect(DecodePass(name: "upsharp2") == .upSharpen(2))
        #expect(DecodePass(name: "down2+invert") == .composed([.downscale(2), .invert]))
        #expect(DecodePass(name: "bogus") == nil)
        #expect(DecodeStep(name: "thresh45@2") == DecodeStep(.threshold(45), density: 2))
        #expect(DecodeStep(name: "plain") == DecodeStep(.plain, density: 1))
        #expect(DecodeStep(name: "plain@0") == nil)
        #expect(DecodeStep(name: "plain@2@3") == nil)
        #expect(DecodeStep(name: "bogus@2") == nil)
    }

    @Test(
        "a sparse step's QR finds wait for a full-density step; other finds end the chain",
        arguments: [
            // (formats found, scan density of the step, chain ends)
            ([Symbology](), 1, false), ([], 2, false), ([.ean13], 2, true), ([.qrCode], 2, false), ([.ean13, .qrCode], 3, false),
            ([.qrCode], 1, true), ([.code128, .qrCode], 1, true),
        ])
    func sparseQRFindsAreConfirmed(formats: [Symbology], density: Int, ends: Bool) {
        let reads = formats.map { RawRead(format: $0, bytes: [0x31], points: [Point(x: 0, y: 0)], quality: 5) }
        #expect(DecodePasses.isFinal(reads, density: density) == ends)
    }

    @Test("two QR codes are both found although the sparse first look sees only one")
    func sparseLookDoesNotHideSecondQR() throws {
        // A large code and a small one (two pixels per module: the sparse look skips its lines).
        var image = LumaImage(width: 420, height: 300, fill: 255)
        image = TestImages.paste(TestImages.qr("large one", scale: 6), onto: image, x: 20, y: 20)
        image = TestImages.paste(TestImages.qr("small", scale: 2), onto: image, x: 300, y: 200)
        let texts = ZBarDecoder().decode(image, options: DecodeOptions(effort: .thorough)).map(\.text)
        #expect(Set(texts) == ["large one", "small"])
    }
}
