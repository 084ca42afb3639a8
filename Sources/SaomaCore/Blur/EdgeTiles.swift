// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The gradients of an image summed over square tiles (its structure tensor per tile): how much
/// edge each tile has and whether its edges run one way (the bars of a linear code) or several.
struct EdgeTiles {
    /// Tiles across and down, and the side of a tile in the pixels looked at.
    let columns: Int
    let rows: Int
    let side: Int
    /// Pixels of the image per pixel looked at (larger images are box-filtered first).
    let scale: Double
    /// Where the pixels looked at start in the image.
    let origin: Point
    /// Per tile: mean squared gradient (central differences, grey levels²).
    var energy: [Double]
    /// Per tile: how much the gradients share one orientation (1: all, 0: every way).
    var coherence: [Double]
    /// Per tile: the gradients' mean orientation, doubled (radians, −π…π).
    var doubledAngle: [Double]

    /// The tiles of `area` of `image`, box-filtered down to at most `maximumSide` pixels a side.
    init?(_ image: LumaImage, area: PixelRect, side: Int, maximumSide: Int) {
        let roi = area.clamped(width: image.width, height: image.height)
        let (crop, scale) = image.cropped(to: roi, reducedToAtMost: maximumSide)
        columns = crop.width / side
        rows = crop.height / side
        guard columns > 0, rows > 0 else { return nil }
        self.side = side
        self.scale = scale
        origin = Point(x: Double(roi.x), y: Double(roi.y))
        energy = [Double](repeating: 0, count: columns * rows)
        coherence = [Double](repeating: 0, count: columns * rows)
        doubledAngle = [Double](repeating: 0, count: columns * rows)
        let (columns, rows) = (self.columns, self.rows)
        var energy = self.energy
        var coherence = self.coherence
        var doubledAngle = self.doubledAngle
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
                    let t = row * columns + column
                    let total = jxx + jyy
                    guard n > 0, total > 0 else { continue }
                    energy[t] = total / n
                    coherence[t] = ((jxx - jyy) * (jxx - jyy) + 4 * jxy * jxy).squareRoot() / total
                    doubledAngle[t] = atan2(2 * jxy, jxx - jyy)
                }
            }
        }
        self.energy = energy
        self.coherence = coherence
        self.doubledAngle = doubledAngle
    }

    /// The rectangle of image pixels tile columns `c0…c1` and rows `r0…r1` cover, grown by `pad` tiles.
    func rect(columns c0: Int, _ c1: Int, rows r0: Int, _ r1: Int, pad: Int) -> PixelRect {
        let s = Double(side) * scale
        let x = origin.x + Double(c0 - pad) * s
        let y = origin.y + Double(r0 - pad) * s
        return PixelRect(covering: Rect(x: x, y: y, width: Double(c1 - c0 + 1 + 2 * pad) * s, height: Double(r1 - r0 + 1 + 2 * pad) * s))
    }

    /// Groups of touching tiles (4-neighbours when `diagonal` is false, else 8) among those
    /// `member` accepts, each joined to a neighbour only when `joins` accepts the pair.
    func components(member: (Int) -> Bool, diagonal: Bool, joins: (Int, Int) -> Bool = { _, _ in true }) -> [[Int]] {
        var seen = [Bool](repeating: false, count: energy.count)
        var out: [[Int]] = []
        let steps = diagonal ? [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)] : [(0, 1), (1, 0), (0, -1), (-1, 0)]
        for seed in energy.indices where member(seed) && !seen[seed] {
            var stack = [seed]
            seen[seed] = true
            var members: [Int] = []
            while let t = stack.popLast() {
                members.append(t)
                let (row, column) = t.quotientAndRemainder(dividingBy: columns)
                for (dr, dc) in steps {
                    let (r, c) = (row + dr, column + dc)
                    guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                    let next = r * columns + c
                    guard !seen[next], member(next), joins(t, next) else { continue }
                    seen[next] = true
                    stack.append(next)
                }
            }
            out.append(members)
        }
        return out
    }
}
