// SPDX-License-Identifier: GPL-3.0-or-later
import CharsetConversion
import Decoding
import PixbufIO
import SaomaCore

/// Reads still images (photos, screenshots, `saoma scan`'s files) through a decoder process:
/// big photos reduced first (`LoadedImage.decodeReducedFirst`), structured-append parts joined
/// into their messages, and any decoder failure on the way reported with what could be read.
///
/// Owns its decoder client (and so its decoder process): used by one thread at a time.
public final class StillImageReader {
    public let client: DecoderClient

    public init(client: DecoderClient = DecoderClient()) {
        self.client = client
    }

    /// The codes in `image` (corners in its full-resolution upright pixels, in reading order) and
    /// the first failure of the decoder on the way; `loadFull` loads the full resolution when a
    /// reduced image must be read again (see `decodeReducedFirst`).
    public func read(_ image: LoadedImage, options: DecodeOptions, loadFull: () throws(ImageLoadError) -> LoadedImage)
        throws(ImageLoadError) -> DecodeOutcome
    {
        let recorder = FailureRecorder(client)
        let symbols = try image.decodeReducedFirst(with: recorder, options: options, loadFull: loadFull)
        return DecodeOutcome(symbols: StructuredAppend.assembled(symbols, text: PayloadText.decode), failure: recorder.first)
    }

    /// The codes in an image already in memory at the size to read (no reduced look).
    public func read(_ luma: LumaImage, options: DecodeOptions) -> DecodeOutcome {
        let outcome = client.read(luma, options: options)
        return DecodeOutcome(symbols: StructuredAppend.assembled(outcome.symbols, text: PayloadText.decode), failure: outcome.failure)
    }

    /// The client, keeping the first failure of the several decodes one image may take, and
    /// leaving an engine that stopped the process or ran out of time on one look at the image out
    /// of its later looks (the full resolution, the suspected regions): a photo that makes an
    /// engine run away costs that engine's time once.
    final class FailureRecorder: BarcodeDecoder {
        let client: DecoderClient
        var first: DecoderFailure?
        var excluded: Set<String> = []
        init(_ client: DecoderClient) { self.client = client }
        func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
            let outcome = client.read(image, options: options, excluding: excluded)
            first = first ?? outcome.failure
            if let engine = outcome.failure?.engine { excluded.insert(engine) }
            return outcome.symbols
        }
    }
}

extension LoadedImage {
    /// The codes in the photo, corners in its full-resolution upright pixels, in reading order:
    /// a big photo is read reduced first, then at full resolution only where the reduced pixels
    /// suggest a code they did not read (`SuspectedCodeRegions`).
    ///
    /// When this image was decoded reduced (`reduction` set: a big JPEG loaded with `reduced`),
    /// its pixels are read and the finds mapped to the full image; when they show parts that look
    /// like a code away from the codes read (a code too small to read reduced, beside a big one or
    /// alone), this image's memory is given back, `loadFull` loads the full resolution and only
    /// those parts of it are read. A big image loaded at full size (other formats) is first read
    /// from a box-filtered copy reduced by the same rule (`ImageReduction.denominator`); when that
    /// reads codes, the suspected regions beside them are read at full resolution, else the whole
    /// image is (its pixels are in memory already). A big JPEG with nothing that looks like a
    /// code is not read at full resolution.
    public func decodeReducedFirst(
        with decoder: any BarcodeDecoder, options: DecodeOptions, loadFull: () throws(ImageLoadError) -> LoadedImage
    ) throws(ImageLoadError) -> [Symbol] {
        if let reduction {
            var reducedOptions = options
            reducedOptions.regionOfInterest = options.regionOfInterest.map(reduction.reducedRect(covering:))
            let found = decoder.decode(luma, options: reducedOptions)
            let suspects = Self.suspectedRegions(in: luma, found: found, within: reducedOptions.regionOfInterest)
            let reducedFinds = found.map(reduction.fullResolution)
            guard !suspects.isEmpty else { return reducedFinds.sortedInReadingOrder() }
            releaseMemory()
            let full = try loadFull()
            var regions = suspects.map(reduction.fullRect(covering:))
            if let again = full.reduction { regions = regions.map(again.reducedRect(covering:)) }
            let more = Self.decode(full.luma, regions: regions, with: decoder, options: options)
            return Self.merged(reducedFinds, more.map { full.reduction?.fullResolution($0) ?? $0 })
        }
        let k = ImageReduction.denominator(width: luma.width, height: luma.height)
        guard k > 1 else { return decoder.decode(luma, options: options).sortedInReadingOrder() }
        let (small, toFull) = luma.downscaled(by: k)
        let scale = ImageReduction(denominator: k, storedWidth: luma.width, storedHeight: luma.height, orientation: .up)
        var reducedOptions = options
        reducedOptions.regionOfInterest = options.regionOfInterest.map(scale.reducedRect(covering:))
        let found = decoder.decode(small, options: reducedOptions)
        let reducedFinds = found.map { symbol in
            var full = symbol
            full.corners = symbol.corners.map(toFull.apply)
            return full
        }
        // Nothing read in the reduced copy: the full pixels are in memory already, and a big
        // screenshot's text may hide a small code's region among stronger ones; read them whole.
        guard !found.isEmpty else { return decoder.decode(luma, options: options).sortedInReadingOrder() }
        let suspects = Self.suspectedRegions(in: small, found: found, within: reducedOptions.regionOfInterest)
        let more = Self.decode(luma, regions: suspects.map(scale.fullRect(covering:)), with: decoder, options: options)
        return Self.merged(reducedFinds, more)
    }

    /// The suspected regions of the reduced pixels, away from the codes read there and inside
    /// the region of interest.
    static func suspectedRegions(in reduced: LumaImage, found: [Symbol], within interest: PixelRect?) -> [PixelRect] {
        // A code read is left out with its quiet zone (a fifth of its size: the corners of a QR
        // code's light margin on a darker ground look like two-orientation edges) and the rest
        // of a linear code's bars (its outline is the box around the scan lines that read it).
        var excluded = found.map { symbol in
            let box = Rect(bounding: symbol.corners)
            return PixelRect(covering: box.insetBy(dx: -max(8, box.width / 5), dy: -max(8, box.height / 5, box.width / 5)))
        }
        if let interest {
            // Everything outside the region of interest is left out.
            let r = interest.clamped(width: reduced.width, height: reduced.height)
            excluded += [
                PixelRect(x: 0, y: 0, width: reduced.width, height: r.y),
                PixelRect(x: 0, y: r.maxY, width: reduced.width, height: reduced.height - r.maxY),
                PixelRect(x: 0, y: 0, width: r.x, height: reduced.height),
                PixelRect(x: r.maxX, y: 0, width: reduced.width - r.maxX, height: reduced.height),
            ]
        }
        return SuspectedCodeRegions.find(in: reduced, excluding: excluded)
    }

    /// The codes read in each of `regions` of `image` (clipped to the region of interest).
    static func decode(_ image: LumaImage, regions: [PixelRect], with decoder: any BarcodeDecoder, options: DecodeOptions) -> [Symbol] {
        var symbols: [Symbol] = []
        for region in regions {
            var r = region
            if let interest = options.regionOfInterest {
                let x0 = max(r.x, interest.x)
                let y0 = max(r.y, interest.y)
                r = PixelRect(x: x0, y: y0, width: min(r.maxX, interest.maxX) - x0, height: min(r.maxY, interest.maxY) - y0)
            }
            guard !r.isEmpty else { continue }
            var regionOptions = options
            regionOptions.regionOfInterest = r
            symbols += decoder.decode(image, options: regionOptions)
        }
        return symbols
    }

    /// `first` and those of `more` that are not one of them read again (same format and payload,
    /// outlines overlapping or within 16 pixels: a linear code's outline is the box around the
    /// scan lines that read it, which another look places elsewhere on its bars), in reading order.
    static func merged(_ first: [Symbol], _ more: [Symbol]) -> [Symbol] {
        var all = first
        for symbol in more {
            let box = Rect(bounding: symbol.corners).insetBy(dx: -16, dy: -16)
            let seen = all.contains { earlier in
                guard earlier.format == symbol.format, earlier.bytes == symbol.bytes else { return false }
                let other = Rect(bounding: earlier.corners)
                return box.minX <= other.maxX && other.minX <= box.maxX && box.minY <= other.maxY && other.minY <= box.maxY
            }
            if !seen { all.append(symbol) }
        }
        return all.sortedInReadingOrder()
    }
}
