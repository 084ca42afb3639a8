// SPDX-License-Identifier: GPL-3.0-or-later

/// Deblurred copies of the places in an image that may hold a defocused QR code, for a matrix
/// reader to try where it read nothing in the image itself.
///
/// For each candidate region (`regions`): the defocus is estimated from the region's edges, the
/// region is deblurred with it (`WienerDeconvolution`), the finder patterns are looked for in the
/// result, and when found the defocus is measured again on the blurred finders themselves
/// (`DefocusEstimate.fromFinders`, more exact than the edges); the region is deblurred with that
/// blur at each of `noiseRatios`, then the edges' copy is offered last. Bounded: at most
/// `maximumRegions` regions of at most `WienerDeconvolution.maximumSide` pixels, at most three
/// deconvolutions each.
public enum MatrixDeblur {
    /// A deblurred region.
    public struct Copy: Sendable {
        /// The deblurred pixels of `region`.
        public var image: LumaImage
        /// Where they come from, in the image's pixels.
        public var region: PixelRect
        /// The blur undone, in pixels.
        public var sigma: Double
        /// Finder patterns seen in the deblurred pixels.
        public var finderCount: Int
    }

    /// Most regions looked at.
    public static let maximumRegions = 3
    /// Noise-to-signal power ratios of the Wiener filter tried, in order (sensor noise of a few
    /// grey levels on a contrast of 150: the first keeps the ringing down, the second restores
    /// more of a strong blur's fine detail).
    public static let noiseRatios = [0.004, 0.001]
    /// Smallest blur worth undoing, in pixels (sharper regions are read as they are).
    public static let minimumSigma = 0.6
    /// Relative change of the blur measured on the finders that is worth another deconvolution.
    public static let remeasureChange = 0.05
    /// Factor on the edges' estimate tried when no finder shows (edges often under-estimate a strong blur).
    public static let strongerBlur = 1.3

    /// Hands `body` deblurred copies of `area` of `image` (whole image when `nil`), best first,
    /// until it returns `true` (it read a code); each copy is computed only when the one before
    /// did not do.
    public static func forEachCopy(of image: LumaImage, in area: PixelRect? = nil, _ body: (Copy) -> Bool) {
        for region in regions(in: image, within: area) {
            guard let edgeSigma = DefocusEstimate.fromEdges(image, in: region), edgeSigma >= minimumSigma,
                let first = WienerDeconvolution.deblurred(image, area: region, sigma: edgeSigma, noiseRatio: noiseRatios[0])
            else { continue }
            let finders = FinderPatternLocator.find(in: first)
            var sigma = edgeSigma
            if !finders.isEmpty {
                // The finders' own blur, measured on the blurred pixels (finders in image coordinates).
                let shifted = finders.map {
                    FinderPatternLocator.Finder(
                        center: Point(x: $0.center.x + Double(region.x), y: $0.center.y + Double(region.y)), moduleSize: $0.moduleSize)
                }
                if let measured = DefocusEstimate.fromFinders(image, finders: shifted), measured >= minimumSigma { sigma = measured }
            } else {
                sigma = edgeSigma * strongerBlur
            }
            let reuse = abs(sigma - edgeSigma) <= remeasureChange * edgeSigma
            for (i, ratio) in noiseRatios.enumerated() {
                let copy: LumaImage?
                if i == 0 && reuse {
                    copy = first
                } else {
                    copy = WienerDeconvolution.deblurred(image, area: region, sigma: sigma, noiseRatio: ratio)
                }
                guard let copy else { continue }
                if body(Copy(image: copy, region: region, sigma: sigma, finderCount: finders.count)) { return }
            }
            if !reuse, body(Copy(image: first, region: region, sigma: edgeSigma, finderCount: finders.count)) { return }
        }
    }

    /// The regions worth deblurring: `area` itself when it is small enough, else the tiles with
    /// strong edges running more than one way (a matrix code's module sides), joined and padded.
    public static func regions(in image: LumaImage, within area: PixelRect?) -> [PixelRect] {
        let roi = (area ?? image.bounds).clamped(width: image.width, height: image.height)
        guard !roi.isEmpty else { return [] }
        if max(roi.width, roi.height) <= WienerDeconvolution.maximumSide { return [roi] }
        return MatrixCodeTiles.regions(in: image, within: roi, maximumCount: maximumRegions, maximumSide: WienerDeconvolution.maximumSide)
    }
}
