// SPDX-License-Identifier: GPL-3.0-or-later

extension LinearCodeRegion {
    /// Luminance profiles across a region's bars: each the mean of the scan lines of one band
    /// along the bars (noise averages out, the bars do not), sampled every pixel.
    public struct Profiles: Sendable {
        /// One profile per band, in band order along the bars.
        public var bands: [[Double]]
        /// Where each band lies along the bars, in pixels from the region's centre.
        public var bandSpans: [ClosedRange<Double>]
        /// The offset across the bars of every profile's first sample, in pixels from the centre.
        public var firstSample: Double
        /// Pixels across the bars per sample.
        public var step: Double = 1

        /// The profiles with every `factor` samples averaged into one (a strongly blurred symbol
        /// loses nothing, and its fits cost that much less).
        public func decimated(by factor: Int) -> Profiles {
            guard factor > 1 else { return self }
            var out = self
            out.bands = bands.map { band in
                stride(from: 0, to: band.count - factor + 1, by: factor).map { i in band[i..<(i + factor)].reduce(0, +) / Double(factor) }
            }
            // Sample j is the mean of pixels j·factor … j·factor + factor − 1: its centre.
            out.firstSample = firstSample + Double(factor - 1) / 2
            out.step = step * Double(factor)
            return out
        }

        /// The mean of all bands: the profile with the least noise.
        public var projection: [Double] {
            guard let first = bands.first else { return [] }
            var sum = first
            for band in bands.dropFirst() { for i in sum.indices { sum[i] += band[i] } }
            let n = Double(bands.count)
            return sum.map { $0 / n }
        }
    }

    /// Fewest and most bands, and the fewest pixels of height a band averages.
    public static let minimumBands = 3
    public static let maximumBands = 8
    public static let minimumBandHeight = 4.0
    /// Longest profile sampled, in pixels (a row of a big photo is fewer).
    public static let maximumProfileLength = 4096

    /// The profiles of this region in `image`, reaching `margin` pixels beyond it at each end
    /// for the quiet zones; the outer tenth of the bars' height at each side is left out (the
    /// tiles reach past the bars' ends).
    public func profiles(in image: LumaImage, margin: Double) -> Profiles? {
        let height = 2 * halfHeight * 0.8
        let count = min(Self.maximumBands, Int(height / Self.minimumBandHeight))
        guard count >= Self.minimumBands, image.width > 1, image.height > 1 else { return nil }
        let bandHeight = height / Double(count)
        let first = -halfLength - margin
        let length = min(Self.maximumProfileLength, Int(2 * (halfLength + margin)) + 1)
        let lines = max(1, Int(bandHeight))
        var bands: [[Double]] = []
        var spans: [ClosedRange<Double>] = []
        image.pixels.withUnsafeBufferPointer { px in
            let w = image.width
            let h = image.height
            func sample(_ p: Point) -> Double? {
                guard p.x >= 0, p.y >= 0, p.x <= Double(w - 1), p.y <= Double(h - 1) else { return nil }
                let x0 = min(Int(p.x), w - 2)
                let y0 = min(Int(p.y), h - 2)
                let fx = p.x - Double(x0)
                let fy = p.y - Double(y0)
                let i = y0 * w + x0
                let top = Double(px[i]) * (1 - fx) + Double(px[i + 1]) * fx
                let bottom = Double(px[i + w]) * (1 - fx) + Double(px[i + w + 1]) * fx
                return top * (1 - fy) + bottom * fy
            }
            for b in 0..<count {
                let v0 = -height / 2 + Double(b) * bandHeight
                var profile = [Double](repeating: .nan, count: length)
                for i in 0..<length {
                    let u = first + Double(i)
                    var sum = 0.0
                    var n = 0
                    for l in 0..<lines {
                        guard let value = sample(point(across: u, along: v0 + (Double(l) + 0.5) * bandHeight / Double(lines))) else {
                            continue
                        }
                        sum += value
                        n += 1
                    }
                    if n > 0 { profile[i] = sum / Double(n) }
                }
                // Samples outside the image repeat the nearest inside.
                guard let firstValid = profile.firstIndex(where: { !$0.isNaN }), let lastValid = profile.lastIndex(where: { !$0.isNaN })
                else { continue }
                for i in 0..<firstValid { profile[i] = profile[firstValid] }
                for i in (lastValid + 1)..<length { profile[i] = profile[lastValid] }
                for i in firstValid...lastValid where profile[i].isNaN { profile[i] = profile[i - 1] }
                bands.append(profile)
                spans.append(v0...(v0 + bandHeight))
            }
        }
        guard bands.count >= Self.minimumBands else { return nil }
        return Profiles(bands: bands, bandSpans: spans, firstSample: first)
    }
}
