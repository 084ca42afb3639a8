// SPDX-License-Identifier: GPL-3.0-or-later

/// How sharp a code-like region of a camera frame is and how wide its modules are, measured
/// cheaply enough for every live look that leaves a region unread (one pass over every second
/// row and every second column, histograms instead of sorting).
///
/// The blur is the sigma of a Gaussian, in pixels, from the steepest edges (as
/// `DefocusEstimate.fromEdges`): a step of contrast `c` blurred by σ rises at most `c / (σ√2π)`
/// per pixel; the contrast is the spread between the 5th and 95th percentiles of the grey levels,
/// the slope the 99th percentile of the central differences. The module width is the mean of
/// the shortest quarter of the dark and light runs along the lines read, between each line's
/// first and last step (the quiet zone is no run): half of a QR code's runs are one module long,
/// nearly as many of a 1-D code's, so that quarter is one module while the code is sharp; blur
/// merges the narrow runs, and the estimate grows to about three sigmas.
public struct RegionFocus: Sendable, Equatable {
    /// The region's shorter side, in pixels.
    public var side: Int
    /// The blur's sigma, in pixels.
    public var blurSigma: Double
    /// The estimated module width, in pixels.
    public var moduleWidth: Double

    /// Smallest contrast (95th minus 5th percentile) that makes a region measurable, in grey levels.
    public static let minimumContrast = 24
    /// Most pixels read in one direction (rows are skipped beyond it), to bound the time.
    public static let maximumSamples = 200_000
    /// Longest run counted, in pixels (longer ones count as this long).
    static let longestRun = 255
    /// Fewest runs for a module width.
    static let minimumRuns = 8

    /// The focus of `area` of `image`; `nil` when the area is too small or flat to tell.
    public static func measure(_ image: LumaImage, in area: PixelRect) -> RegionFocus? {
        let r = area.clamped(width: image.width, height: image.height)
        guard r.width >= 8, r.height >= 8 else { return nil }
        // Every second line, fewer when the area is large.
        let rowStep = max(2, (r.width * r.height / 2 + maximumSamples - 1) / maximumSamples)
        var levels = [Int](repeating: 0, count: 256)
        var slopes = [Int](repeating: 0, count: 256)
        var samples = 0
        image.pixels.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            let width = image.width
            var y = r.y + 1
            while y < r.maxY - 1 {
                let line = base + y * width
                for x in (r.x + 1)..<(r.maxX - 1) {
                    levels[Int(line[x])] += 1
                    let gx = abs(Int(line[x + 1]) - Int(line[x - 1]))
                    let gy = abs(Int(line[x + width]) - Int(line[x - width]))
                    // Central differences are twice the slope; the larger one of the two ways.
                    slopes[max(gx, gy) / 2] += 1
                    samples += 1
                }
                y += rowStep
            }
        }
        guard samples > 0 else { return nil }
        func percentile(_ histogram: [Int], _ share: Double) -> Int {
            var seen = 0
            for (value, count) in histogram.enumerated() {
                seen += count
                if Double(seen) > share * Double(samples) { return value }
            }
            return histogram.count - 1
        }
        let low = percentile(levels, 0.05)
        let high = percentile(levels, 0.95)
        let contrast = high - low
        let slope = percentile(slopes, 0.99)
        guard contrast >= minimumContrast, slope > 0 else { return nil }
        let sigma = max(0.5, Double(contrast) / (Double(slope) * (2 * Double.pi).squareRoot()))
        guard let module = moduleWidth(image, in: r, low: low, high: high, lineStep: rowStep) else { return nil }
        return RegionFocus(side: min(r.width, r.height), blurSigma: sigma, moduleWidth: module)
    }

    /// The mean of the shortest quarter of the dark and light runs along rows and columns of `r`, thresholded
    /// halfway between `low` and `high` with a hysteresis of an eighth of the contrast (noise
    /// does not split a run); `nil` with too few runs.
    static func moduleWidth(_ image: LumaImage, in r: PixelRect, low: Int, high: Int, lineStep: Int) -> Double? {
        let middle = (low + high) / 2
        let margin = max(2, (high - low) / 8)
        var runs = [Int](repeating: 0, count: longestRun + 1)
        var total = 0
        image.pixels.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            let width = image.width
            // One line of `count` pixels from `start`, `stride` apart.
            func scan(_ start: Int, count: Int, stride: Int) {
                var dark: Bool?
                var runStart = -1
                for i in 0..<count {
                    let v = Int(base[start + i * stride])
                    let now: Bool? = v < middle - margin ? true : (v > middle + margin ? false : dark)
                    guard let now, now != dark else { continue }
                    // A run ends at each step; the first step of a line only starts one.
                    if dark != nil, runStart >= 0 {
                        runs[min(longestRun, i - runStart)] += 1
                        total += 1
                    }
                    if dark != nil { runStart = i }
                    dark = now
                }
            }
            var y = r.y
            while y < r.maxY {
                scan(y * width + r.x, count: r.width, stride: 1)
                y += lineStep
            }
            var x = r.x
            while x < r.maxX {
                scan(r.y * width + x, count: r.height, stride: width)
                x += lineStep
            }
        }
        guard total >= minimumRuns else { return nil }
        // The mean of the shortest quarter of the runs: whole pixels would round 1.5-pixel modules up to 2.
        let quarter = max(1, total / 4)
        var taken = 0
        var sum = 0
        for (length, count) in runs.enumerated() where taken < quarter {
            let n = min(count, quarter - taken)
            taken += n
            sum += n * length
        }
        return max(1, Double(sum) / Double(taken))
    }
}
