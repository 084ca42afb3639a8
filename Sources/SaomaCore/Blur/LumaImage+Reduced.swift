// SPDX-License-Identifier: GPL-3.0-or-later

extension LumaImage {
    /// `area` of the image (clamped to it), box-filtered down by a whole factor until no side is
    /// longer than `maximumSide`, with the factor (1 when it was small enough): the blur searches
    /// look at a bounded number of pixels whatever the photo's size.
    func cropped(to area: PixelRect, reducedToAtMost maximumSide: Int) -> (image: LumaImage, scale: Double) {
        let roi = area.clamped(width: width, height: height)
        let crop = cropped(to: roi)
        let factor = (max(crop.width, crop.height) + maximumSide - 1) / maximumSide
        guard factor > 1 else { return (crop, 1) }
        return (crop.downscaled(by: factor).image, Double(factor))
    }
}
