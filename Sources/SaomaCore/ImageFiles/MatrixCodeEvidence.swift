// SPDX-License-Identifier: GPL-3.0-or-later

/// The parts of an image that could be a matrix code (or a 1-D code), at any rotation: the cheap
/// look that decides where a costly search for one starts and how long it may take.
///
/// A square-module code's edges run two ways at right angles; rotated and sampled at two or three
/// pixels a module they spread over two lobes about 45° wide each, and leave the two bands
/// between them nearly empty. Texture and natural scenes have edges every way: any two bands 90°
/// apart hold about half of them. A tile counts when enough of its pixels sit on strong edges
/// (`SuspectedCodeRegions.edgeStep`, `edgeDensity`) and its emptiest pair of such bands holds at
/// most `emptyBandShare` of its edges. `SuspectedCodeRegions`' narrower rule (the edges in windows
/// 45° apart) finds where a code is; this one, coarser, says where one may be, missing fewer
/// rotated codes.
public enum MatrixCodeEvidence {
    /// Largest share of a tile's edges in its emptiest two bands (each 45° of orientations wide,
    /// 90° apart) for the tile to look like part of a code: edges every way put half there
    /// (measured on the photo test set's images without a code read, and on Data Matrix codes
    /// drawn at 2–4 pixels a module, rotated by up to 40°).
    public static let emptyBandShare = 0.15

    /// Tiles around each code-like tile that a search for a code covers, in tiles: a code's own
    /// tiles need not all count (a small one split over four tiles, a faint corner).
    public static let margin = 1

    /// The parts of `image` where a code may be, in its pixels: the code-like tiles with `margin`
    /// tiles around each, joined where they overlap, most code-like tiles first. Empty when no
    /// tile looks like part of a code.
    public static func regions(in image: LumaImage, matrixOnly: Bool = false) -> [PixelRect] {
        let side = SuspectedCodeRegions.tileSide
        var groups: [(box: PixelRect, tiles: Int)] = []
        for tile in codeLikeTiles(in: image, matrixOnly: matrixOnly) {
            var box = PixelRect(
                x: tile.x - margin * side, y: tile.y - margin * side, width: (2 * margin + 1) * side, height: (2 * margin + 1) * side
            )
            .clamped(width: image.width, height: image.height)
            var tiles = 1
            // A box that grew may overlap groups it missed before: look again until none does.
            while let i = groups.firstIndex(where: { $0.box.intersects(box) }) {
                let group = groups.remove(at: i)
                box = box.union(group.box)
                tiles += group.tiles
            }
            groups.append((box, tiles))
        }
        return groups.sorted { ($0.tiles, $1.box.y, $1.box.x) > ($1.tiles, $0.box.y, $0.box.x) }.map(\.box)
    }

    /// The tiles of `image` that look like part of a code (of a matrix code when `matrixOnly`),
    /// row by row.
    static func codeLikeTiles(in image: LumaImage, matrixOnly: Bool) -> [PixelRect] {
        let side = SuspectedCodeRegions.tileSide
        var tiles: [PixelRect] = []
        for row in 0..<(image.height / side) {
            for column in 0..<(image.width / side) {
                let tile = PixelRect(x: column * side, y: row * side, width: side, height: side)
                let edges = SuspectedCodeRegions.edgeOrientations(image, tile)
                guard matrixOnly ? looksLikeMatrix(edges, area: side * side) : looksLikeCode(edges, area: side * side) else { continue }
                tiles.append(tile)
            }
        }
        return tiles
    }

    /// Whether a tile of `area` pixels with these edges looks like part of a code.
    static func looksLikeCode(_ tile: (edges: Int, histogram: [Int]), area: Int) -> Bool {
        lobes(tile, area: area) != nil
    }

    /// Least share of a tile's edges in each of its two lobes for it to look like part of a
    /// matrix code rather than of bars: square modules have sides both ways, bars one way only.
    public static let matrixLobeShare = 0.25

    /// Whether a tile of `area` pixels with these edges looks like part of a matrix code.
    static func looksLikeMatrix(_ tile: (edges: Int, histogram: [Int]), area: Int) -> Bool {
        guard let (a, b) = lobes(tile, area: area) else { return false }
        return Double(min(a, b)) >= matrixLobeShare * Double(tile.edges)
    }

    /// The edges in the two bands 90° apart between the emptiest two (the code's lobes), or nil
    /// when the tile does not look like part of a code.
    static func lobes(_ tile: (edges: Int, histogram: [Int]), area: Int) -> (Int, Int)? {
        guard tile.edges > 0, Double(tile.edges) >= SuspectedCodeRegions.edgeDensity * Double(area) else { return nil }
        let histogram = tile.histogram
        let bins = histogram.count
        let band = bins / 4
        func sum(from start: Int) -> Int { (0..<band).reduce(0) { $0 + histogram[(start + $1) % bins] } }
        var emptiest = tile.edges
        var emptiestStart = 0
        for start in 0..<(bins / 2) {
            let pair = sum(from: start) + sum(from: start + bins / 2)
            if pair < emptiest { (emptiest, emptiestStart) = (pair, start) }
        }
        guard Double(emptiest) <= emptyBandShare * Double(tile.edges) else { return nil }
        return (sum(from: emptiestStart + band), sum(from: emptiestStart + band + bins / 2))
    }
}
