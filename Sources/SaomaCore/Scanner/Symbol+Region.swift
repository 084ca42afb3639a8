// SPDX-License-Identifier: GPL-3.0-or-later

extension Array where Element == Symbol {
    /// The codes whose centre lies inside `region` (image pixels): a code outside the scan frame is
    /// never reported, even when a decoder's crop lets part of one through.
    public func centred(in region: PixelRect) -> [Symbol] {
        filter { region.rect.contains($0.center) }
    }
}
