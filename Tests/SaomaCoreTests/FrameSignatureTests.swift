// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// A 640×480 frame of grey `level` with Gaussian noise of standard deviation `sd` (a fixed seed
/// per `seed`: a new noise for each frame number).
private func noisyFrame(level: Double = 160, sd: Double, seed: UInt64) -> LumaImage {
    var random = SeededRandom(state: seed)
    var image = LumaImage(width: 640, height: 480, fill: 0)
    for i in image.pixels.indices {
        // Irwin–Hall: four uniform deviates less two, times √3, are close to a standard normal one.
        let normal = ((0..<4).reduce(0.0) { sum, _ in sum + random.uniform() } - 2) * 3.0.squareRoot()
        image.pixels[i] = UInt8(max(0, min(255, (level + sd * normal).rounded())))
    }
    return image
}

/// Draws a checkerboard of `module`-pixel squares (a code-like pattern) over `rect`.
private func drawPattern(_ image: inout LumaImage, in rect: PixelRect, module: Int, dark: UInt8 = 20, light: UInt8 = 236) {
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
            image[x, y] = ((x - rect.x) / module + (y - rect.y) / module) % 2 == 0 ? dark : light
        }
    }
}

/// The same image box-blurred horizontally over `radius` pixels each side (out of focus).
private func blurred(_ image: LumaImage, radius: Int) -> LumaImage {
    var out = image
    for y in 0..<image.height {
        for x in 0..<image.width {
            let lo = max(0, x - radius)
            let hi = min(image.width - 1, x + radius)
            let sum = (lo...hi).reduce(0) { $0 + Int(image[$1, y]) }
            out[x, y] = UInt8(sum / (hi - lo + 1))
        }
    }
    return out
}

@Suite("Frame signature (live change detection)")
struct FrameSignatureTests {
    static let region = PixelRect(x: 64, y: 48, width: 512, height: 384)

    @Test("sensor noise alone (sd 4 and 8, new in every frame) changes no block", arguments: [4.0, 8.0])
    func noiseIsNoChange(sd: Double) {
        let first = FrameSignature(noisyFrame(sd: sd, seed: 1), region: Self.region)
        #expect(first.columns == 16 && first.rows == 12)
        for seed in 2...6 {
            let next = FrameSignature(noisyFrame(sd: sd, seed: UInt64(seed)), region: Self.region)
            #expect(next.change(since: first) == 0, "frame \(seed)")
        }
    }

    @Test("a code entering the frame changes the blocks it covers")
    func codeEntering() {
        let before = noisyFrame(sd: 4, seed: 1)
        var after = noisyFrame(sd: 4, seed: 2)
        // 96×96 pixels at a block corner's offset: 9 blocks of 192 (and no more).
        drawPattern(&after, in: PixelRect(x: 64 + 64, y: 48 + 64, width: 96, height: 96), module: 4)
        let change = FrameSignature(after, region: Self.region).change(since: FrameSignature(before, region: Self.region))
        #expect(change == 9.0 / 192.0)
        #expect(change >= LiveDecodeScheduler.Settings.standard.changeThreshold)
    }

    @Test("a code coming into focus is a change though the blocks' means stay put")
    func focusing() {
        // The ground is the pattern's mean grey: blurring the pattern's edges moves no block's mean.
        var sharp = LumaImage(width: 640, height: 480, fill: 128)
        drawPattern(&sharp, in: PixelRect(x: 128, y: 112, width: 128, height: 128), module: 8)
        let soft = blurred(sharp, radius: 8)
        let a = FrameSignature(soft, region: Self.region)
        let b = FrameSignature(sharp, region: Self.region)
        #expect(zip(a.means, b.means).allSatisfy { abs($0 - $1) < FrameSignature.meanThreshold })
        #expect(b.change(since: a) > 0)
    }

    @Test("a slow drift counts once it has drifted by the threshold from the frame compared with")
    func drift() {
        let base = FrameSignature(LumaImage(width: 640, height: 480, fill: 100), region: Self.region)
        #expect(FrameSignature(LumaImage(width: 640, height: 480, fill: 103), region: Self.region).change(since: base) == 0)
        #expect(FrameSignature(LumaImage(width: 640, height: 480, fill: 104), region: Self.region).change(since: base) == 1)
    }

    @Test("another region, none before, an empty or a tiny region")
    func edges() {
        let image = noisyFrame(sd: 4, seed: 3)
        let signature = FrameSignature(image, region: Self.region)
        #expect(signature.change(since: nil) == 1)
        #expect(signature.change(since: FrameSignature(image, region: PixelRect(x: 0, y: 0, width: 512, height: 384))) == 1)
        let empty = FrameSignature(image, region: PixelRect(x: 700, y: 0, width: 10, height: 10))
        #expect(empty.region.isEmpty && empty.change(since: empty) == 0)
        let tiny = FrameSignature(image, region: PixelRect(x: 10, y: 10, width: 5, height: 3))
        #expect(tiny.columns == 1 && tiny.rows == 1 && tiny.change(since: tiny) == 0)
        // A region reaching out of the frame is clipped to it.
        #expect(
            FrameSignature(image, region: PixelRect(x: 600, y: 400, width: 100, height: 100)).region
                == PixelRect(x: 600, y: 400, width: 40, height: 80))
    }
}
