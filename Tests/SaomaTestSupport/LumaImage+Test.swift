// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// Synthetic-image helpers the decoder tests share.
extension LumaImage {
    /// This image pasted at (`x`, `y`) on `canvas` (what falls outside the canvas is cut off).
    public func pasted(onto canvas: LumaImage, x: Int, y: Int) -> LumaImage {
        var out = canvas
        for row in 0..<height where y + row < out.height {
            for col in 0..<width where x + col < out.width {
                out[x + col, y + row] = self[col, row]
            }
        }
        return out
    }

    /// This image with every pixel's grey value negated (light code on a dark ground).
    public var inverted: LumaImage {
        var out = self
        for i in out.pixels.indices { out.pixels[i] = 255 - out.pixels[i] }
        return out
    }

    /// This image with deterministic uniform noise of ±`amplitude` grey levels (seeded LCG).
    public func withNoise(amplitude: Int, seed: UInt64) -> LumaImage {
        var out = self
        var state = seed
        for i in out.pixels.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Int((state >> 33) % UInt64(2 * amplitude + 1)) - amplitude
            out.pixels[i] = UInt8(clamping: Int(out.pixels[i]) + r)
        }
        return out
    }
}
