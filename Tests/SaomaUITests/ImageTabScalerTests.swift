// SPDX-License-Identifier: GPL-3.0-or-later
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing

@testable import SaomaUI

@Suite("Image tab: shrinking photos")
struct ImageTabScalerTests {
    /// (width, height, longest side allowed, expected whole factor).
    static let factors: [(Int, Int, Int, Int)] = [
        (4000, 3000, 2560, 2), (4000, 3000, 2048, 2), (4000, 3000, 1000, 4), (4001, 3000, 1000, 5), (2560, 100, 2560, 1),
        (100, 9000, 2560, 4), (800, 600, 2048, 1),
    ]

    @Test("the whole shrink factor brings the longest side within the limit", arguments: factors)
    func factorFitsLongestSide(width: Int, height: Int, maxSide: Int, expected: Int) {
        let k = DisplayScaler.factor(width: width, height: height, maxSide: maxSide)
        #expect(k == expected)
        #expect((max(width, height) + k - 1) / k <= maxSide)
    }

    @Test("luma blocks are averaged, partial edge blocks included")
    func lumaBoxAverages() throws {
        // 5×3 image shrunk by 2: blocks of 2×2 (and 1-wide / 1-tall at the right and bottom edges).
        let pixels: [UInt8] = [
            0, 100, 200, 200, 50,
            100, 200, 0, 200, 150,
            10, 20, 30, 40, 255,
        ]
        let image = try #require(LumaImage(width: 5, height: 3, pixels: pixels))
        let small = DisplayScaler.downscaled(image, factor: 2)
        #expect(small.width == 3 && small.height == 2)
        #expect(small.pixels == [100, 150, 100, 15, 35, 255])
    }

    /// (red, green, blue, alpha or nil for RGB, expected ARGB32 word).
    static let packings: [(UInt8, UInt8, UInt8, UInt8?, UInt32)] = [
        (255, 128, 0, nil, 0xFFFF_8000), (1, 2, 3, 255, 0xFF01_0203), (255, 255, 255, 0, 0),
        (200, 100, 50, 128, 0x8064_3219), (10, 20, 30, 1, 0x0100_0000), (255, 0, 128, 254, 0xFEFE_007F),
    ]

    @Test("display pixels become cairo ARGB32 words, alpha premultiplied", arguments: packings)
    func premultipliedWords(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8?, expected: UInt32) {
        // A 2×2 image with padded rows; every pixel the same.
        let pixel = [red, green, blue] + (alpha.map { [$0] } ?? [])
        let row = pixel + pixel + [0, 0, 0]
        let pixels = DisplayPixels(bytes: row + row, width: 2, height: 2, rowstride: row.count, hasAlpha: alpha != nil)
        #expect(DisplayScaler.premultipliedARGB32(pixels) == [expected, expected, expected, expected])
    }

    @Test("RGB display pixels keep their channels apart and honour the row stride")
    func displayBoxAverages() {
        // 2×2 RGB with 2 padding bytes per row, shrunk to 1×1.
        let bytes: [UInt8] = [10, 20, 30, 50, 60, 70, 0, 0, 90, 100, 110, 130, 140, 150, 0, 0]
        let pixels = DisplayPixels(bytes: bytes, width: 2, height: 2, rowstride: 8, hasAlpha: false)
        let small = DisplayScaler.downscaled(pixels, maxSide: 1)
        #expect(small.width == 1 && small.height == 1 && small.rowstride == 3)
        #expect(small.bytes == [70, 80, 90])
    }
}
