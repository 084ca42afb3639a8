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
        /// Mean over the rectangle [x0, x1) × [y0, y1) (`nil` when it leaves the image or is empty).
        func mean(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (sum: Double, area: Double)? {
            let (a, b, c, d) = (Int(x0.rounded()), Int(y0.rounded()), Int(x1.rounded()), Int(y1.rounded()))
            guard a >= 0, b >= 0, c <= w, d <= h, c > a, d > b else { return nil }
            let s = integral[d * (w + 1) + c] - integral[b * (w + 1) + c] - integral[d * (w + 1) + a] + integral[b * (w + 1) + a]
            return (Double(s), Double((c - a) * (d - b)))
        }
        func box(_ cx: Double, _ cy: Double, _ half: Double) -> (sum: Double, area: Double)? {
            mean(cx - half, cy - half, cx + half, cy + half)
        }
        /// The mean of each zone (light ring, dark ring, quiet ring) on one side of a finder, in
        /// the side's middle three modules (`dx`, `dy`: the side's direction from the centre).
        func side(_ x: Double, _ y: Double, _ m: Double, _ dx: Double, _ dy: Double, from r0: Double, to r1: Double) -> Double? {
            let a = dx != 0 ? x + dx * r0 * m : x - 1.5 * m
            let b = dx != 0 ? x + dx * r1 * m : x + 1.5 * m
            let c = dy != 0 ? y + dy * r0 * m : y - 1.5 * m
            let d = dy != 0 ? y + dy * r1 * m : y + 1.5 * m
            guard let z = mean(min(a, b), min(c, d), max(a, b), max(c, d)) else { return nil }
            return z.sum / z.area
        }
        var found: [Candidate] = []
        for m in moduleSizes {
            // A step of one module still lands inside the 3×3 centre.
            let step = max(1, m)
            var y = 5.5 * m
            while y < Double(h) - 5.5 * m {
                var x = 5.5 * m
                while x < Double(w) - 5.5 * m {
                    defer { x += step }
                    // Centre (3×3 modules) against the quiet ring (7×7 to 9×9) first: most places fail here.
                    guard let c = box(x, y, 1.5 * m), let b7 = box(x, y, 3.5 * m), let b9 = box(x, y, 4.5 * m) else { continue }
                    let centre = c.sum / c.area
                    let quiet = (b9.sum - b7.sum) / (b9.area - b7.area)
                    let contrast = quiet - centre
                    guard contrast >= minimumContrast, let b5 = box(x, y, 2.5 * m) else { continue }
                    let light = (b5.sum - c.sum) / (b5.area - c.area)
                    let dark = (b7.sum - b5.sum) / (b7.area - b5.area)
                    let lightRing = (quiet - light) / contrast
                    let darkRing = (quiet - dark) / contrast
                    guard lightRing <= lightRingDarkness, darkRing - lightRing >= ringContrast else { continue }
                    // Each of the four sides shows the rings (texture rarely does all round).
                    var allSides = true
                    for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
                        guard let l = side(x, y, m, dx, dy, from: 1.5, to: 2.5), let d = side(x, y, m, dx, dy, from: 2.5, to: 3.5),
                            let q = side(x, y, m, dx, dy, from: 3.5, to: 4.5),
                            (l - centre) / contrast >= sideContrast, (l - d) / contrast >= ringContrast / 2, q > d
                        else {
                            allSides = false
                            break
                        }
                    }
                    guard allSides else { continue }
                    // Clear rings and a light ring as light as the outside score highest.
                    let strength = darkRing - lightRing + 0.5 * (1 - lightRing)
                    found.append(Candidate(center: Point(x: x, y: y), moduleSize: m, strength: strength))
                }
                y += step
            }
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
