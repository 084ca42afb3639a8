// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Where a reduced photo suggests a code")
struct SuspectedCodeRegionsTests {
    /// A grey 640×480 image with pseudo-random noise of ±`noise` around 128.
    static func ground(noise: Int, seed: UInt32 = 99) -> LumaImage {
        var image = LumaImage(width: 640, height: 480, fill: 128)
        var state = seed
        guard noise > 0 else { return image }
        for i in image.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            image.pixels[i] = UInt8(clamping: 128 + Int(state >> 16) % (2 * noise + 1) - noise)
        }
        return image
    }

    /// A 640×480 image of pseudo-random values over the whole 0…255 range: edges running every way.
    static func harshNoise(seed: UInt32 = 5) -> LumaImage {
        var image = LumaImage(width: 640, height: 480, fill: 128)
        var state = seed
        for i in image.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            image.pixels[i] = UInt8(truncatingIfNeeded: state >> 24)
        }
        return image
    }

    /// Paints `rect` of `image` with `shade(x, y)` (coordinates inside the rectangle).
    static func paint(_ image: inout LumaImage, _ rect: PixelRect, _ shade: (Int, Int) -> UInt8) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { image[x, y] = shade(x - rect.x, y - rect.y) }
        }
    }

    /// Bars `period` pixels wide (dark 40, light 210), vertical.
    static func bars(_ period: Int) -> (Int, Int) -> UInt8 { { x, _ in (x / period) % 2 == 0 ? 40 : 210 } }
    /// Square modules `side` pixels wide in a pseudo-random pattern, like a QR code's.
    static func modules(_ side: Int) -> (Int, Int) -> UInt8 {
        { x, y in
            let m = (x / side) &* 73_856_093 ^ (y / side) &* 19_349_663
            return (m >> 3) & 1 == 0 ? 30 : 220
        }
    }

    static let patch = PixelRect(x: 256, y: 192, width: 96, height: 64)

    /// image → whether a region is expected, and that every region found covers the patch.
    static let rows: [(String, LumaImage, Bool)] = {
        var barcode = ground(noise: 6)
        paint(&barcode, patch, bars(3))
        var matrix = ground(noise: 6)
        paint(&matrix, patch, modules(3))
        var small = ground(noise: 6)
        paint(&small, PixelRect(x: 100, y: 100, width: 24, height: 24), modules(2))
        var smooth = LumaImage(width: 640, height: 480)
        paint(&smooth, smooth.bounds) { x, y in UInt8((x + y) * 255 / 1120) }
        return [
            ("uniform", LumaImage(width: 640, height: 480, fill: 200), false),
            ("sensor noise", ground(noise: 16), false),
            ("smooth gradient", smooth, false),
            ("edges running every way (harsh noise)", harshNoise(), false),
            ("1-D bars", barcode, true),
            ("matrix modules", matrix, true),
            ("a small matrix code", small, true),
        ]
    }()

    @Test("suspected or not", arguments: rows)
    func suspected(name: String, image: LumaImage, expected: Bool) {
        let regions = SuspectedCodeRegions.find(in: image)
        #expect(!regions.isEmpty == expected, "\(name): \(regions)")
        #expect(regions.count <= 1, "\(name): \(regions)")
    }

    @Test("the region covers the code with a quiet zone, clipped to the image")
    func regionCoversThePatch() throws {
        var image = Self.ground(noise: 6)
        Self.paint(&image, Self.patch, Self.modules(3))
        let region = try #require(SuspectedCodeRegions.find(in: image, padding: 16).first)
        #expect(region.x <= Self.patch.x - 16 && region.y <= Self.patch.y - 16)
        #expect(region.maxX >= Self.patch.maxX + 16 && region.maxY >= Self.patch.maxY + 16)
        // Whole tiles plus the padding: no more than a tile beyond the patch on each side.
        #expect(region.x >= Self.patch.x - 16 - 32 && region.maxX <= Self.patch.maxX + 16 + 32)
        // At the image's corner the padding is clipped.
        var corner = Self.ground(noise: 6)
        Self.paint(&corner, PixelRect(x: 0, y: 0, width: 64, height: 64), Self.bars(2))
        let clipped = try #require(SuspectedCodeRegions.find(in: corner).first)
        #expect(clipped == PixelRect(x: 0, y: 0, width: 96, height: 96))
    }

    @Test("tiles touching codes already read are left out")
    func excluded() {
        var image = Self.ground(noise: 6)
        Self.paint(&image, Self.patch, Self.bars(3))
        #expect(SuspectedCodeRegions.find(in: image, excluding: [Self.patch]).isEmpty)
        #expect(SuspectedCodeRegions.find(in: image, excluding: [PixelRect(x: 0, y: 0, width: 50, height: 50)]).count == 1)
    }

    @Test("regions are bounded by a share of the image, the strongest kept")
    func bounded() throws {
        var image = Self.ground(noise: 6)
        let big = PixelRect(x: 32, y: 32, width: 192, height: 160)
        let little = PixelRect(x: 448, y: 320, width: 64, height: 64)
        Self.paint(&image, big, Self.modules(3))
        Self.paint(&image, little, Self.modules(3))
        #expect(SuspectedCodeRegions.find(in: image).count == 2)
        // A budget of a tenth of the image (30 720 px) holds only the little region padded.
        let kept = SuspectedCodeRegions.find(in: image, maximumShare: 0.1)
        try #require(kept.count == 1)
        #expect(kept[0].intersects(little))
        #expect(SuspectedCodeRegions.find(in: image, maximumShare: 0).isEmpty)
        #expect(SuspectedCodeRegions.find(in: image, maximumCount: 1).count == 1)
        // Images smaller than a tile have no region.
        #expect(SuspectedCodeRegions.find(in: LumaImage(width: 31, height: 500, fill: 0)).isEmpty)
    }

    @Test("regions whose padding overlaps are joined")
    func joined() throws {
        var image = Self.ground(noise: 6)
        // Two codes a tile apart: each padded by a tile, they overlap.
        Self.paint(&image, PixelRect(x: 64, y: 64, width: 64, height: 64), Self.bars(3))
        Self.paint(&image, PixelRect(x: 160, y: 64, width: 96, height: 64), Self.modules(3))
        let regions = SuspectedCodeRegions.find(in: image)
        try #require(regions.count == 1, "\(regions)")
        #expect(regions[0] == PixelRect(x: 32, y: 32, width: 256, height: 128))
        // With a narrower padding they stay apart.
        #expect(SuspectedCodeRegions.find(in: image, padding: 8).count == 2)
    }

    /// Gradient → orientation bin (7.5° each over half a turn; a step and its reverse share one).
    static let bins: [(Int, Int, Int)] = [
        (10, 0, 0), (-10, 0, 0), (0, 10, 12), (0, -10, 12), (10, 10, 6), (-10, -10, 6), (-10, 10, 18), (10, -1, 23),
    ]

    @Test("orientation bins", arguments: bins)
    func orientation(dx: Int, dy: Int, bin: Int) {
        #expect(SuspectedCodeRegions.orientationBin(dx: dx, dy: dy) == bin)
    }
}
