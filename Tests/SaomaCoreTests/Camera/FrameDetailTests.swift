// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct FrameDetailTests {
    /// A YUYV frame whose luma is `luma(x, y)` and chroma neutral.
    static func yuyv(width: Int, height: Int, _ luma: (Int, Int) -> UInt8) -> [UInt8] {
        var bytes = [UInt8](repeating: 128, count: width * height * 2)
        for y in 0..<height {
            for x in 0..<width { bytes[(y * width + x) * 2] = luma(x, y) }
        }
        return bytes
    }

    static func reduce(_ bytes: [UInt8], width: Int, height: Int, to targetWidth: Int, _ targetHeight: Int) -> [UInt8] {
        bytes.withUnsafeBytes { raw in
            FrameConversion.reducedLuma(
                fromYUYV: raw.baseAddress.unsafelyUnwrapped, width: width, height: height, stride: width * 2, targetWidth: targetWidth,
                targetHeight: targetHeight)
        }
    }

    @Test(arguments: [(4, 2), (3, 2), (1920, 1280), (1440, 720), (7, 7), (5, 1)])
    func tapsCoverEverySampleOnceInWeight(source: Int, target: Int) {
        let (taps, index, weight) = FrameConversion.areaTaps(source: source, target: target)
        var share = [Double](repeating: 0, count: source)
        for i in 0..<target {
            let row = weight[(i * taps)..<((i + 1) * taps)]
            #expect(row.reduce(0, +) == 256)
            for k in 0..<taps {
                #expect((0..<source).contains(index[i * taps + k]))
                share[index[i * taps + k]] += Double(weight[i * taps + k]) / 256
            }
        }
        // Each input sample counts for target/source of an output sample, within rounding.
        for s in share { #expect(abs(s - Double(target) / Double(source)) < 0.02) }
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        let bytes = Self.yuyv(width: 4, height: 2) { x, y in UInt8(x * 40 + y * 100) }
        // Blocks: (0,40,100,140) → 70 and (80,120,180,220) → 150.
        #expect(Self.reduce(bytes, width: 4, height: 2, to: 2, 1) == [70, 150])
    }

    @Test func twoThirdsAveragesByArea() {
        // Columns 0, 90, 180: the first output covers 0 and half of 90 → (0 + 45) / 1.5 = 30;
        // the second half of 90 and 180 → (45 + 180) / 1.5 = 150.
        let bytes = Self.yuyv(width: 6, height: 3) { x, _ in UInt8([0, 90, 180, 0, 90, 180][x]) }
        #expect(Self.reduce(bytes, width: 6, height: 3, to: 4, 2) == [30, 150, 30, 150, 30, 150, 30, 150])
    }

    @Test func aFlatFrameStaysFlat() {
        let bytes = Self.yuyv(width: 1920, height: 1080) { _, _ in 201 }
        #expect(Set(Self.reduce(bytes, width: 1920, height: 1080, to: 1280, 720)) == [201])
    }

    @Test func cropsTheLumaAtFullResolution() throws {
        let bytes = Self.yuyv(width: 8, height: 4) { x, y in UInt8(y * 8 + x) }
        let detail = try #require(FrameDetail(width: 8, height: 4, yuyv: bytes, scale: 2))
        // Working pixels (1,0) 2×1 are full pixels (2,0) 4×2.
        let rect = detail.fullPixels(of: PixelRect(x: 1, y: 0, width: 2, height: 1))
        #expect(rect == PixelRect(x: 2, y: 0, width: 4, height: 2))
        #expect(detail.luma(in: rect).pixels == [2, 3, 4, 5, 10, 11, 12, 13])
        // Clipped to the frame.
        #expect(detail.fullPixels(of: PixelRect(x: 3, y: 1, width: 9, height: 9)) == PixelRect(x: 6, y: 2, width: 2, height: 2))
        #expect(detail.luma(in: PixelRect(x: -5, y: -5, width: 2, height: 2)).pixels.isEmpty)
    }

    @Test func planarFramesAreCroppedAndColouredFromTheirPlanes() throws {
        // 4×2 YU12: Y 0…7, U plane [90, 200], V plane [128, 128]; full range (from JPEG).
        let pixels: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7, 90, 200, 128, 128]
        let detail = try #require(FrameDetail(width: 4, height: 2, pixels: pixels, layout: .yu12(fullRange: true), scale: 2))
        #expect(detail.luma(in: PixelRect(x: 1, y: 0, width: 2, height: 2)).pixels == [1, 2, 5, 6])
        detail.withPixels { pixel in
            // Full range, Cr neutral: blue rises with Cb (1.772 × (Cb − 128)).
            #expect(pixel(0, 0).blue == 0 && pixel(0, 0).red == 0)
            #expect(pixel(3, 1).blue == 135 && pixel(3, 1).red == 7)
        }
        #expect(FrameDetail(width: 4, height: 2, pixels: Array(pixels.dropLast()), layout: .yu12(fullRange: true), scale: 2) == nil)
        // The luma of a Y plane reduced like YUYV's.
        let reduced = pixels.withUnsafeBytes { raw in
            FrameConversion.reducedLuma(
                from: raw.baseAddress.unsafelyUnwrapped, width: 4, height: 2, stride: 4, step: 1, targetWidth: 2, targetHeight: 1)
        }
        #expect(reduced == [3, 5])
    }

    @Test func rejectsMismatchedPixels() {
        #expect(FrameDetail(width: 8, height: 4, yuyv: [UInt8](repeating: 0, count: 63), scale: 2) == nil)
        #expect(FrameDetail(width: 7, height: 4, yuyv: [UInt8](repeating: 0, count: 56), scale: 2) == nil)
        #expect(FrameDetail(width: 8, height: 4, yuyv: [UInt8](repeating: 0, count: 64), scale: 1) == nil)
        #expect(FrameDetail(width: 8, height: 4, yuyv: [UInt8](repeating: 0, count: 64), scale: .infinity) == nil)
    }

    @Test func wholeFrameColourComesFromTheDetail() throws {
        // A grey full frame (limited-range Y 126 ≈ RGB 128) shown at half size.
        let bytes = Self.yuyv(width: 8, height: 4) { _, _ in 126 }
        let detail = try #require(FrameDetail(width: 8, height: 4, yuyv: bytes, scale: 2))
        let luma = LumaImage(width: 4, height: 2, fill: 126)
        let frame = VideoFrame(luma: luma, color: nil, timestamp: 0, sequence: 0, detail: detail)
        let rgb = try #require(frame.rgb)
        #expect(rgb.count == 4 * 2 * 3)
        for channel in rgb { #expect(abs(Int(channel) - 128) <= 2) }
    }
}
