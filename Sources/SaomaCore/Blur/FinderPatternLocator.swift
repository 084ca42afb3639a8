// SPDX-License-Identifier: GPL-3.0-or-later

/// Finds QR finder patterns (the 7×7-module squares in three corners: dark ring, light ring, 3×3
/// dark centre) in a sharp or deblurred image: rows whose dark and light runs go 1:1:3:1:1,
/// confirmed by the column through their centre.
///
/// Bounded: one pass over the rows and at most `maximumCandidates` column checks.
public enum FinderPatternLocator {
    /// A finder pattern: its centre and module size, in image pixels.
    public struct Finder: Sendable, Hashable {
        public var center: Point
        public var moduleSize: Double
    }

    /// Largest deviation of a run from its share of the pattern's width, in modules.
    static let tolerance = 0.5
    /// Most row candidates checked along their column.
    static let maximumCandidates = 2048
    /// Most finders returned (strongest first: confirmed by the most rows).
    public static let maximumCount = 8

    /// The finder patterns of `image`, dark on light, thresholded halfway between its 5th and
    /// 95th percentiles.
    public static func find(in image: LumaImage) -> [Finder] {
        guard image.width >= 7, image.height >= 7 else { return [] }
        var histogram = [Int](repeating: 0, count: 256)
        for p in image.pixels { histogram[Int(p)] += 1 }
        func percentile(_ share: Double) -> Int {
            var seen = 0
            let target = Int(Double(image.pixels.count) * share)
            for (v, n) in histogram.enumerated() {
                seen += n
                if seen > target { return v }
            }
            return 255
        }
        let threshold = UInt8((percentile(0.05) + percentile(0.95)) / 2)
        var candidates: [(center: Point, module: Double)] = []
        image.pixels.withUnsafeBufferPointer { px in
            let w = image.width
            for y in 0..<image.height where candidates.count < maximumCandidates {
                let row = y * w
                // Runs as (start, length, dark).
                var runs: [(start: Int, length: Int, dark: Bool)] = []
                var x = 0
                while x < w {
                    let dark = px[row + x] < threshold
                    let start = x
                    while x < w && (px[row + x] < threshold) == dark { x += 1 }
                    runs.append((start, x - start, dark))
                }
                guard runs.count >= 5 else { continue }
                for i in 0...(runs.count - 5) where runs[i].dark {
                    let lengths = (0..<5).map { runs[i + $0].length }
                    guard let module = ratio(lengths) else { continue }
                    let cx = Double(runs[i + 2].start) + Double(runs[i + 2].length) / 2
                    candidates.append((Point(x: cx, y: Double(y) + 0.5), module))
                    if candidates.count >= maximumCandidates { break }
                }
            }
        }
        // Confirm along the column through each candidate's centre; cluster the confirmed ones.
        var clusters: [(sum: Point, module: Double, count: Int)] = []
        for candidate in candidates {
            guard let (cy, module) = verticalCheck(image, x: Int(candidate.center.x), y: Int(candidate.center.y), threshold: threshold),
                abs(module - candidate.module) <= 0.5 * candidate.module
            else { continue }
            let point = Point(x: candidate.center.x, y: cy)
            let size = (module + candidate.module) / 2
            if let k = clusters.firstIndex(where: {
                let c = Point(x: $0.sum.x / Double($0.count), y: $0.sum.y / Double($0.count))
                return abs(c.x - point.x) <= 2 * size && abs(c.y - point.y) <= 2 * size
            }) {
                clusters[k].sum = Point(x: clusters[k].sum.x + point.x, y: clusters[k].sum.y + point.y)
                clusters[k].module += size
                clusters[k].count += 1
            } else {
                clusters.append((point, size, 1))
            }
        }
        clusters.sort { $0.count > $1.count }
        return clusters.prefix(maximumCount).map {
            Finder(center: Point(x: $0.sum.x / Double($0.count), y: $0.sum.y / Double($0.count)), moduleSize: $0.module / Double($0.count))
        }
    }

    /// The module size when five run lengths go 1:1:3:1:1 within `tolerance` modules, else `nil`.
    static func ratio(_ lengths: [Int]) -> Double? {
        let total = lengths.reduce(0, +)
        guard total >= 7 else { return nil }
        let module = Double(total) / 7
        let expected: [Double] = [1, 1, 3, 1, 1]
        for (length, share) in zip(lengths, expected) where abs(Double(length) - share * module) > tolerance * module * (share == 3 ? 2 : 1)
        {
            return nil
        }
        return module
    }

    /// The 1:1:3:1:1 pattern along column `x` through row `y` (which must be dark): the pattern's
    /// centre row and module size, or `nil`.
    static func verticalCheck(_ image: LumaImage, x: Int, y: Int, threshold: UInt8) -> (Double, Double)? {
        guard x >= 0, x < image.width, y >= 0, y < image.height, image[x, y] < threshold else { return nil }
        func run(from start: Int, step: Int, dark: Bool) -> Int {
            var k = start
            while k >= 0 && k < image.height && (image[x, k] < threshold) == dark { k += step }
            return abs(k - start)
        }
        // The centre run, then two runs each way.
        let up = run(from: y, step: -1, dark: true)
        let down = run(from: y, step: 1, dark: true)
        let top = y - up + 1
        let bottom = y + down - 1
        let lightUp = run(from: top - 1, step: -1, dark: false)
        let darkUp = run(from: top - 1 - lightUp, step: -1, dark: true)
        let lightDown = run(from: bottom + 1, step: 1, dark: false)
        let darkDown = run(from: bottom + 1 + lightDown, step: 1, dark: true)
        guard let module = ratio([darkUp, lightUp, bottom - top + 1, lightDown, darkDown]) else { return nil }
        return (Double(top + bottom) / 2 + 0.5, module)
    }
}
