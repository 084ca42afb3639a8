// SPDX-License-Identifier: GPL-3.0-or-later

/// Follows an image file chunk by chunk and tells, at its end, whether the file holds all the
/// data its own structure announces; some gdk-pixbuf loaders accept a file cut short and fill
/// the missing pixels (or rows) with grey, black or nothing.
///
/// Per format: PNG must reach its `IEND` chunk walking chunk lengths; JPEG its end-of-image
/// marker after the scan (`JPEGEndTracker`); WebP must be as long as its RIFF header says; BMP
/// must hold its pixel array (offset + rows × row size, or the RLE data size); ICO every image
/// its directory lists; binary PNM its whole raster. GIF and TIFF loaders refuse cut files
/// themselves, and plain-text PNM is checked by the rows the loader delivers.
/// Owned by one load on one thread.
public struct ImageCompleteness: Sendable {
    public let format: ImageFileFormat
    /// Bytes kept from the start of the file for the header checks.
    public static let headLength = 64 * 1024

    private var head: [UInt8] = []
    private var total = 0
    private var jpeg = JPEGEndTracker()
    private var png = PNGChunkWalker()

    public init(format: ImageFileFormat) { self.format = format }

    /// Feeds the next bytes of the file.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) {
        total += bytes.count
        if head.count < Self.headLength { head += bytes.prefix(Self.headLength - head.count) }
        switch format {
        case .jpeg: jpeg.feed(bytes)
        case .png: png.feed(bytes)
        default: break
        }
    }

    /// Why the file fed so far is incomplete or inconsistent, or nil when nothing is missing
    /// (as far as this format's structure tells).
    public var missingData: String? {
        switch format {
        case .png: return png.problem
        case .jpeg: return jpeg.reachedEnd ? nil : "the JPEG data ends before the end-of-image marker"
        case .webp: return webpProblem
        case .bmp: return bmpProblem
        case .ico: return icoProblem
        case .pnm: return pnmProblem
        case .gif, .tiff: return nil
        }
    }

    /// Why the header fed so far must not reach the loader at all, or nil. Checked before each
    /// chunk is handed over: gdk-pixbuf 2.42's BMP loader reads the palette size as a signed
    /// number, so a count above 2³¹ (`FF FF CA 10`) passes its own check and makes it allocate
    /// 4 GB for a 101-byte file (found by fuzzing). No BMP has more than 256 palette entries.
    ///
    /// The same loader allocates the info header at the size the file states before reading it:
    /// a 27-byte file stating 4 278 332 742 bytes asked for 4 GB (found by fuzzing). Only the
    /// sizes of the BMP header versions (core 12, OS/2 16 and 64, info 40, v2 52, v3 56, v4 108,
    /// v5 124) are let through.
    public var invalidHeader: String? {
        guard format == .bmp, let infoSize = le32(14) else { return nil }
        guard Self.bmpInfoHeaderSizes.contains(infoSize) else { return "the BMP header states an info header of \(infoSize) bytes" }
        guard infoSize >= 40, let colors = le32(46) else { return nil }
        return colors > 256 ? "the BMP header claims a palette of \(colors) colours" : nil
    }

    /// The size a PNM header fed so far announces (nil for other formats or before the whole
    /// header): gdk-pixbuf 2.42's PNM loader, asked to stop at a size over the pixel limit, fails
    /// without an error and GLib prints "Bug! loader 'pnm' didn't set an error on failure" on
    /// standard error, a second line for one file; the loader refuses such a file before that.
    public var announcedSize: (width: Int, height: Int)? {
        guard format == .pnm, let header = PNMHeader(head) else { return nil }
        return (header.width, header.height)
    }

    /// Bytes in each version of the BMP info header.
    static let bmpInfoHeaderSizes: Set<Int> = [12, 16, 40, 52, 56, 64, 108, 124]

    private func le16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= head.count else { return nil }
        return Int(head[offset]) | Int(head[offset + 1]) << 8
    }

    private func le32(_ offset: Int) -> Int? {
        guard let low = le16(offset), let high = le16(offset + 2) else { return nil }
        return low | high << 16
    }

    private func shortBy(_ expected: Int, _ what: String) -> String? {
        expected > total ? "\(what): \(total) of \(expected) bytes present" : nil
    }

    private var webpProblem: String? {
        guard let size = le32(4) else { return "the WebP header is cut short" }
        return shortBy(8 + size, "the WebP file is shorter than its RIFF header says")
    }

    private var bmpProblem: String? {
        guard let pixelOffset = le32(10), let infoSize = le32(14) else { return "the BMP header is cut short" }
        let width: Int
        let height: Int
        let bitsPerPixel: Int
        var compression = 0
        var imageSize = 0
        if infoSize == 12 {
            guard let w = le16(18), let h = le16(20), let bpp = le16(24) else { return "the BMP header is cut short" }
            (width, height, bitsPerPixel) = (w, h, bpp)
        } else {
            guard let w = le32(18), let h = le32(22), let bpp = le16(28), let c = le32(30), let s = le32(34) else {
                return "the BMP header is cut short"
            }
            (width, height, bitsPerPixel, compression, imageSize) = (
                Int(Int32(truncatingIfNeeded: w)), Int(Int32(truncatingIfNeeded: h)), bpp, c, s
            )
        }
        guard width > 0, height != 0, bitsPerPixel > 0, bitsPerPixel <= 32 else { return nil }  // the loader judges those
        switch compression {
        case 0, 3, 6:  // BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS: uncompressed rows padded to 4 bytes
            let rowBits = width.multipliedReportingOverflow(by: bitsPerPixel)
            guard !rowBits.overflow else { return nil }
            let row = (rowBits.partialValue + 31) / 32 * 4
            let pixels = row.multipliedReportingOverflow(by: abs(height))
            guard !pixels.overflow else { return nil }
            // Some writers leave out the last row's padding.
            let unpadded = row - (rowBits.partialValue + 7) / 8
            return shortBy(pixelOffset + pixels.partialValue - unpadded, "the BMP pixel data is cut short")
        case 1, 2:  // RLE8, RLE4: the data size is in the header
            return imageSize > 0 ? shortBy(pixelOffset + imageSize, "the BMP pixel data is cut short") : nil
        default:
            return nil
        }
    }

    private var icoProblem: String? {
        guard let count = le16(4) else { return "the icon directory is cut short" }
        for index in 0..<count {
            let entry = 6 + 16 * index
            guard entry + 16 <= head.count else {
                // Directories longer than the kept head are checked as far as they go.
                return entry + 16 > total ? "the icon directory is cut short" : nil
            }
            guard let size = le32(entry + 8), let offset = le32(entry + 12) else { return "the icon directory is cut short" }
            if offset + size > total {
                return "icon image \(index + 1) of \(count) is cut short: \(total) of \(offset + size) bytes present"
            }
        }
        return nil
    }

    private var pnmProblem: String? {
        guard let header = PNMHeader(head) else { return total < Self.headLength ? "the PNM header is cut short" : nil }
        guard let length = header.rasterLength else { return nil }
        let end = header.rasterOffset.addingReportingOverflow(length)
        return end.overflow ? nil : shortBy(end.partialValue, "the PNM raster is cut short")
    }
}

/// Walks a PNG file's chunks by their lengths and tells whether it reached `IEND`.
///
/// CRCs are checked by libpng itself; this only sees whether the chunk sequence is whole.
struct PNGChunkWalker: Sendable {
    private enum State: Sendable {
        /// Reading the 8-byte signature.
        case signature(seen: Int)
        /// Reading a chunk's 8-byte length and type.
        case header([UInt8])
        /// Skipping a chunk's data and CRC; `isEnd` for `IEND`.
        case skip(remaining: Int, isEnd: Bool)
        case ended
        case invalid(String)
    }

    private var state = State.signature(seen: 0)

    mutating func feed(_ bytes: ArraySlice<UInt8>) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch state {
            case .ended, .invalid:
                return
            case .signature(let seen):
                let take = min(8 - seen, bytes.endIndex - index)
                index += take
                state = seen + take == 8 ? .header([]) : .signature(seen: seen + take)
            case .header(var collected):
                let take = min(8 - collected.count, bytes.endIndex - index)
                collected += bytes[index..<(index + take)]
                index += take
                guard collected.count == 8 else {
                    state = .header(collected)
                    continue
                }
                let length = collected[0..<4].reduce(0) { $0 << 8 | Int($1) }
                if length > 0x7FFF_FFFF {
                    state = .invalid("a PNG chunk length is out of range")
                    continue
                }
                let isEnd = Array(collected[4..<8]) == Array("IEND".utf8)
                state = .skip(remaining: length + 4, isEnd: isEnd)
            case .skip(let remaining, let isEnd):
                let take = min(remaining, bytes.endIndex - index)
                index += take
                if take == remaining {
                    state = isEnd ? .ended : .header([])
                } else {
                    state = .skip(remaining: remaining - take, isEnd: isEnd)
                }
            }
        }
    }

    /// Why the chunks seen so far do not make a whole PNG, or nil once `IEND` was read.
    var problem: String? {
        switch state {
        case .ended: return nil
        case .invalid(let reason): return reason
        default: return "the PNG data ends before its IEND chunk"
        }
    }
}
