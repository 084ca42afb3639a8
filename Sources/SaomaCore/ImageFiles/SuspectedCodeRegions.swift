// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a reduced look at a big photo suggests a code that it could not read: the parts worth
/// reading again at full resolution.
///
/// The image is cut into square tiles. A tile is suspected when many of its pixels sit on a
/// strong edge (a contrast step no sensor noise or smooth texture gives) and those edges run
/// along one grid: one orientation (the bars of a 1-D barcode), or the sides and corners of the
/// square modules of a QR code or a Data Matrix (orientations 45° apart). Touching suspected
/// tiles form one region, padded for the quiet zone, and regions whose padding overlaps are
/// joined; the strongest regions are kept, at most `maximumCount` and while their area stays
/// within a share of the image, so the full-resolution look costs a bounded time.
public enum SuspectedCodeRegions {
    /// Side of a tile, in the pixels looked at.
    public static let tileSide = 32
    /// Smallest step (|dx| + |dy| of the central differences) counted as an edge.
    public static let edgeStep = 48
    /// Smallest share of a tile's pixels on an edge for the tile to be suspected.
    public static let edgeDensity = 0.10
    /// Smallest share of a tile's edges along one grid (a 1-D barcode's bars, a matrix code's
    /// module sides and corners); edges running every way give a third.
    public static let orientedShare = 0.60
    /// Orientation bins over half a turn (7.5° each).
    static let bins = 24

    /// The suspected regions of `image` (its pixels), strongest first, each padded by `padding`
    /// pixels and clipped to the image, leaving out tiles that touch any of `excluded` (codes
    /// already read there), their total area at most `maximumShare` of the image's.
    public static func find(
        in image: LumaImage, excluding excluded: [PixelRect] = [], padding: Int = tileSide, maximumShare: Double = 0.25,
        maximumCount: Int = 8
    ) -> [PixelRect] {
        let side = tileSide
        let columns = image.width / side
        let rows = image.height / side
        guard columns > 0, rows > 0 else { return [] }
        var strength = [Int](repeating: 0, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let tile = PixelRect(x: column * side, y: row * side, width: side, height: side)
                if excluded.contains(where: { $0.intersects(tile) }) { continue }
                strength[row * columns + column] = tileStrength(image, tile)
            }
        }
        // Touching suspected tiles (8-neighbours) form one region.
        var component = [Int](repeating: -1, count: strength.count)
        var regions: [(rect: PixelRect, strength: Int)] = []
        for start in strength.indices where strength[start] > 0 && component[start] < 0 {
            var stack = [start]
            component[start] = regions.count
            var (minColumn, minRow, maxColumn, maxRow, total) = (columns, rows, 0, 0, 0)
            while let index = stack.popLast() {
                let (row, column) = index.quotientAndRemainder(dividingBy: columns)
                (minColumn, maxColumn) = (min(minColumn, column), max(maxColumn, column))
                (minRow, maxRow) = (min(minRow, row), max(maxRow, row))
                total += strength[index]
                for dy in -1...1 {
                    for dx in -1...1 {
                        let (r, c) = (row + dy, column + dx)
                        guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                        let next = r * columns + c
                        if strength[next] > 0 && component[next] < 0 {
                            component[next] = regions.count
                            stack.append(next)
                        }
                    }
                }
            }
            let rect = PixelRect(
                x: minColumn * side - padding, y: minRow * side - padding,
                width: (maxColumn - minColumn + 1) * side + 2 * padding, height: (maxRow - minRow + 1) * side + 2 * padding
            ).clamped(width: image.width, height: image.height)
            regions.append((rect, total))
        }
        // Regions whose padding overlaps are read as one: each read has a fixed cost (the Data
        // Matrix fallback's time limit among others).
        var merging = true
        while merging {
            merging = false
            outer: for i in regions.indices {
                for j in regions.indices where j > i && regions[i].rect.intersects(regions[j].rect) {
                    let (a, b) = (regions[i].rect, regions[j].rect)
                    let x0 = min(a.x, b.x)
                    let y0 = min(a.y, b.y)
                    regions[i] = (
                        PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0),
                        regions[i].strength + regions[j].strength
                    )
                    regions.remove(at: j)
                    merging = true
                    break outer
                }
            }
        }
        let budget = Double(image.width * image.height) * maximumShare
        var used = 0.0
        var kept: [PixelRect] = []
        for region in regions.sorted(by: { $0.strength > $1.strength }) where kept.count < maximumCount {
            let area = Double(region.rect.width * region.rect.height)
            guard used + area <= budget else { continue }
            used += area
            kept.append(region.rect)
        }
        return kept
    }

    /// How strongly `tile` looks like part of a code: its number of edge pixels when it is
    /// suspected, else 0.
    static func tileStrength(_ image: LumaImage, _ tile: PixelRect) -> Int {
        let (edges, histogram) = edgeOrientations(image, tile)
        guard Double(edges) >= edgeDensity * Double(tile.width * tile.height) else { return 0 }
        // A code's edges run along its grid: bars give one orientation, matrix modules their
        // sides (two at right angles) and corners (the diagonals), 45° apart. Windows of two
        // bins every 45° hold a third of edges that run every way.
        let step = bins / 4
        let gridShare =
            (0..<step).map { r in
                histogram.indices.filter { b in (b - r + bins) % step < 2 }.reduce(0) { $0 + histogram[$1] }
            }.max() ?? 0
        return Double(gridShare) >= orientedShare * Double(edges) ? edges : 0
    }

    /// The number of `tile`'s pixels on a strong edge (`edgeStep`) and the histogram of those
    /// edges' orientations (`bins` over half a turn).
    static func edgeOrientations(_ image: LumaImage, _ tile: PixelRect) -> (edges: Int, histogram: [Int]) {
        var histogram = [Int](repeating: 0, count: bins)
        var edges = 0
        let width = image.width
        image.pixels.withUnsafeBufferPointer { p in
            for y in max(1, tile.y)..<min(image.height - 1, tile.maxY) {
                for x in max(1, tile.x)..<min(width - 1, tile.maxX) {
                    let i = y * width + x
                    let dx = Int(p[i + 1]) - Int(p[i - 1])
                    let dy = Int(p[i + width]) - Int(p[i - width])
                    guard abs(dx) + abs(dy) >= edgeStep else { continue }
                    edges += 1
                    histogram[orientationBin(dx: dx, dy: dy)] += 1
                }
            }
        }
        return (edges, histogram)
    }

    /// The bin of the gradient's orientation over half a turn (a step and its reverse share one).
    static func orientationBin(dx: Int, dy: Int) -> Int {
        var angle = atan2(Double(dy), Double(dx))
        if angle < 0 { angle += Double.pi }
        let bin = Int(angle / Double.pi * Double(bins))
        return min(max(bin, 0), bins) % bins
    }
}

extension PixelRect {
    /// Whether the two rectangles share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.min(x, other.x)
        let y0 = Swift.min(y, other.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }
}
