// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import QREncoding
import SaomaCore
import SaomaTestSupport
import Synchronization
import Testing

@testable import LiveScanning

/// A camera streaming a full mode: the working frame every consumer sees, and the camera's
/// full-resolution pixels the decode worker reads small unread regions from.
@Suite("Full-resolution reads")
struct FullResolutionReadTests {
    /// A 1280×960 YUYV frame (grey, neutral chroma) with a QR code for `text` at 2 px per module,
    /// its top-left corner at (`x`, `y`) full pixels; with its luma reduced to 640×480 as the
    /// capture does (1 px per module there, each working pixel straddling two modules at an odd
    /// offset: too few for any reader).
    static func fullFrame(_ text: String, x: Int, y: Int) throws -> (frame: VideoFrame, codeSide: Int) {
        let code = try QREncoder.encode(.text(text), level: .medium).lumaImage(moduleSize: 2, quietZone: 4)
        let (width, height) = (1280, 960)
        var yuyv = [UInt8](repeating: 128, count: width * height * 2)
        for i in 0..<(width * height) { yuyv[2 * i] = 150 }
        for row in 0..<code.height {
            for col in 0..<code.width { yuyv[((y + row) * width + x + col) * 2] = code[col, row] }
        }
        let reduced = yuyv.withUnsafeBytes { raw in
            FrameConversion.reducedLuma(
                fromYUYV: raw.baseAddress.unsafelyUnwrapped, width: width, height: height, stride: width * 2, targetWidth: 640,
                targetHeight: 480)
        }
        let luma = try #require(LumaImage(width: 640, height: 480, pixels: reduced))
        let detail = try #require(FrameDetail(width: width, height: height, yuyv: yuyv, scale: 2))
        return (VideoFrame(luma: luma, color: nil, timestamp: 0, sequence: 0, detail: detail), code.width)
    }

    static let viewport = Viewport(size: SaomaCore.Size(width: 640, height: 480), fit: .cover)
    static let region = ScanRegion(
        frameInView: SaomaCore.Rect(x: 0, y: 0, width: 640, height: 480), viewport: viewport, symbologies: [.qrCode])

    /// What a worker reads from `frame`, after one look.
    static func read(_ frame: VideoFrame) throws -> (symbols: [Symbol], passes: [String]) {
        let found = Mutex<[Symbol]>([])
        let worker = DecodeWorker(makeDecoder: makeLiveDecoder) { detection in found.withLock { $0 += detection.symbols } }
        defer { worker.stop() }
        worker.submit(frame, preview: PreviewImage(frame: frame, viewport: viewport), region: region)
        try Patience.wait("frame looked at") { worker.framesDecoded == 1 }
        return (found.withLock { $0 }, worker.lastLook?.passes ?? [])
    }

    @Test("a small code too fine for the working frame is read from the full-resolution pixels, corners in working pixels")
    func smallCodeIsReadAtFullResolution() throws {
        let (frame, side) = try Self.fullFrame("https://saoma.example/small", x: 601, y: 401)
        let (symbols, passes) = try Self.read(frame)
        #expect(passes.contains("full-resolution"))
        let symbol = try #require(symbols.first)
        #expect(symbol.text == "https://saoma.example/small")
        // The code's middle, (601 + side / 2, 401 + side / 2) full pixels, is half that in working pixels.
        let centre = (x: (601 + Double(side) / 2) / 2, y: (401 + Double(side) / 2) / 2)
        #expect(abs(symbol.center.x - centre.x) < 3 && abs(symbol.center.y - centre.y) < 3, "centre \(symbol.center)")
    }

    @Test("the same working frame without its full-resolution pixels stays unread")
    func withoutTheDetailNothingIsRead() throws {
        var (frame, _) = try Self.fullFrame("https://saoma.example/small", x: 601, y: 401)
        frame.detail = nil
        #expect(try Self.read(frame).symbols.isEmpty)
    }

    @Test("the preview samples the full-resolution colour at its own device pixels")
    func previewSamplesTheDetail() throws {
        let (frame, _) = try Self.fullFrame("https://saoma.example/small", x: 601, y: 401)
        // A 1280×960 device-pixel view of a 640×480 frame: each device pixel shows one full pixel.
        let viewport = Viewport(size: SaomaCore.Size(width: 640, height: 480), fit: .cover, scale: 2)
        let image = PreviewImage(frame: frame, viewport: viewport)
        #expect(image.width == 1280 && image.height == 960)
        #expect(image.frameSize == SaomaCore.Size(width: 640, height: 480))
        var size: gsize = 0
        let data = try #require(g_bytes_get_data(image.bytes, &size)).assumingMemoryBound(to: UInt8.self)
        let detail = try #require(frame.detail)
        // Every full pixel's luma shows through (grey: BGRA channels equal), at full resolution.
        var mismatches = 0
        detail.withPixels { pixel in
            for y in stride(from: 0, to: 960, by: 7) {
                for x in stride(from: 0, to: 1280, by: 5) where data[(y * 1280 + x) * 4] != pixel(x, y).blue { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
