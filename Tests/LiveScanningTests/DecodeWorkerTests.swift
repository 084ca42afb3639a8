// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import QREncoding
import SaomaCore
import SaomaTestSupport
import Synchronization
import Testing

@testable import LiveScanning

/// The live decode worker with the real zbar decoder: what it reads from camera frames.
@Suite("Live decode worker")
struct DecodeWorkerTests {
    /// A 640×480 grey frame with a QR code for `text` whose top-left corner is at (`x`, `y`),
    /// 4 px per module; light on dark when `inverted`.
    static func frame(_ text: String, x: Int, y: Int, inverted: Bool = false) throws -> LumaImage {
        let code = try self.code(text)
        var frame = LumaImage(width: 640, height: 480, fill: 128)
        for row in 0..<code.height {
            for col in 0..<code.width {
                let v = code[col, row]
                frame[x + col, y + row] = inverted ? 255 - v : v
            }
        }
        return frame
    }

    /// A QR code for `text` drawn by libqrencode, 4 px per module with the standard quiet zone.
    static func code(_ text: String) throws -> LumaImage {
        try QREncoder.encode(.text(text), level: .medium).lumaImage(moduleSize: 4, quietZone: 4)
    }

    static let everywhere = PixelRect(x: 0, y: 0, width: 640, height: 480)

    @Test("a light-on-dark code is read from a negated frame, corners in the frame's pixels")
    func invertedCodeNeedsTheNegatedPass() throws {
        let decoder = try #require(makeLiveDecoder())
        let image = try Self.frame("dark mode", x: 300, y: 100, inverted: true)
        let plain = DecodeWorker.decode(image, in: Self.everywhere, inverted: false, symbologies: [.qrCode], with: decoder)
        #expect(plain.isEmpty)
        let negated = DecodeWorker.decode(image, in: Self.everywhere, inverted: true, symbologies: [.qrCode], with: decoder)
        let symbol = try #require(negated.first)
        #expect(symbol.text == "dark mode")
        let side = Double(try Self.code("dark mode").width)
        #expect(abs(symbol.center.x - (300 + side / 2)) < 4 && abs(symbol.center.y - (100 + side / 2)) < 4, "centre \(symbol.center)")
    }

    @Test("the negated pass reports only codes centred in the region")
    func invertedPassKeepsToTheRegion() throws {
        let decoder = try #require(makeLiveDecoder())
        let image = try Self.frame("outside", x: 400, y: 200, inverted: true)
        let left = PixelRect(x: 0, y: 0, width: 380, height: 480)
        #expect(DecodeWorker.decode(image, in: left, inverted: true, symbologies: [.qrCode], with: decoder).isEmpty)
        let right = PixelRect(x: 380, y: 150, width: 260, height: 330)
        #expect(DecodeWorker.decode(image, in: right, inverted: true, symbologies: [.qrCode], with: decoder).map(\.text) == ["outside"])
    }

    @Test("a light-on-dark code is read at the first look, by the negated pass at its code-like region")
    func workerFindsInvertedCodes() throws {
        let found = Mutex<[String]>([])
        let worker = DecodeWorker(makeDecoder: makeLiveDecoder) { detection in
            found.withLock { $0 += detection.symbols.compactMap(\.text) }
        }
        defer { worker.stop() }
        let frame = VideoFrame(
            luma: try Self.frame("phone in dark mode", x: 200, y: 120, inverted: true), rgb: nil, timestamp: 0, sequence: 0)
        WholeFrameLook.submit(frame, to: worker)
        // Detections are reported before the look is counted.
        try Patience.wait("frame looked at") { worker.framesDecoded == 1 }
        #expect(found.withLock { $0 } == ["phone in dark mode"])
        #expect(worker.lastLook?.passes == ["zxing-cpp", "full-resolution", "negated"])
    }

    /// Part `index` (0-based) of `count` of a structured-append QR message, drawn by zint at 4 px
    /// per module with its quiet zone.
    static func part(_ text: String, _ index: Int, of count: Int) throws -> LumaImage {
        let folder = try TemporaryFolder(prefix: "saoma-live-sa")
        let path = folder.path("part.png")
        try runTool(
            "/usr/bin/zint", ["-b", "58", "--structapp=\(index + 1),\(count),7", "--scale=4", "--quietzones", "-d", text, "-o", path])
        return try ImageLoader().load(path: path).luma
    }

    @Test("a structured-append message shown one part at a time is joined and reported once whole")
    func structuredAppendOnePartAtATime() throws {
        let found = Mutex<[Symbol]>([])
        let worker = DecodeWorker(makeDecoder: makeLiveDecoder) { detection in
            found.withLock { $0 += detection.symbols }
        }
        defer { worker.stop() }
        for (index, text) in ["Joined ", "live"].enumerated() {
            let luma = try Self.part(text, index, of: 2).pasted(onto: LumaImage(width: 640, height: 480, fill: 150), x: 240, y: 160)
            WholeFrameLook.submit(VideoFrame(luma: luma, rgb: nil, timestamp: Double(index), sequence: UInt64(index)), to: worker)
            try Patience.wait("part \(index + 1) looked at") { worker.framesDecoded > index }
            if index == 0 { #expect(found.withLock { $0 }.isEmpty, "one part of two is held back") }
        }
        let message = try #require(found.withLock { $0 }.first)
        #expect(message.text == "Joined live")
        #expect(message.assembly?.total == 2 && message.assembly?.missing == [])
    }

    /// `frame` with Gaussian noise (standard deviation 4 grey levels, new for each `seed`).
    static func noisy(_ frame: LumaImage, seed: UInt64) -> LumaImage {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        var out = frame
        for i in out.pixels.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Four uniform deviates from one draw, summed: close to a normal one (Irwin–Hall).
            let bytes = (0..<4).reduce(0) { $0 + Int((state >> (16 * UInt64($1) + 8)) & 0xFF) }
            let normal = (Double(bytes) / 255 - 2) * 3.0.squareRoot()
            out.pixels[i] = UInt8(max(0, min(255, (Double(frame.pixels[i]) + 4 * normal).rounded())))
        }
        return out
    }

    @Test("a noisy scene that does not change is looked at once; a code entering it is read at the next frame")
    func unchangedSceneIsNotDecodedAgain() throws {
        let found = Mutex<[String]>([])
        // No refresh during the test, whatever the machine's load.
        var scheduling = LiveDecodeScheduler.Settings.standard
        scheduling.refreshInterval = 1000
        // The scheduler alone: the still frames' average is DecodeWorkerStillSceneTests'.
        let worker = DecodeWorker(makeDecoder: makeLiveDecoder, scheduling: scheduling, averaging: false) { detection in
            found.withLock { $0 += detection.symbols.compactMap(\.text) }
        }
        defer { worker.stop() }
        func submit(_ luma: LumaImage, _ sequence: Int) throws {
            WholeFrameLook.submit(luma, sequence: sequence, to: worker)
            try Patience.wait("frame \(sequence) taken") { worker.framesHandled == sequence + 1 }
        }
        let grey = LumaImage(width: 640, height: 480, fill: 150)
        for sequence in 0..<8 { try submit(Self.noisy(grey, seed: UInt64(sequence)), sequence) }
        #expect(worker.framesDecoded == 1, "new noise in every frame is no new scene")
        var scene = grey
        let code = try Self.code("entering")
        for row in 0..<code.height {
            for col in 0..<code.width { scene[220 + col, 140 + row] = code[col, row] }
        }
        try submit(Self.noisy(scene, seed: 8), 8)
        try Patience.wait("the code's frame looked at") { worker.framesDecoded == 2 }
        #expect(found.withLock { $0 } == ["entering"])
        #expect(worker.lastLook?.reason == .changed)
    }
}
