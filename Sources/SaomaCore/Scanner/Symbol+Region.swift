// SPDX-License-Identifier: GPL-3.0-or-later

extension Array where Element == Symbol {
    /// The codes whose centre lies inside `region` (image pixels): a code outside the scan frame is
    /// never reported, even when a decoder's crop lets part of one through.
    public func centred(in region: PixelRect) -> [Symbol] {
        filter { region.rect.contains($0.center) }
    }
}

extension Symbol {
    /// This symbol with its corners moved by (`dx`, `dy`) pixels: from a crop's pixels to the
    /// whole image's.
    public func offsetBy(dx: Double, dy: Double) -> Symbol {
        var moved = self
        moved.corners = corners.map { Point(x: $0.x + dx, y: $0.y + dy) }
        return moved
    }
}
