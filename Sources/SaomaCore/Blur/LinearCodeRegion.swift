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
        guard roi.width >= 2 * tileSide, roi.height >= tileSide,
            let tiles = EdgeTiles(image, area: roi, side: tileSide, maximumSide: maximumSide)
        else { return [] }
        // Touching tiles with strong edges all one way, of about the same orientation.
        let maxTurn = 2 * maximumTurnDegrees * Double.pi / 180
        let groups = tiles.components(
            member: { tiles.energy[$0] >= minimumEnergy && tiles.coherence[$0] >= minimumCoherence }, diagonal: false,
            joins: { a, b in
                var turn = abs(tiles.doubledAngle[a] - tiles.doubledAngle[b])
                if turn > Double.pi { turn = 2 * Double.pi - turn }
                return turn <= maxTurn
            })
        var regions: [LinearCodeRegion] = []
        let side = tileSide
        for members in groups where members.count >= minimumTiles {
            // Mean doubled angle weighted by energy: the gradient direction, across the bars.
            var cx = 0.0
            var sx = 0.0
            var total = 0.0
            for t in members {
                cx += tiles.energy[t] * cos(tiles.doubledAngle[t])
                sx += tiles.energy[t] * sin(tiles.doubledAngle[t])
                total += tiles.energy[t]
            }
            let theta = atan2(sx, cx) / 2
            let across = Point(x: cos(theta), y: sin(theta))
            var (uMin, uMax, vMin, vMax) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for t in members {
                let (row, column) = t.quotientAndRemainder(dividingBy: tiles.columns)
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
            let scale = tiles.scale
            let center = Point(
                x: tiles.origin.x + scale * (uc * across.x - vc * across.y), y: tiles.origin.y + scale * (uc * across.y + vc * across.x))
            regions.append(
                LinearCodeRegion(
                    center: center, across: across, halfLength: scale * (uMax - uMin) / 2, halfHeight: scale * (vMax - vMin) / 2,
                    strength: total * scale * scale))
        }
        regions = merged(regions, gap: Double(maximumGapTiles * side) * tiles.scale)
        regions.sort { $0.strength > $1.strength }
        return Array(regions.prefix(maximumCount))
    }

    /// Most tiles between two parts of one symbol across its bars: a blurred guard of thin bars
    /// (the centre guard of an EAN) looks flat and breaks the tiles' chain.
    public static let maximumGapTiles = 2
    /// Largest orientation difference of two parts of one symbol, in degrees.
    public static let maximumMergeTurnDegrees = 8.0

    /// `regions` with the parts of one symbol joined: same orientation, side by side across the
    /// bars (centres less than half a height apart along them), at most `gap` pixels apart.
    static func merged(_ regions: [LinearCodeRegion], gap: Double) -> [LinearCodeRegion] {
        var out = regions
        var joined = true
        while joined {
            joined = false
            search: for i in out.indices {
                for j in out.indices where j > i {
                    let a = out[i]
                    let b = out[j]
                    let cosTurn = abs(a.across.x * b.across.x + a.across.y * b.across.y)
                    guard cosTurn >= cos(maximumMergeTurnDegrees * Double.pi / 180) else { continue }
                    let d = Point(x: b.center.x - a.center.x, y: b.center.y - a.center.y)
                    let du = d.x * a.across.x + d.y * a.across.y
                    let dv = -d.x * a.across.y + d.y * a.across.x
                    guard abs(dv) < 0.5 * min(a.halfHeight, b.halfHeight), abs(du) - a.halfLength - b.halfLength <= gap else { continue }
                    // The union in a's frame.
                    let u0 = min(-a.halfLength, du - b.halfLength)
                    let u1 = max(a.halfLength, du + b.halfLength)
                    let v0 = min(-a.halfHeight, dv - b.halfHeight)
                    let v1 = max(a.halfHeight, dv + b.halfHeight)
                    var union = a
                    union.center = a.point(across: (u0 + u1) / 2, along: (v0 + v1) / 2)
                    union.halfLength = (u1 - u0) / 2
                    union.halfHeight = (v1 - v0) / 2
                    union.strength = a.strength + b.strength
                    out[i] = union
                    out.remove(at: j)
                    joined = true
                    break search
                }
            }
        }
        return out
    }
}
