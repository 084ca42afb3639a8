// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
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

    @Test("streaming frames, the worker finds a light-on-dark code within a few frames")
    func workerFindsInvertedCodes() throws {
        let found = Mutex<[String]>([])
        let worker = DecodeWorker(makeDecoder: makeLiveDecoder) { detection in
            found.withLock { $0 += detection.symbols.compactMap(\.text) }
        }
        defer { worker.stop() }
        let viewport = Viewport(size: SaomaCore.Size(width: 640, height: 480), fit: .cover)
        let region = ScanRegion(
            frameInView: SaomaCore.Rect(x: 0, y: 0, width: 640, height: 480), viewport: viewport, symbologies: [.qrCode])
        let image = try Self.frame("phone in dark mode", x: 200, y: 120, inverted: true)
        for sequence in 0..<DecodeWorker.invertedFrameInterval where found.withLock({ $0.isEmpty }) {
            let frame = VideoFrame(luma: image, rgb: nil, timestamp: Double(sequence) / 30, sequence: UInt64(sequence))
            worker.submit(frame, preview: PreviewImage(frame: frame, viewport: viewport), region: region)
            // One frame at a time: wait until the worker has decoded it (detections are reported before).
            try Patience.wait("frame \(sequence) decoded") { worker.framesDecoded > sequence }
        }
        #expect(found.withLock { $0 } == ["phone in dark mode"])
    }
}
