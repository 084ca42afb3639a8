// SPDX-License-Identifier: GPL-3.0-or-later
import CDmtx
import CharsetConversion
import SaomaCore

/// Reads Data Matrix codes through libdmtx (the only caller of `dmtx*`).
///
/// libdmtx searches the image for the L-shaped finder edge by edge, which is slow on big
/// photos: the image is shrunk first (`shrink(forLongestSide:)`) and the search stops after
/// `timeBudget` milliseconds of CPU time. Every libdmtx object is created and destroyed inside one
/// `decode` call (`dmtx*Create` / `dmtx*Destroy` pairs); the pixel buffer it reads is the
/// cropped image's, alive for the whole call. Not thread-safe in the sense of `BarcodeDecoder`:
/// one decoder per thread (it holds no state, so that is free).
public final class DataMatrixDecoder: BarcodeDecoder {
    public init() {}

    /// Largest number of codes reported per image (libdmtx keeps searching after each find).
    public static let maxCodes = 16

    /// Milliseconds of CPU time libdmtx may search one image in which parts look like a matrix
    /// code (`MatrixCodeEvidence`, `matrixOnly`), a camera frame (`.fast`) or a photo
    /// (`.thorough`, then half as long again at full size when the first look was shrunk). Those
    /// parts are searched first, so a code among them is found within a few milliseconds (median
    /// 3 ms on textured photos, against 18 ms for the whole image); on an image without a Data
    /// Matrix libdmtx searches until the time is up, so this is what every such image costs. 15 ms
    /// reads as many of `scripts/bench-datamatrix`'s codes as 20 did, 10 ms fewer (docs/BENCHMARKS.md).
    public static let timeBudget = 15

    /// Milliseconds of CPU time for an image in which no part looks like a matrix code: the blurred
    /// or faint codes that the look misses are mostly found at once (of the drawn codes without
    /// such a part, 24 in 29 within 5 ms, 25 within 10, none between 10 and 20 ms), and fewer are
    /// read at 5 ms (docs/BENCHMARKS.md).
    public static let shortTimeBudget = 10

    /// Shortest side, in pixels of the image as given, of a candidate symbol libdmtx follows up:
    /// smaller ones (below 8 modules of 2 pixels) are not worth the edge tracing they cost in
    /// textured photos.
    static let minimumEdge = 16

    /// Weakest edge libdmtx starts a finder search from (1–100, libdmtx's default 10): printed
    /// codes have strong edges; texture and noise mostly weak ones. Halves the search work on
    /// photos without a Data Matrix (docs/BENCHMARKS.md, "Decoding").
    static let edgeThreshold = 25

    /// libdmtx's shrink factor for an image whose longer side is `side` pixels: searched at
    /// about 1000 pixels or less (Data Matrix codes worth reading in a photo span well over
    /// 10 modules of 2 pixels there).
    public static func shrink(forLongestSide side: Int) -> Int {
        side > 3000 ? 4 : side > 1400 ? 2 : 1
    }

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        guard options.symbologies.contains(.dataMatrix) else { return [] }
        let region = (options.regionOfInterest ?? image.bounds).clamped(width: image.width, height: image.height)
        guard region.width >= 8, region.height >= 8 else { return [] }
        let crop = image.cropped(to: region)
        let shrink = Self.shrink(forLongestSide: max(crop.width, crop.height))
        // Looked at at the scale libdmtx searches (a big photo's edges cost less to look at shrunk).
        let looked = shrink > 1 ? crop.downscaled(by: shrink).image : crop
        let scale = ImageReduction(denominator: shrink, storedWidth: crop.width, storedHeight: crop.height, orientation: .up)
        let parts = MatrixCodeEvidence.regions(in: looked, matrixOnly: true).map(scale.fullRect(covering:))
        let budget = parts.isEmpty ? Self.shortTimeBudget : Self.timeBudget
        var found = Self.search(crop, partsFirst: parts, shrink: shrink, milliseconds: budget)
        if found.isEmpty && shrink > 1 && options.effort == .thorough {
            // Small codes vanish when shrunk: one more, shorter look at full resolution.
            found = Self.search(crop, partsFirst: parts, shrink: 1, milliseconds: budget / 2)
        }
        let offset = Point(x: Double(region.x), y: Double(region.y))
        return found.map { code in
            var symbol = code
            symbol.corners = code.corners.map { Point(x: $0.x + offset.x, y: $0.y + offset.y) }
            return symbol
        }.sortedInReadingOrder()
    }

    /// The codes libdmtx finds in `parts` of `image` (each searched in turn, its edges followed
    /// beyond it where a code's are), or when it finds none there, in the whole image: within
    /// `milliseconds` of this thread's CPU time in all.
    static func search(_ image: LumaImage, partsFirst parts: [PixelRect], shrink: Int, milliseconds: Int) -> [Symbol] {
        let started = threadCPUSeconds()
        func left() -> Int { milliseconds - Int((threadCPUSeconds() - started) * 1000) }
        var symbols: [Symbol] = []
        for part in parts where left() > 0 && symbols.count < maxCodes {
            symbols += search(image, shrink: shrink, milliseconds: left(), within: part)
        }
        guard symbols.isEmpty, left() > 0 else { return symbols }
        return search(image, shrink: shrink, milliseconds: left())
    }

    /// Every code libdmtx finds in `image` (starting its search only within `bounds` when given)
    /// within `milliseconds` of this thread's CPU time, corners in `image`'s pixels. CPU time
    /// rather than the clock: what is searched, and so what is found, does not depend on how busy
    /// the machine is.
    static func search(_ image: LumaImage, shrink: Int, milliseconds: Int, within bounds: PixelRect? = nil) -> [Symbol] {
        var pixels = image.pixels
        return pixels.withUnsafeMutableBufferPointer { buffer -> [Symbol] in
            guard let base = buffer.baseAddress,
                let createdImage = dmtxImageCreate(base, Int32(image.width), Int32(image.height), Int32(DmtxPack8bppK.rawValue))
            else { return [] }
            var dmtxImage: UnsafeMutablePointer<DmtxImage>? = createdImage
            defer { dmtxImageDestroy(&dmtxImage) }
            // Rows top to bottom as stored; libdmtx's own coordinates have y upwards.
            dmtxImageSetProp(createdImage, Int32(DmtxPropImageFlip.rawValue), Int32(DmtxFlipNone.rawValue))
            guard let decoder = dmtxDecodeCreate(createdImage, Int32(shrink)) else { return [] }
            var ownedDecoder: UnsafeMutablePointer<DmtxDecode>? = decoder
            defer { dmtxDecodeDestroy(&ownedDecoder) }
            // FNC1 as the GS character: a leading one marks a GS1 element string.
            dmtxDecodeSetProp(decoder, Int32(DmtxPropFnc1.rawValue), Int32(GS1ElementString.groupSeparator))
            dmtxDecodeSetProp(decoder, Int32(DmtxPropEdgeMin.rawValue), Int32(minimumEdge))
            dmtxDecodeSetProp(decoder, Int32(DmtxPropEdgeThresh.rawValue), Int32(edgeThreshold))
            if let bounds {
                // In the image's pixels (libdmtx shrinks them itself), rows counted upwards.
                let top = image.height - 1
                let r = bounds.clamped(width: image.width, height: image.height)
                guard r.width > shrink, r.height > shrink else { return [] }
                dmtxDecodeSetProp(decoder, Int32(DmtxPropXmin.rawValue), Int32(r.x))
                dmtxDecodeSetProp(decoder, Int32(DmtxPropXmax.rawValue), Int32(r.maxX - 1))
                dmtxDecodeSetProp(decoder, Int32(DmtxPropYmin.rawValue), Int32(top - (r.maxY - 1)))
                dmtxDecodeSetProp(decoder, Int32(DmtxPropYmax.rawValue), Int32(top - r.y))
            }
            let started = threadCPUSeconds()
            // On a busy machine the search may last up to four times as long on the clock.
            let clockLimit = dmtxTimeAdd(dmtxTimeNow(), 4 * milliseconds)
            var symbols: [Symbol] = []
            while symbols.count < maxCodes, (threadCPUSeconds() - started) * 1000 < Double(milliseconds),
                dmtxTimeExceeded(clockLimit) == 0
            {
                // 2 ms of the clock at a time, so the CPU time spent is looked at in between.
                var slice = dmtxTimeAdd(dmtxTimeNow(), 2)
                guard let region = dmtxRegionFindNext(decoder, &slice) else {
                    // Nothing before the slice ended: go on. Nothing with time left in it: every
                    // place was looked at.
                    if dmtxTimeExceeded(slice) == 0 { break }
                    continue
                }
                var ownedRegion: UnsafeMutablePointer<DmtxRegion>? = region
                defer { dmtxRegionDestroy(&ownedRegion) }
                if let symbol = Self.symbol(in: region, decoder: decoder, imageHeight: image.height, shrink: shrink) {
                    symbols.append(symbol)
                }
            }
            return symbols
        }
    }

    /// The code in a region libdmtx found, or nil when it does not decode.
    private static func symbol(
        in region: UnsafeMutablePointer<DmtxRegion>, decoder: UnsafeMutablePointer<DmtxDecode>, imageHeight: Int, shrink: Int
    ) -> Symbol? {
        guard let message = dmtxDecodeMatrixRegion(decoder, region, DmtxUndefined) else { return nil }
        var ownedMessage: UnsafeMutablePointer<DmtxMessage>? = message
        defer { dmtxMessageDestroy(&ownedMessage) }
        let count = Int(message.pointee.outputIdx)
        guard count >= 0, count <= Int(message.pointee.outputSize), let output = message.pointee.output else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: output, count: count))
        // Every data codeword (not the error correction's): an ECI designator may stand anywhere in them.
        let dataWords = Int(dmtxGetSymbolAttribute(Int32(DmtxSymAttribSymbolDataWords.rawValue), region.pointee.sizeIdx))
        let codewordCount = max(0, min(dataWords, Int(message.pointee.codeSize)))
        let codewords = message.pointee.code.map { Array(UnsafeBufferPointer(start: $0, count: codewordCount)) } ?? []
        guard let payload = ECI.dataMatrixPayload(output: bytes, codewords: codewords) else { return nil }
        let corners = Self.corners(of: region.pointee, imageHeight: imageHeight, shrink: shrink)
        return Self.symbol(bytes: payload.bytes, eci: payload.eci, corners: corners)
    }

    /// The symbol's corners in image pixels (y down): top-left, bottom-left, bottom-right,
    /// top-right, as for QR codes. libdmtx's fitted grid has its origin at the corner of the
    /// L finder (bottom-left) with y upwards; `fit2raw` maps it to the pixels of the image as
    /// searched (shrunk by `shrink`, y upwards).
    static func corners(of region: DmtxRegion, imageHeight: Int, shrink: Int) -> [Point] {
        let scale = Double(shrink)
        let searchedHeight = Double(imageHeight / shrink)
        var transform = region.fit2raw
        let unit: [(Double, Double)] = [(0, 1), (0, 0), (1, 0), (1, 1)]
        return unit.map { corner in
            var input = DmtxVector2(X: corner.0, Y: corner.1)
            var output = DmtxVector2()
            withUnsafeMutablePointer(to: &transform) { matrix in
                matrix.withMemoryRebound(to: (Double, Double, Double).self, capacity: 3) { rows in
                    _ = dmtxMatrix3VMultiply(&output, &input, rows)
                }
            }
            return Point(x: output.X * scale, y: (searchedHeight - 1 - output.Y) * scale)
        }
    }

    /// A Data Matrix symbol for decoded bytes: a leading FNC1 (GS) marks GS1 data and is
    /// dropped; text is in the character set of the ECI the data starts with when it has one
    /// and the bytes are valid in it, else UTF-8 when the bytes are, else ISO-8859-1 (the
    /// standard's default).
    static func symbol(bytes: [UInt8], eci: Int? = nil, corners: [Point]) -> Symbol {
        var payload = bytes
        let isGS1 = payload.first == GS1ElementString.groupSeparator
        if isGS1 { payload.removeFirst() }
        let text =
            eci.flatMap { ECI.text(payload, eci: $0) } ?? String(validating: payload, as: UTF8.self)
            ?? String(isoLatin1: payload)
        return Symbol(format: .dataMatrix, bytes: payload, text: text, corners: corners, isGS1: isGS1)
    }
}
