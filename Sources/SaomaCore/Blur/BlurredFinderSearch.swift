// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a defocused QR code's finder patterns may be, found without deblurring: a finder is a
/// dark 3×3-module centre inside a light ring one module wide, inside a dark ring, inside a light
/// ring (the separator and the quiet zone), and a blur of up to a module leaves the means over
/// those four square zones in that order.
///
/// For each module size of `moduleSizes`, the image's box means (one integral image) are compared
/// at every half module. With the outer light ring's mean as light and the centre's as dark (at
/// least `minimumContrast` apart), the light ring's darkness must be at most `lightRingDarkness`
/// and the dark ring's at least `ringContrast` above it; and each side's middle shows the same
/// (light ring `sideContrast` lighter than the centre, dark ring darker than it, the outside
/// lighter than the dark ring). The strongest places (at most
/// `maximumCount`, apart by at least their size) are candidates; a QR code shows three of one
/// size at the corners of a square. Bounded: linear in the pixels for each of the sizes, an
/// image shrunk to at most `maximumSide` first.
public enum BlurredFinderSearch {
    /// A place that looks like a finder pattern, in image pixels.
    public struct Candidate: Sendable, Hashable {
        public var center: Point
        public var moduleSize: Double
        /// How clearly the rings show (dark ring over light ring, plus half the light ring's
        /// lightness, in shares of the contrast).
        public var strength: Double
    }

    /// Module sizes looked for, in pixels of the image searched.
    public static let moduleSizes: [Double] = [2, 2.5, 3, 4, 5, 6, 8]
    /// Largest darkness of the light ring, and smallest of the dark ring over it, as shares of
    /// the contrast between the outer light ring and the centre (a blur of 0.8 module leaves the
    /// light ring at about 0.45 and the dark ring 0.1 darker).
    public static let lightRingDarkness = 0.65
    public static let ringContrast = 0.05
    /// Smallest lightness of each side of the light ring over the centre, as a share of the contrast.
    public static let sideContrast = 0.2
    /// Smallest local contrast, in grey levels.
    public static let minimumContrast = 30.0
    /// Most candidates returned.
    public static let maximumCount = 12
    /// Longest side searched: larger images are box-filtered down first.
    public static let maximumSide = 640

    /// The candidates of `area` of `image`, strongest first.
    public static func candidates(in image: LumaImage, within area: PixelRect? = nil) -> [Candidate] {
        let roi = (area ?? image.bounds).clamped(width: image.width, height: image.height)
        guard roi.width >= 16, roi.height >= 16 else { return [] }
        let (crop, scale) = image.cropped(to: roi, reducedToAtMost: maximumSide)
        let w = crop.width
        let h = crop.height
        // Integral image, one row and column of zeros in front.
        var integral = [Int](repeating: 0, count: (w + 1) * (h + 1))
        crop.pixels.withUnsafeBufferPointer { px in
            for y in 0..<h {
                var row = 0
                for x in 0..<w {
                    row += Int(px[y * w + x])
                    integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row
                }
            }
        }
        var found: [Candidate] = []
        integral.withUnsafeBufferPointer { sums in
            for m in moduleSizes { scan(sums, width: w, height: h, moduleSize: m, into: &found) }
        }
        // The strongest of each neighbourhood.
        found.sort { $0.strength > $1.strength }
        var kept: [Candidate] = []
        for candidate in found {
            let near = kept.contains {
                abs($0.center.x - candidate.center.x) < 3.5 * max($0.moduleSize, candidate.moduleSize)
                    && abs($0.center.y - candidate.center.y) < 3.5 * max($0.moduleSize, candidate.moduleSize)
            }
            if !near { kept.append(candidate) }
            if kept.count >= maximumCount { break }
        }
        return kept.map {
            Candidate(
                center: Point(x: Double(roi.x) + $0.center.x * scale, y: Double(roi.y) + $0.center.y * scale),
                moduleSize: $0.moduleSize * scale,
                strength: $0.strength)
        }
    }

    /// The places of one module size `m` in an image of `width`×`height` pixels with integral
    /// image `sums` (one row and column of zeros in front), appended to `found`. The image is
    /// looked at every module from 5.5 modules in; every box a place is judged by reaches 1.5,
    /// 2.5, 3.5 or 4.5 modules from it, so those ends are rounded to pixels once per row and
    /// column of places rather than at each place.
    static func scan(_ sums: UnsafeBufferPointer<Int>, width w: Int, height h: Int, moduleSize m: Double, into found: inout [Candidate]) {
        // A step of one module still lands inside the 3×3 centre.
        let step = max(1, m)
        func positions(_ size: Int) -> [Double] {
            var out: [Double] = []
            var p = 5.5 * m
            while p < Double(size) - 5.5 * m {
                out.append(p)
                p += step
            }
            return out
        }
        let xs = positions(w)
        let ys = positions(h)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        let radii = [1.5, 2.5, 3.5, 4.5]
        // Position k less (lo) and plus (hi) radii[r] modules, rounded to a pixel edge, at [r·count + k].
        func ends(_ ps: [Double]) -> (lo: [Int], hi: [Int]) {
            (radii.flatMap { r in ps.map { Int(($0 - r * m).rounded()) } }, radii.flatMap { r in ps.map { Int(($0 + r * m).rounded()) } })
        }
        let (xLoAll, xHiAll) = ends(xs)
        let (yLoAll, yHiAll) = ends(ys)
        let nx = xs.count
        let ny = ys.count
        let stride = w + 1
        xLoAll.withUnsafeBufferPointer { xLo in
            xHiAll.withUnsafeBufferPointer { xHi in
                yLoAll.withUnsafeBufferPointer { yLo in
                    yHiAll.withUnsafeBufferPointer { yHi in
                        for j in 0..<ny {
                            for k in 0..<nx {
                                /// Sum and area over the pixels [x0, x1) × [y0, y1) (`nil` when it leaves the image or is empty).
                                @inline(__always) func rect(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> (sum: Double, area: Double)? {
                                    guard x0 >= 0, y0 >= 0, x1 <= w, y1 <= h, x1 > x0, y1 > y0 else { return nil }
                                    let s =
                                        sums[y1 * stride + x1] - sums[y0 * stride + x1] - sums[y1 * stride + x0] + sums[y0 * stride + x0]
                                    return (Double(s), Double((x1 - x0) * (y1 - y0)))
                                }
                                /// The square of half-side radii[r] modules about the place.
                                @inline(__always) func box(_ r: Int) -> (sum: Double, area: Double)? {
                                    rect(xLo[r * nx + k], yLo[r * ny + j], xHi[r * nx + k], yHi[r * ny + j])
                                }
                                /// The mean of one side's zone from radii[r] to radii[r + 1] modules out, over the
                                /// side's middle three modules (`dx`, `dy`: the side's direction from the centre).
                                @inline(__always) func side(_ dx: Int, _ dy: Int, _ r: Int) -> Double? {
                                    let z: (sum: Double, area: Double)?
                                    let (x0, x1, y0, y1) = (xLo[k], xHi[k], yLo[j], yHi[j])
                                    if dx > 0 {
                                        z = rect(xHi[r * nx + k], y0, xHi[(r + 1) * nx + k], y1)
                                    } else if dx < 0 {
                                        z = rect(xLo[(r + 1) * nx + k], y0, xLo[r * nx + k], y1)
                                    } else if dy > 0 {
                                        z = rect(x0, yHi[r * ny + j], x1, yHi[(r + 1) * ny + j])
                                    } else {
                                        z = rect(x0, yLo[(r + 1) * ny + j], x1, yLo[r * ny + j])
                                    }
                                    return z.map { $0.sum / $0.area }
                                }
                                if let candidate = judge(box: box, side: side) {
                                    found.append(Candidate(center: Point(x: xs[k], y: ys[j]), moduleSize: m, strength: candidate))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The strength of the place whose boxes `box` (the square of half-side 1.5, 2.5, 3.5, 4.5
    /// modules by index) and side zones `side` (direction, inner radius index) give, or `nil`
    /// when it does not look like a finder.
    @inline(__always)
    static func judge(box: (Int) -> (sum: Double, area: Double)?, side: (Int, Int, Int) -> Double?) -> Double? {
        // Centre (3×3 modules) against the quiet ring (7×7 to 9×9) first: most places fail here.
        guard let c = box(0), let b7 = box(2), let b9 = box(3) else { return nil }
        let centre = c.sum / c.area
        let quiet = (b9.sum - b7.sum) / (b9.area - b7.area)
        let contrast = quiet - centre
        guard contrast >= minimumContrast, let b5 = box(1) else { return nil }
        let light = (b5.sum - c.sum) / (b5.area - c.area)
        let dark = (b7.sum - b5.sum) / (b7.area - b5.area)
        let lightRing = (quiet - light) / contrast
        let darkRing = (quiet - dark) / contrast
        guard lightRing <= lightRingDarkness, darkRing - lightRing >= ringContrast else { return nil }
        // Each of the four sides shows the rings (texture rarely does all round).
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            guard let l = side(dx, dy, 0), let d = side(dx, dy, 1), let q = side(dx, dy, 2),
                (l - centre) / contrast >= sideContrast, (l - d) / contrast >= ringContrast / 2, q > d
            else { return nil }
        }
        // Clear rings and a light ring as light as the outside score highest.
        return darkRing - lightRing + 0.5 * (1 - lightRing)
    }

    /// The regions that hold a QR code if three of these candidates are its finders: three of
    /// about one module size at the corners of a square (two equally far from the third, within
    /// `cornerTolerance`, at a right angle within `angleToleranceDegrees`), 14 to 170 modules
    /// apart. The square through them and its fourth corner, grown by the finders' half and the
    /// quiet zone; regions overlapping by half are one. At most `maximumRegions`, strongest first.
    public static func regions(_ candidates: [Candidate], width: Int, height: Int, maximumRegions: Int) -> [PixelRect] {
        var squares: [(rect: PixelRect, strength: Double)] = []
        let n = candidates.count
        let cosTolerance = cos((90 - angleToleranceDegrees) * Double.pi / 180)
        for a in 0..<n {
            for b in 0..<n where b != a {
                for c in (b + 1)..<max(b + 1, n) where c != a {
                    let (p, q, r) = (candidates[a], candidates[b], candidates[c])
                    let m = (p.moduleSize + q.moduleSize + r.moduleSize) / 3
                    guard [p, q, r].allSatisfy({ abs($0.moduleSize - m) <= 0.35 * m }) else { continue }
                    let u = Point(x: q.center.x - p.center.x, y: q.center.y - p.center.y)
                    let v = Point(x: r.center.x - p.center.x, y: r.center.y - p.center.y)
                    let lu = (u.x * u.x + u.y * u.y).squareRoot()
                    let lv = (v.x * v.x + v.y * v.y).squareRoot()
                    guard lu > 0, lv > 0, abs(lu - lv) <= cornerTolerance * max(lu, lv), lu / m >= 14, lu / m <= 170,
                        abs(u.x * v.x + u.y * v.y) / (lu * lv) <= cosTolerance
                    else { continue }
                    let corners = [p.center, q.center, r.center, Point(x: q.center.x + v.x, y: q.center.y + v.y)]
                    let box = Rect(bounding: corners)
                    let grow = 7.5 * m
                    let rect = PixelRect(
                        covering: Rect(x: box.minX - grow, y: box.minY - grow, width: box.width + 2 * grow, height: box.height + 2 * grow)
                    )
                    .clamped(width: width, height: height)
                    guard !rect.isEmpty else { continue }
                    squares.append((rect, p.strength + q.strength + r.strength))
                }
            }
        }
        squares.sort { $0.strength > $1.strength }
        var kept: [PixelRect] = []
        for square in squares where !kept.contains(where: { overlap($0, square.rect) >= 0.5 }) {
            kept.append(square.rect)
            if kept.count >= maximumRegions { break }
        }
        return kept
    }

    /// How unequal the two sides of a square's corner may be, as a share of the longer.
    public static let cornerTolerance = 0.2
    /// How far from a right angle a square's corner may be, in degrees (perspective skews it).
    public static let angleToleranceDegrees = 15.0

    /// The intersection's share of the smaller rectangle.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let w = min(a.maxX, b.maxX) - max(a.x, b.x)
        let h = min(a.maxY, b.maxY) - max(a.y, b.y)
        guard w > 0, h > 0 else { return 0 }
        return Double(w * h) / Double(min(a.width * a.height, b.width * b.height))
    }
}
