// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A place in an image that looks like a linear barcode: a patch of strong edges that all run one
/// way, as a rectangle turned to the bars.
public struct LinearCodeRegion: Sendable, Hashable {
    /// Centre of the rectangle, in image pixels.
    public var center: Point
    /// Unit vector across the bars (the direction scan lines run), in image pixels.
    public var across: Point
    /// Half the rectangle's length across the bars, and half its height along them, in pixels.
    public var halfLength: Double
    public var halfHeight: Double
    /// Summed edge energy of the tiles it covers (for ranking regions).
    public var strength: Double

    /// Unit vector along the bars.
    public var along: Point { Point(x: -across.y, y: across.x) }

    /// The point `u` pixels across the bars and `v` along them from the centre.
    public func point(across u: Double, along v: Double) -> Point {
        Point(x: center.x + u * across.x - v * across.y, y: center.y + u * across.y + v * across.x)
    }

    /// Side of a tile, in the pixels looked at.
    public static let tileSide = 16
    /// Smallest mean squared gradient (central differences, grey levels²) of a tile with bars:
    /// blurred grey bars on a grey label in a dim photo give about twice this.
    public static let minimumEnergy = 40.0
    /// Smallest coherence of a tile's gradients (1 = all one orientation, 0 = every way): bars
    /// give 0.9 and more, sensor noise and text far less.
    public static let minimumCoherence = 0.8
    /// Largest orientation difference of neighbouring tiles of one region, in degrees.
    public static let maximumTurnDegrees = 20.0
    /// Fewest tiles of a region, and fewest tiles it spans across the bars.
    public static let minimumTiles = 4
    public static let minimumTilesAcross = 3
    /// Most regions returned, strongest first.
    public static let maximumCount = 4
    /// Longest side looked at: larger images are box-filtered down to it first.
    public static let maximumSide = 1024

    /// The regions of `image` inside `area` (whole image when `nil`), strongest first.
    public static func find(in image: LumaImage, within area: PixelRect? = nil) -> [LinearCodeRegion] {
        let roi = (area ?? image.bounds).clamped(width: image.width, height: image.height)
        guard roi.width >= 2 * tileSide, roi.height >= tileSide else { return [] }
        var crop = image.cropped(to: roi)
        var scale = 1.0
        let factor = (max(crop.width, crop.height) + maximumSide - 1) / maximumSide
        if factor > 1 {
            crop = crop.downscaled(by: factor).image
            scale = Double(factor)
        }
        let side = tileSide
        let columns = crop.width / side
        let rows = crop.height / side
        guard columns > 0, rows > 0 else { return [] }
        // Per tile: structure tensor sums, their energy and orientation (of the gradient, doubled).
        var energy = [Double](repeating: 0, count: columns * rows)
        var angle = [Double](repeating: 0, count: columns * rows)
        var candidate = [Bool](repeating: false, count: columns * rows)
        crop.pixels.withUnsafeBufferPointer { px in
            let w = crop.width
            let h = crop.height
            for row in 0..<rows {
                for column in 0..<columns {
                    var jxx = 0.0
                    var jxy = 0.0
                    var jyy = 0.0
                    var n = 0.0
                    for y in max(1, row * side)..<min(h - 1, (row + 1) * side) {
                        for x in max(1, column * side)..<min(w - 1, (column + 1) * side) {
                            let gx = Double(Int(px[y * w + x + 1]) - Int(px[y * w + x - 1]))
                            let gy = Double(Int(px[(y + 1) * w + x]) - Int(px[(y - 1) * w + x]))
                            jxx += gx * gx
                            jxy += gx * gy
                            jyy += gy * gy
                            n += 1
                        }
                    }
                    guard n > 0 else { continue }
                    let t = row * columns + column
                    let total = jxx + jyy
                    energy[t] = total / n
                    guard total > 0 else { continue }
                    let coherence = ((jxx - jyy) * (jxx - jyy) + 4 * jxy * jxy).squareRoot() / total
                    angle[t] = atan2(2 * jxy, jxx - jyy)
                    candidate[t] = energy[t] >= minimumEnergy && coherence >= minimumCoherence
                }
            }
        }
        // Touching candidate tiles of about the same orientation form a region.
        let maxTurn = 2 * maximumTurnDegrees * Double.pi / 180
        var seen = [Bool](repeating: false, count: candidate.count)
        var regions: [LinearCodeRegion] = []
        for seed in candidate.indices where candidate[seed] && !seen[seed] {
            var stack = [seed]
            seen[seed] = true
            var members: [Int] = []
            while let t = stack.popLast() {
                members.append(t)
                let (row, column) = t.quotientAndRemainder(dividingBy: columns)
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let (r, c) = (row + dr, column + dc)
                    guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                    let next = r * columns + c
                    guard candidate[next], !seen[next] else { continue }
                    var turn = abs(angle[next] - angle[t])
                    if turn > Double.pi { turn = 2 * Double.pi - turn }
                    guard turn <= maxTurn else { continue }
                    seen[next] = true
                    stack.append(next)
                }
            }
            guard members.count >= minimumTiles else { continue }
            // Mean doubled angle weighted by energy: the gradient direction, across the bars.
            var cx = 0.0
            var sx = 0.0
            var total = 0.0
            for t in members {
                cx += energy[t] * cos(angle[t])
                sx += energy[t] * sin(angle[t])
                total += energy[t]
            }
            let theta = atan2(sx, cx) / 2
            let across = Point(x: cos(theta), y: sin(theta))
            var (uMin, uMax, vMin, vMax) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for t in members {
                let (row, column) = t.quotientAndRemainder(dividingBy: columns)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let x = Double((column + dx) * side)
                    let y = Double((row + dy) * side)
                    let u = x * across.x + y * across.y
                    let v = -x * across.y + y * across.x
                    (uMin, uMax) = (min(uMin, u), max(uMax, u))
                    (vMin, vMax) = (min(vMin, v), max(vMax, v))
                }
            }
            guard uMax - uMin >= Double(minimumTilesAcross * side) else { continue }
            let uc = (uMin + uMax) / 2
            let vc = (vMin + vMax) / 2
            let center = Point(
                x: Double(roi.x) + scale * (uc * across.x - vc * across.y), y: Double(roi.y) + scale * (uc * across.y + vc * across.x))
            regions.append(
                LinearCodeRegion(
                    center: center, across: across, halfLength: scale * (uMax - uMin) / 2, halfHeight: scale * (vMax - vMin) / 2,
                    strength: total * scale * scale))
        }
        regions.sort { $0.strength > $1.strength }
        return Array(regions.prefix(maximumCount))
    }
}
