// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether an image shows any part that could be a matrix code (or a 1-D code), at any rotation:
/// the cheap look that decides how long a costly search for one may take.
///
/// A square-module code's edges run two ways at right angles; rotated and sampled at two or three
/// pixels a module they spread over two lobes about 45° wide each, and leave the two bands
/// between them nearly empty. Texture and natural scenes have edges every way: any two bands 90°
/// apart hold about half of them. A tile counts when enough of its pixels sit on strong edges
/// (`SuspectedCodeRegions.edgeStep`, `edgeDensity`) and its emptiest pair of such bands holds at
/// most `emptyBandShare` of its edges. `SuspectedCodeRegions`' narrower rule (the edges in windows
/// 45° apart) finds where a code is; this one only says whether one may be anywhere, missing
/// fewer rotated codes.
public enum MatrixCodeEvidence {
    /// Largest share of a tile's edges in its emptiest two bands (each 45° of orientations wide,
    /// 90° apart) for the tile to look like part of a code: edges every way put half there (measured on the photo test set's images without a code read,
    /// and on Data Matrix codes drawn at 2–4 pixels a module, rotated by up to 40°).
    public static let emptyBandShare = 0.15

    /// Whether any tile of `image` looks like part of a code.
    public static func present(in image: LumaImage) -> Bool {
        let side = SuspectedCodeRegions.tileSide
        for row in 0..<(image.height / side) {
            for column in 0..<(image.width / side) {
                let tile = PixelRect(x: column * side, y: row * side, width: side, height: side)
                if looksLikeCode(SuspectedCodeRegions.edgeOrientations(image, tile), area: side * side) { return true }
            }
        }
        return false
    }

    /// Whether a tile of `area` pixels with these edges looks like part of a code.
    static func looksLikeCode(_ tile: (edges: Int, histogram: [Int]), area: Int) -> Bool {
        guard tile.edges > 0, Double(tile.edges) >= SuspectedCodeRegions.edgeDensity * Double(area) else { return false }
        let histogram = tile.histogram
        let bins = histogram.count
        let band = bins / 4
        var emptiest = tile.edges
        for start in 0..<(bins / 2) {
            var sum = 0
            for k in 0..<band {
                sum += histogram[(start + k) % bins] + histogram[(start + bins / 2 + k) % bins]
            }
            emptiest = min(emptiest, sum)
        }
        return Double(emptiest) <= emptyBandShare * Double(tile.edges)
    }
}
