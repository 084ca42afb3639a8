// SPDX-License-Identifier: GPL-3.0-or-later

/// Where an image may hold a matrix code: touching tiles with strong edges running more than one
/// way (a QR code's module sides), as padded rectangles.
public enum MatrixCodeTiles {
    /// Side of a tile, in the pixels looked at.
    public static let tileSide = 16
    /// Smallest mean squared gradient of a tile (as `LinearCodeRegion.minimumEnergy`).
    public static let minimumEnergy = 40.0
    /// Fewest tiles of a region.
    public static let minimumTiles = 4

    /// The regions of `area` of `image`, largest first, at most `maximumCount`, each at most
    /// `maximumSide` pixels a side.
    public static func regions(in image: LumaImage, within area: PixelRect, maximumCount: Int, maximumSide: Int) -> [PixelRect] {
        guard let tiles = EdgeTiles(image, area: area, side: tileSide, maximumSide: 1024) else { return [] }
        let groups = tiles.components(
            member: { tiles.energy[$0] >= minimumEnergy && tiles.coherence[$0] < LinearCodeRegion.minimumCoherence }, diagonal: true)
        var out: [(rect: PixelRect, tiles: Int)] = []
        for group in groups where group.count >= minimumTiles {
            let cells = group.map { $0.quotientAndRemainder(dividingBy: tiles.columns) }
            let rect = tiles.rect(
                columns: cells.map(\.remainder).min() ?? 0, cells.map(\.remainder).max() ?? 0, rows: cells.map(\.quotient).min() ?? 0,
                cells.map(\.quotient).max() ?? 0, pad: 1
            ).clamped(width: image.width, height: image.height)
            guard max(rect.width, rect.height) <= maximumSide else { continue }
            out.append((rect, group.count))
        }
        out.sort { $0.tiles > $1.tiles }
        return out.prefix(maximumCount).map(\.rect)
    }
}
