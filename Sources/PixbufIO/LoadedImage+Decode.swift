// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

extension LoadedImage {
    /// The codes in the photo, corners in its full-resolution upright pixels, in reading order:
    /// a big photo is read reduced first, and at full resolution only when that shows no code.
    ///
    /// When this image was decoded reduced (`reduction` set: a big JPEG loaded with `reduced`),
    /// its pixels are read and the finds mapped to the full image; when they show none, this
    /// image's memory is given back and `loadFull` loads the full resolution, which is read
    /// instead. A big image loaded at full size (other formats) is first read from a box-filtered
    /// copy reduced by the same rule (`ImageReduction.denominator`). So no photo loses a read to
    /// the first look; only photos with no code visible in it pay for the second.
    public func decodeReducedFirst(
        with decoder: any BarcodeDecoder, options: DecodeOptions, loadFull: () throws(ImageLoadError) -> LoadedImage
    ) throws(ImageLoadError) -> [Symbol] {
        if let reduction {
            var reducedOptions = options
            reducedOptions.regionOfInterest = options.regionOfInterest.map(reduction.reducedRect(covering:))
            let found = decoder.decode(luma, options: reducedOptions)
            if !found.isEmpty { return found.map(reduction.fullResolution).sortedInReadingOrder() }
            releaseMemory()
            // Read whole: a box-filtered first look at the same scale would show nothing either.
            let full = try loadFull()
            let fullFound = decoder.decode(full.luma, options: options)
            return (full.reduction.map { r in fullFound.map(r.fullResolution) } ?? fullFound).sortedInReadingOrder()
        }
        let k = ImageReduction.denominator(width: luma.width, height: luma.height)
        if k > 1 {
            let (small, toFull) = luma.downscaled(by: k)
            var reducedOptions = options
            reducedOptions.regionOfInterest = options.regionOfInterest.map {
                let r = $0.rect
                let d = Double(k)
                return PixelRect(covering: Rect(x: r.minX / d, y: r.minY / d, width: r.width / d, height: r.height / d))
            }
            let found = decoder.decode(small, options: reducedOptions)
            if !found.isEmpty {
                return found.map { symbol in
                    var full = symbol
                    full.corners = symbol.corners.map(toFull.apply)
                    return full
                }
                .sortedInReadingOrder()
            }
        }
        return decoder.decode(luma, options: options).sortedInReadingOrder()
    }
}
