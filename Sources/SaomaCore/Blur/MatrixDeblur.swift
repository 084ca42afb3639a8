// SPDX-License-Identifier: GPL-3.0-or-later

/// Deblurred copies of the places in an image that may hold a defocused QR code, for a matrix
/// reader to try where it read nothing in the image itself.
///
/// Places are found without deblurring (`BlurredFinderSearch`: three finder-like spots of one
/// module size at the corners of a square), so an image without one costs a few box sums per
/// pixel. For each place: it is shrunk to about `targetModuleSize` pixels per module when its
/// modules are larger, the defocus is estimated from its edges (a place blurred by less than
/// `minimumBlurModules` of a module is left: deblurring it restores nothing a reader lacked),
/// it is deblurred with that
/// (`WienerDeconvolution`), the finder patterns are looked for in the result (a place with fewer
/// than `minimumFinders` is left), and the defocus is measured again on the blurred finders
/// themselves (`DefocusEstimate.fromFinders`, more exact than the edges); the place is deblurred
/// with that blur at each of `noiseRatios`. Bounded: at most `maximumRegions` places of at most
/// `maximumSide` pixels, at most three deconvolutions each.
public enum MatrixDeblur {
    /// A deblurred place.
    public struct Copy: Sendable {
        /// The deblurred pixels of `region`, shrunk by `scale`.
        public var image: LumaImage
        /// Where they come from, in the image's pixels: copy pixel (x, y) shows image pixel
        /// (`region.x + x·scale`, `region.y + y·scale`).
        public var region: PixelRect
        public var scale: Int
        /// The blur undone, in pixels of the copy.
        public var sigma: Double
        /// Finder patterns seen in the deblurred pixels.
        public var finderCount: Int

        /// A point of the copy in the image's pixels.
        public func imagePoint(_ p: Point) -> Point {
            Point(x: Double(region.x) + p.x * Double(scale), y: Double(region.y) + p.y * Double(scale))
        }
    }

    /// Most places looked at.
    public static let maximumRegions = 3
    /// Noise-to-signal power ratios of the Wiener filter tried, in order (sensor noise of a few
    /// grey levels on a contrast of 150: the first keeps the ringing down, the second restores
    /// more of a strong blur's fine detail).
    public static let noiseRatios = [0.004, 0.001]
    /// Smallest blur worth undoing, in pixels (sharper places are read as they are).
    public static let minimumSigma = 0.6
    /// Relative change of the blur measured on the finders that is worth another deconvolution.
    public static let remeasureChange = 0.05
    /// Smallest blur worth undoing as a share of the place's module size: zbar reads QR codes
    /// blurred by up to half a module itself (docs/BENCHMARKS.md, "Blur sweep"), and a sharp place
    /// it could not read (a code cut off by the image's edge, a bent label) is no better deblurred.
    public static let minimumBlurModules = 0.35

    /// Whether a place blurred by `edgeSigma` pixels with modules of `moduleSize` pixels (both in
    /// the pixels deblurred) is blurred enough to deblur: at least `minimumSigma` pixels and
    /// `minimumBlurModules` modules.
    public static func isBlurred(edgeSigma: Double, moduleSize: Double) -> Bool {
        edgeSigma >= minimumSigma && moduleSize > 0 && edgeSigma >= minimumBlurModules * moduleSize
    }

    /// Fewest finder patterns the first deblurred copy must show for the place to be read.
    public static let minimumFinders = 2
    /// Pixels per module a place is shrunk to when its modules are larger (enough for the reader,
    /// a smaller transform).
    public static let targetModuleSize = 3.0

    /// Hands `body` deblurred copies of `area` of `image` (whole image when `nil`), best first,
    /// until it returns `true` (it read a code); each copy is computed only when the one before
    /// did not do.
    public static func forEachCopy(of image: LumaImage, in area: PixelRect? = nil, _ body: (Copy) -> Bool) {
        for (place, moduleSize) in regions(in: image, within: area) {
            // Shrunk to about three pixels per module.
            let scale = max(1, Int(moduleSize / targetModuleSize))
            let source = scale > 1 ? image.cropped(to: place).downscaled(by: scale).image : image
            let region = scale > 1 ? source.bounds : place
            guard let edgeSigma = DefocusEstimate.fromEdges(source, in: region),
                isBlurred(edgeSigma: edgeSigma, moduleSize: moduleSize / Double(scale)),
                let first = WienerDeconvolution.deblurred(source, area: region, sigma: edgeSigma, noiseRatio: noiseRatios[0])
            else { continue }
            func copy(_ pixels: LumaImage, sigma: Double, finders: Int) -> Copy {
                Copy(image: pixels, region: place, scale: scale, sigma: sigma, finderCount: finders)
            }
            let finders = FinderPatternLocator.find(in: first)
            // Fewer than two finders once deblurred: no code the reader could find there.
            guard finders.count >= minimumFinders else { continue }
            var sigma = edgeSigma
            // The finders' own blur, measured on the blurred pixels (finders in source coordinates).
            let shifted = finders.map {
                FinderPatternLocator.Finder(
                    center: Point(x: $0.center.x + Double(region.x), y: $0.center.y + Double(region.y)), moduleSize: $0.moduleSize)
            }
            if let measured = DefocusEstimate.fromFinders(source, finders: shifted), measured >= minimumSigma { sigma = measured }
            let reuse = abs(sigma - edgeSigma) <= remeasureChange * edgeSigma
            for (i, ratio) in noiseRatios.enumerated() {
                let pixels = i == 0 && reuse ? first : WienerDeconvolution.deblurred(source, area: region, sigma: sigma, noiseRatio: ratio)
                guard let pixels else { continue }
                if body(copy(pixels, sigma: sigma, finders: finders.count)) { return }
            }
        }
    }

    /// Longest side of a place deblurred, in pixels once shrunk (a version 25 QR code at three
    /// pixels per module with its quiet zone; its transform is 512 points square).
    public static let maximumSide = 400

    /// The places worth deblurring inside `area` (whole image when `nil`), with their module
    /// size: the squares three finder-like spots span (`BlurredFinderSearch`), clipped to the
    /// area, at most `maximumSide` pixels a side once shrunk.
    public static func regions(in image: LumaImage, within area: PixelRect?) -> [(rect: PixelRect, moduleSize: Double)] {
        let roi = (area ?? image.bounds).clamped(width: image.width, height: image.height)
        let candidates = BlurredFinderSearch.candidates(in: image, within: roi)
        guard candidates.count >= 3 else { return [] }
        var out: [(PixelRect, Double)] = []
        for rect in BlurredFinderSearch.regions(candidates, width: image.width, height: image.height, maximumRegions: maximumRegions) {
            let clipped = rect.clamped(width: image.width, height: image.height)
            let inside = PixelRect(
                x: max(clipped.x, roi.x), y: max(clipped.y, roi.y), width: min(clipped.maxX, roi.maxX) - max(clipped.x, roi.x),
                height: min(clipped.maxY, roi.maxY) - max(clipped.y, roi.y))
            guard !inside.isEmpty else { continue }
            let sizes = candidates.filter { inside.rect.contains($0.center) }.map(\.moduleSize).sorted()
            guard let moduleSize = sizes.isEmpty ? nil : sizes[sizes.count / 2] else { continue }
            let scale = max(1, Int(moduleSize / targetModuleSize))
            guard max(inside.width, inside.height) / scale <= maximumSide else { continue }
            out.append((inside, moduleSize))
        }
        return out
    }
}
