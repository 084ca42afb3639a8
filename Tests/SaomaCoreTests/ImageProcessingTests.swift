// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Image passes")
struct ImageProcessingTests {
    /// A 40×30 image: white, with a black 8×6 block whose top-left pixel is (10, 5).
    static let blockImage: LumaImage = {
        var image = LumaImage(width: 40, height: 30, fill: 255)
        for y in 5..<11 {
            for x in 10..<18 { image[x, y] = 0 }
        }
        return image
    }()

    @Test("affine transforms compose and invert", arguments: [0.0, 17.0, 90.0, -135.0])
    func affineComposesAndInverts(degrees: Double) throws {
        let t = AffineTransform.translation(5, -3).concatenating(after: .rotation(degrees * Double.pi / 180))
            .concatenating(after: .scale(2, 0.5))
        let inverse = try #require(t.inverted)
        for p in [Point(x: 0, y: 0), Point(x: 3, y: 7), Point(x: -4.5, y: 12)] {
            let back = inverse.apply(t.apply(p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
        #expect(AffineTransform.scale(0, 1).inverted == nil)
    }

    @Test("rotation by a quarter turn sends x to y", arguments: [90.0, 180.0, 270.0, 30.0])
    func rotationMatchesTrigonometry(degrees: Double) {
        let r = AffineTransform.rotation(degrees * Double.pi / 180)
        let p = r.apply(Point(x: 1, y: 0))
        let expected = Point(x: cosine(degrees * Double.pi / 180), y: sine(degrees * Double.pi / 180))
        #expect(abs(p.x - expected.x) < 1e-12 && abs(p.y - expected.y) < 1e-12)
        #expect(abs(sine(Double.pi / 6) - 0.5) < 1e-12)
        #expect(abs(cosine(Double.pi / 3) - 0.5) < 1e-12)
    }

    @Test("downscaling averages blocks and maps back", arguments: [2, 3])
    func downscaleAveragesBlocks(factor: Int) {
        let (small, back) = Self.blockImage.downscaled(by: factor)
        #expect(small.width == 40 / factor && small.height == 30 / factor)
        // An output pixel wholly inside the block is black; its centre maps into the block.
        let inside = (x: 12 / factor, y: 6 / factor)
        #expect(small[inside.x, inside.y] < 60)
        let centre = back.apply(Point(x: Double(inside.x) + 0.5, y: Double(inside.y) + 0.5))
        #expect(centre.x >= 10 && centre.x <= 18 && centre.y >= 5 && centre.y <= 11)
        #expect(small[0, small.height - 1] == 255)
    }

    @Test(
        "scaling and rotating carry pixels where the transform says",
        arguments: [(1.0, 2.0), (0.0, 2.5), (30.0, 1.0), (45.0, 1.0), (-60.0, 1.5)])
    func resamplingFollowsTransform(degrees: Double, scale: Double) {
        let (scaled, toScaledSource) = Self.blockImage.scaled(by: scale)
        let (rotated, toRotatedSource) = scaled.rotated(byDegrees: degrees)
        let back = toScaledSource.concatenating(after: toRotatedSource)
        // Every output pixel that maps well inside the block is dark; well outside, light.
        var checked = 0
        for y in 0..<rotated.height {
            for x in 0..<rotated.width {
                let p = back.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let deepInside = p.x > 11.5 && p.x < 16.5 && p.y > 6.5 && p.y < 9.5
                let farOutside = p.x > 0.5 && p.x < 39.5 && p.y > 0.5 && p.y < 29.5 && (p.x < 8 || p.x > 20 || p.y < 3 || p.y > 13)
                if deepInside {
                    #expect(rotated[x, y] < 80)
                    checked += 1
                } else if farOutside {
                    #expect(rotated[x, y] > 175)
                }
            }
        }
        #expect(checked > 0)
    }

    @Test("rotating makes room for the corners")
    func rotationCanvasHoldsImage() {
        let (rotated, _) = Self.blockImage.rotated(byDegrees: 90)
        #expect(rotated.width == 30 && rotated.height == 40)
        let (diagonal, _) = Self.blockImage.rotated(byDegrees: 45)
        #expect(diagonal.width == 50 && diagonal.height == 50)
    }

    @Test("adaptive threshold follows uneven light")
    func adaptiveThresholdFollowsLight() {
        // A gradient ground from 60 to 250 with a dark stripe 30 levels below it at every x.
        var image = LumaImage(width: 100, height: 20, fill: 0)
        for y in 0..<20 {
            for x in 0..<100 {
                let ground = 60 + x * 19 / 10
                image[x, y] = UInt8(y >= 8 && y < 12 ? ground - 40 : ground)
            }
        }
        let binary = image.adaptiveThresholded(window: 15, offset: 8)
        #expect(Set(binary.pixels).isSubset(of: [0, 255]))
        for x in stride(from: 5, to: 95, by: 10) {
            #expect(binary[x, 10] == 0, "stripe at x=\(x)")
            #expect(binary[x, 2] == 255, "ground at x=\(x)")
        }
    }

    @Test("inversion, sharpening and contrast stretch keep their promises")
    func tonalPasses() {
        #expect(Self.blockImage.inverted()[12, 7] == 255)
        #expect(Self.blockImage.inverted()[0, 0] == 0)
        // A soft edge gets steeper: the dark side darker, the light side lighter.
        let ramp = LumaImage(width: 6, height: 3, pixels: (0..<3).flatMap { _ in [100, 100, 120, 140, 160, 160] as [UInt8] })!
        let sharp = ramp.sharpened(amount: 2)
        #expect(sharp[1, 1] < 100 && sharp[4, 1] > 160)
        let dull = LumaImage(width: 4, height: 1, pixels: [100, 110, 120, 130])!
        #expect(dull.contrastStretched(clip: 0).pixels == [0, 85, 170, 255])
    }

    /// A `width`×`height` image of pseudo-random grey levels (a fixed linear congruential sequence).
    static func speckled(width: Int, height: Int, seed: UInt32) -> LumaImage {
        var state = seed
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        return LumaImage(width: width, height: height, pixels: pixels) ?? LumaImage(width: 0, height: 0)
    }

    @Test(
        "adaptive threshold matches its definition at every pixel, borders included",
        arguments: [(1, 1, 3, 8), (7, 5, 3, 0), (40, 30, 15, 8), (33, 17, 91, 8), (64, 48, 45, -4)])
    func adaptiveThresholdMatchesDefinition(width: Int, height: Int, window: Int, offset: Int) {
        let image = Self.speckled(width: width, height: height, seed: UInt32(width * 31 + window))
        let binary = image.adaptiveThresholded(window: window, offset: offset)
        let half = max(1, window / 2)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width {
                var total = 0
                var count = 0
                for yy in max(0, y - half)...min(height - 1, y + half) {
                    for xx in max(0, x - half)...min(width - 1, x + half) {
                        total += Int(image[xx, yy])
                        count += 1
                    }
                }
                let expected: UInt8 = Int(image[x, y]) * count < total - offset * count ? 0 : 255
                if binary[x, y] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(
        "sharpening matches its definition inside and keeps the border",
        arguments: [(3, 3, 1.0), (9, 4, 2.0), (40, 30, 1.5), (17, 23, 0.5)])
    func sharpeningMatchesDefinition(width: Int, height: Int, amount: Double) {
        let image = Self.speckled(width: width, height: height, seed: UInt32(height * 7 + width))
        let sharp = image.sharpened(amount: amount)
        let k = Int(amount * 256)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width {
                var expected = image[x, y]
                if x > 0, y > 0, x < width - 1, y < height - 1 {
                    var sum = 0
                    for yy in (y - 1)...(y + 1) {
                        for xx in (x - 1)...(x + 1) { sum += Int(image[xx, yy]) }
                    }
                    let v = Int(image[x, y])
                    expected = UInt8(max(0, min(255, v + ((v * 9 - sum) * k) / (9 * 256))))
                }
                if sharp[x, y] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("enlarging twice gives exactly the general bilinear resampling", arguments: [(2, 2), (3, 2), (2, 5), (17, 11), (64, 48)])
    func doublingMatchesResampling(width: Int, height: Int) {
        let image = Self.speckled(width: width, height: height, seed: UInt32(width * 13 + height))
        let (doubled, back) = image.scaled(by: 2)
        #expect(back == .scale(0.5, 0.5))
        let reference = image.resampled(width: 2 * width, height: 2 * height, outputToSource: .scale(0.5, 0.5))
        #expect(doubled.width == reference.width && doubled.height == reference.height)
        #expect(doubled.pixels == reference.pixels)
    }
}
