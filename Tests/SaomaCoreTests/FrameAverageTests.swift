// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// A 320×240 frame: grey 128 with a faint checkerboard (contrast `contrast`, 8-pixel squares)
/// over `area`, and Gaussian noise of standard deviation `sd` (new for each `seed`).
private func faintFrame(contrast: Double, sd: Double, seed: UInt64, area: PixelRect) -> LumaImage {
    var random = SeededRandom(state: seed)
    var image = LumaImage(width: 320, height: 240, fill: 128)
    for y in 0..<image.height {
        for x in 0..<image.width {
            var v = 128.0
            if area.rect.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                v += ((x / 8 + y / 8) % 2 == 0 ? -0.5 : 0.5) * contrast
            }
            image[x, y] = UInt8(max(0, min(255, (v + sd * random.gaussian()).rounded())))
        }
    }
    return image
}

/// The root-mean-square difference between `image` and the noiseless pattern.
private func noise(of image: LumaImage, contrast: Double, origin: (Int, Int)) -> Double {
    var sum = 0.0
    for y in 0..<image.height {
        for x in 0..<image.width {
            let (fx, fy) = (x + origin.0, y + origin.1)
            let clean = 128 + ((fx / 8 + fy / 8) % 2 == 0 ? -0.5 : 0.5) * contrast
            sum += (Double(image[x, y]) - clean) * (Double(image[x, y]) - clean)
        }
    }
    return (sum / Double(image.pixels.count)).squareRoot()
}

@Suite("Frame average (live)")
struct FrameAverageTests {
    static let area = PixelRect(x: 80, y: 40, width: 160, height: 120)

    @Test(
        "when to average and when to read",
        arguments: [
            (false, true, 0, FrameAverage.Step.reset),  // the scene changed
            (true, false, 0, .reset),  // nothing unread
            (true, true, 0, .add),
            (true, true, 2, .add),
            (true, true, 3, .addAndRead),  // the fourth frame: noise halved
            (true, true, 5, .add),
            (true, true, 7, .addAndRead),  // the eighth
            (true, true, 8, .hold),  // enough: wait for a change
            (false, true, 8, .reset),
        ])
    func steps(still: Bool, unread: Bool, count: Int, expected: FrameAverage.Step) {
        var average = FrameAverage()
        let frame = LumaImage(width: 320, height: 240, fill: 100)
        for _ in 0..<count { average.add(frame, area: Self.area) }
        #expect(average.count == count)
        #expect(average.step(still: still, unread: unread ? Self.area : nil) == expected)
    }

    @Test("another region starts afresh; one above the pixel bound is never averaged")
    func otherRegions() {
        var average = FrameAverage()
        let frame = LumaImage(width: 320, height: 240, fill: 100)
        for _ in 0..<3 { average.add(frame, area: Self.area) }
        let other = PixelRect(x: 0, y: 0, width: 64, height: 64)
        #expect(average.step(still: true, unread: other) == .add)
        let added = average.add(frame, area: other)
        #expect(added)
        #expect(average.count == 1 && average.region == other)
        let huge = PixelRect(x: 0, y: 0, width: 2048, height: 1024)
        #expect(average.step(still: true, unread: huge) == .reset)
        var big = FrameAverage()
        let addedHuge = big.add(LumaImage(width: 2048, height: 1024, fill: 0), area: huge)
        #expect(!addedHuge)
        #expect(big.count == 0 && big.mean == nil)
    }

    @Test("the mean is the rounded mean of the frames, the region's size, clamped to the frame")
    func exactMean() throws {
        var average = FrameAverage()
        for level: UInt8 in [10, 11, 11, 13] { average.add(LumaImage(width: 320, height: 240, fill: level), area: Self.area) }
        let mean = try #require(average.mean)
        #expect(mean.width == 160 && mean.height == 120)
        #expect(mean.pixels.allSatisfy { $0 == 11 })  // 45 / 4 = 11.25
        var edge = FrameAverage()
        for level: UInt8 in [255, 255, 254, 255, 255, 255, 255, 255] {
            edge.add(LumaImage(width: 320, height: 240, fill: level), area: PixelRect(x: 300, y: 200, width: 100, height: 100))
        }
        let clamped = try #require(edge.mean)
        #expect(clamped.width == 20 && clamped.height == 40 && clamped.pixels.allSatisfy { $0 == 255 })
        #expect(edge.count == 8)
    }

    @Test("averaging n noisy frames divides the noise by about √n", arguments: [4, 8])
    func noiseFalls(frames: Int) throws {
        var average = FrameAverage()
        let single = faintFrame(contrast: 12, sd: 6, seed: 1, area: Self.area).cropped(to: Self.area)
        for seed in 1...frames {
            average.add(faintFrame(contrast: 12, sd: 6, seed: UInt64(seed), area: Self.area), area: Self.area)
        }
        let mean = try #require(average.mean)
        let before = noise(of: single, contrast: 12, origin: (Self.area.x, Self.area.y))
        let after = noise(of: mean, contrast: 12, origin: (Self.area.x, Self.area.y))
        let expected = before / Double(frames).squareRoot()
        // Rounding to whole grey levels adds about 0.29.
        #expect(before > 5.5 && before < 6.5)
        #expect(abs(after - expected) < 0.35, "noise \(before) → \(after), expected about \(expected)")
    }
}
