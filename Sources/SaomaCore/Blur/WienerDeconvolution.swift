// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Undoes a Gaussian defocus of part of an image: the Wiener filter `H / (H² + K)` of the
/// blur's transfer function `H(f) = exp(−2π²σ²|f|²)`, scaled to keep the mean level.
///
/// The region is grown by the blur's reach, mirrored at its sides into a square of a power of two
/// (a seamless periodic image, so the transform adds no edges), filtered in the frequency domain
/// and cut back to the region. Bounded: regions larger than `maximumSide` are refused.
public enum WienerDeconvolution {
    /// Longest side of a region deblurred, in pixels (its transform is at most 1024 points square).
    public static let maximumSide = 640

    /// The region `area` of `image` deblurred for a Gaussian of `sigma` pixels, with `noiseRatio`
    /// the noise-to-signal power ratio `K` (larger: smoother, less ringing); `nil` when the
    /// region is empty or too large.
    public static func deblurred(_ image: LumaImage, area: PixelRect, sigma: Double, noiseRatio: Double) -> LumaImage? {
        let region = area.clamped(width: image.width, height: image.height)
        guard !region.isEmpty, max(region.width, region.height) <= maximumSide, sigma > 0, noiseRatio > 0 else { return nil }
        let pad = Int((3 * sigma).rounded(.up)) + 2
        let outer = PixelRect(x: region.x - pad, y: region.y - pad, width: region.width + 2 * pad, height: region.height + 2 * pad)
            .clamped(width: image.width, height: image.height)
        let n = FourierTransform.size(atLeast: max(outer.width, outer.height) + 2 * pad)
        guard let fft = FourierTransform(count: n) else { return nil }
        // The grown region in the middle of the square, mirrored around it (x and 2w − 1 − x show
        // the same pixel): the square's own wrap-around lies far from the region.
        var re = [Double](repeating: 0, count: n * n)
        var im = [Double](repeating: 0, count: n * n)
        let w = outer.width
        let h = outer.height
        let ox = (n - w) / 2
        let oy = (n - h) / 2
        func mirrored(_ k: Int, _ size: Int) -> Int {
            var m = k % (2 * size)
            if m < 0 { m += 2 * size }
            return m >= size ? 2 * size - 1 - m : m
        }
        image.pixels.withUnsafeBufferPointer { px in
            re.withUnsafeMutableBufferPointer { out in
                for y in 0..<n {
                    let row = (outer.y + mirrored(y - oy, h)) * image.width + outer.x
                    for x in 0..<n { out[y * n + x] = Double(px[row + mirrored(x - ox, w)]) }
                }
            }
        }
        fft.transform2D(&re, &im)
        // The filter: a function of the frequency's radius only.
        let scale = 1 + noiseRatio
        let c = -2 * Double.pi * Double.pi * sigma * sigma / Double(n * n)
        var gain = [Double](repeating: 0, count: n)
        for k in 0..<n { gain[k] = Double(min(k, n - k) * min(k, n - k)) }
        re.withUnsafeMutableBufferPointer { r in
            im.withUnsafeMutableBufferPointer { i in
                for v in 0..<n {
                    for u in 0..<n {
                        let transfer = exp(c * (gain[u] + gain[v]))
                        let filter = scale * transfer / (transfer * transfer + noiseRatio)
                        r[v * n + u] *= filter
                        i[v * n + u] *= filter
                    }
                }
            }
        }
        fft.transform2D(&re, &im, inverse: true)
        var out = [UInt8](repeating: 0, count: region.width * region.height)
        for y in 0..<region.height {
            let sy = oy + y + region.y - outer.y
            for x in 0..<region.width {
                let sx = ox + x + region.x - outer.x
                out[y * region.width + x] = UInt8(max(0, min(255, re[sy * n + sx].rounded())))
            }
        }
        return LumaImage(width: region.width, height: region.height, pixels: out)
    }
}
