// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import SaomaCore
import SaomaTestSupport
import Testing

@testable import LiveScanning

/// The preview's pixels, sampled and converted straight from what the camera sent.
@Suite("Preview image")
struct PreviewImageTests {
    static let width = 8
    static let height = 6

    /// Deterministic pseudo-random bytes (LCG), so every level and pair is exercised.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// Frames of every colour kind, with the same luma plane.
    static func frames() -> [(String, VideoFrame)] {
        let luma = LumaImage(width: width, height: height, pixels: bytes(width * height, seed: 1)) ?? LumaImage(width: 0, height: 0)
        var yuyv = bytes(width * height * 2, seed: 2)
        for i in 0..<(width * height) { yuyv[2 * i] = luma.pixels[i] }
        let quarter = (width / 2) * (height / 2)
        return [
            ("rgb", VideoFrame(luma: luma, color: .rgb(bytes(width * height * 3, seed: 3)), timestamp: 0, sequence: 0)),
            ("yuyv", VideoFrame(luma: luma, color: .yuyv(yuyv), timestamp: 0, sequence: 0)),
            (
                "yu12 limited",
                VideoFrame(
                    luma: luma, color: .yu12(u: bytes(quarter, seed: 4), v: bytes(quarter, seed: 5), fullRange: false), timestamp: 0,
                    sequence: 0)
            ),
            (
                "yu12 full",
                VideoFrame(
                    luma: luma, color: .yu12(u: bytes(quarter, seed: 6), v: bytes(quarter, seed: 7), fullRange: true), timestamp: 0,
                    sequence: 0)
            ),
            ("grey", VideoFrame(luma: luma, color: nil, timestamp: 0, sequence: 0)),
        ]
    }

    /// The preview's bytes.
    static func pixels(_ image: PreviewImage) -> [UInt8] {
        var size: gsize = 0
        guard let data = g_bytes_get_data(image.bytes, &size) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }

    @Test("sampled 1:1 for the view, every pixel matches the whole frame's conversion (BGRA, mirror included)", arguments: [false, true])
    func sampledMatchesWholeConversion(mirrored: Bool) throws {
        for (name, frame) in Self.frames() {
            let viewport = Viewport(
                size: SaomaCore.Size(width: Double(Self.width), height: Double(Self.height)), fit: .cover, mirrored: mirrored)
            let sampled = Self.pixels(PreviewImage(frame: frame, viewport: viewport))
            let whole = Self.pixels(PreviewImage(frame: frame))
            #expect(whole.count == Self.width * Self.height * 3, "\(name)")
            #expect(sampled.count == Self.width * Self.height * 4, "\(name)")
            guard sampled.count == Self.width * Self.height * 4, whole.count == Self.width * Self.height * 3 else { continue }
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let source = mirrored ? Self.width - 1 - x : x
                    let w = (y * Self.width + source) * 3
                    let s = (y * Self.width + x) * 4
                    #expect(Array(sampled[s..<s + 4]) == [whole[w + 2], whole[w + 1], whole[w], 255], "\(name) at \(x),\(y)")
                }
            }
        }
    }

    @Test("YCbCr frames convert to RGB with BT.601: grey stays grey, limited range is expanded")
    func wholeConversionLevels() throws {
        let luma = try #require(LumaImage(width: 2, height: 2, pixels: [16, 235, 126, 126]))
        let yuyv: [UInt8] = [16, 128, 235, 128, 126, 128, 126, 128]
        let rgb = try #require(FrameColor.yuyv(yuyv).rgb(luma: luma))
        #expect(rgb == [0, 0, 0, 255, 255, 255, 128, 128, 128, 128, 128, 128])
        let full = try #require(FrameColor.yu12(u: [128], v: [128], fullRange: true).rgb(luma: luma))
        #expect(full == [16, 16, 16, 235, 235, 235, 126, 126, 126, 126, 126, 126])
        #expect(FrameColor.yuyv([1, 2, 3]).rgb(luma: luma) == nil)
    }
}
