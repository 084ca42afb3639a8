// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct VideoFrameFullModeTests {
    /// A YUYV frame whose luma is `luma(x, y)` (chroma neutral), rows `stride` bytes apart.
    static func yuyv(width: Int, height: Int, stride: Int, luma: (Int, Int) -> UInt8) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xee, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                bytes[y * stride + 2 * x] = luma(x, y)
                bytes[y * stride + 2 * x + 1] = 128
            }
        }
        return bytes
    }

    @Test func aFullModeFrameIsReducedWithItsPixelsBeside() throws {
        // 1.5 times fewer pixels a side, as 1920×1080 to 1280×720; rows padded past the pixels.
        let (width, height, stride) = (12, 6, 12 * 2 + 8)
        let bytes = Self.yuyv(width: width, height: height, stride: stride) { x, y in UInt8(x * 20 + y) }
        let frame = try #require(
            bytes.withUnsafeBytes { raw in
                VideoFrame.fullMode(
                    yuyv: raw.baseAddress!, width: width, height: height, stride: stride, workingWidth: 8, workingHeight: 4,
                    timestamp: 2, sequence: 7)
            })
        #expect(frame.width == 8 && frame.height == 4 && frame.sequence == 7 && frame.timestamp == 2)
        let detail = try #require(frame.detail)
        #expect(detail.width == 12 && detail.height == 6 && detail.scale == 1.5 && detail.layout == .yuyv)
        // The detail holds the rows packed (the stride's padding gone), its luma as sent.
        #expect(detail.pixels.count == width * height * 2)
        let full = detail.luma(in: PixelRect(x: 0, y: 0, width: 12, height: 6))
        #expect(full[11, 5] == 11 * 20 + 5 && full[0, 0] == 0)
        // The working luma is the area average: its corner pixel covers 1.5×1.5 full pixels.
        #expect(abs(Int(frame.luma[0, 0]) - 7) <= 7)
        #expect(frame.luma[7, 3] > frame.luma[0, 3])
    }

    @Test(arguments: [(12, 6, 24), (8, 4, 16), (0, 4, 24), (8, 0, 24)])
    func sizesThatMakeNoFullModeGiveNone(workingWidth: Int, workingHeight: Int, stride: Int) {
        let bytes = [UInt8](repeating: 0, count: 32 * 6)
        let frame = bytes.withUnsafeBytes { raw in
            VideoFrame.fullMode(
                yuyv: raw.baseAddress!, width: 12, height: 6, stride: stride, workingWidth: workingWidth, workingHeight: workingHeight,
                timestamp: 0, sequence: 0)
        }
        #expect(frame == nil)
    }
}
