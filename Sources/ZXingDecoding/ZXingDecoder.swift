// SPDX-License-Identifier: GPL-3.0-or-later
import CharsetConversion
import SaomaCore
import ZXingShim

/// Reads codes through zxing-cpp (Debian's 1.4): PDF417, Aztec, Micro QR and MaxiCode, which zbar
/// cannot read, and QR, Data Matrix and the linear symbologies where it adds reads.
///
/// zxing-cpp 1.4 is built with assertions on and aborts the whole process on some inputs, which no
/// shim can catch: run it only where a process may die for one image (the decoder helper process).
/// Stateless between calls (each read builds zxing-cpp's readers afresh); not shared between threads.
public final class ZXingDecoder: BarcodeDecoder {
    /// How hard zxing-cpp looks.
    public struct Looks: Sendable, Equatable {
        /// zxing-cpp's try-harder (more scan lines, more binarisation work).
        public var tryHarder: Bool
        /// Also the image turned by 90°, 180° and 270°.
        public var tryRotate: Bool
        /// Also downscaled copies of big images.
        public var tryDownscale: Bool
        /// Scan lines that must agree on a linear code.
        public var minLineCount: Int

        public init(tryHarder: Bool, tryRotate: Bool, tryDownscale: Bool, minLineCount: Int = 2) {
            self.tryHarder = tryHarder
            self.tryRotate = tryRotate
            self.tryDownscale = tryDownscale
            self.minLineCount = minLineCount
        }

        /// Still images: every look zxing-cpp has.
        public static let thorough = Looks(tryHarder: true, tryRotate: true, tryDownscale: true)
        /// Live frames: the cheap look only.
        public static let fast = Looks(tryHarder: false, tryRotate: false, tryDownscale: false)
    }

    /// The symbologies this decoder may report (asked-for symbologies outside it are ignored).
    public let formats: Set<Symbology>
    /// The looks per effort.
    public let thorough: Looks
    public let fast: Looks
    /// The last read's error message from zxing-cpp (an exception it threw), for diagnostics.
    public private(set) var lastError: String?

    public init(formats: Set<Symbology> = ZXingDecoder.readable, thorough: Looks = .thorough, fast: Looks = .fast) {
        self.formats = formats.intersection(Self.readable)
        self.thorough = thorough
        self.fast = fast
    }

    /// Every symbology zxing-cpp 1.4 reads.
    public static let readable: Set<Symbology> = Set(formatBits.map(\.symbology)).union([.isbn10, .isbn13])

    /// zxing-cpp's version, as the library reports it.
    public static var version: String { String(cString: saoma_zx_version()) }

    /// zxing-cpp's BarcodeFormat bits (BarcodeFormat.h) and Saoma's symbology for each. Mapped by
    /// value, never by name: Debian's 1.4 names Micro QR "MircoQRCode" in places.
    static let formatBits: [(bit: UInt32, symbology: Symbology)] = [
        (1 << 0, .aztec), (1 << 1, .codabar), (1 << 2, .code39), (1 << 3, .code93), (1 << 4, .code128), (1 << 5, .dataBar),
        (1 << 6, .dataBarExpanded), (1 << 7, .dataMatrix), (1 << 8, .ean8), (1 << 9, .ean13), (1 << 10, .interleaved2of5),
        (1 << 11, .maxiCode), (1 << 12, .pdf417), (1 << 13, .qrCode), (1 << 14, .upcA), (1 << 15, .upcE), (1 << 16, .microQR),
    ]

    /// zxing-cpp's content type for GS1 element strings.
    static let contentTypeGS1: Int32 = 3
    /// zxing-cpp's content type for binary data.
    static let contentTypeBinary: Int32 = 1

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        var wanted = options.symbologies.intersection(formats)
        // ISBNs are EAN-13s that zxing-cpp reports as such.
        if wanted.contains(.isbn13) || wanted.contains(.isbn10) { wanted.insert(.ean13) }
        let bits = Self.formatBits.filter { wanted.contains($0.symbology) }.reduce(UInt32(0)) { $0 | $1.bit }
        guard bits != 0 else { return [] }
        let region = (options.regionOfInterest ?? image.bounds).clamped(width: image.width, height: image.height)
        guard !region.isEmpty else { return [] }
        let looks = options.effort == .thorough ? thorough : fast
        var zxOptions = SaomaZXOptions(
            formats: bits, try_harder: looks.tryHarder ? 1 : 0, try_rotate: looks.tryRotate ? 1 : 0,
            try_downscale: looks.tryDownscale ? 1 : 0, is_pure: 0, min_line_count: Int32(clamping: looks.minLineCount), max_symbols: 255,
            binarizer: 0)
        var results = SaomaZXResults(symbols: nil, count: 0)
        var error = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { pixels -> Int32 in
            guard let base = pixels.baseAddress else { return -1 }
            return saoma_zx_read(
                base + region.y * image.width + region.x, Int32(region.width), Int32(region.height), Int32(image.width), &zxOptions,
                &results, &error, error.count)
        }
        defer { saoma_zx_results_free(&results) }
        guard status == 0 else {
            lastError = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return []
        }
        lastError = nil
        var symbols: [Symbol] = []
        let offset = Point(x: Double(region.x), y: Double(region.y))
        for i in 0..<results.count {
            guard let symbol = Self.symbol(from: results.symbols[i], offset: offset, wanted: options.symbologies) else { continue }
            symbols.append(symbol)
        }
        return symbols.sortedInReadingOrder()
    }

    /// Saoma's symbol for one zxing-cpp result, or `nil` when its symbology was not asked for.
    static func symbol(from r: SaomaZXSymbol, offset: Point, wanted: Set<Symbology>) -> Symbol? {
        guard var format = formatBits.first(where: { $0.bit == r.format })?.symbology else { return nil }
        var bytes = Self.bytes(r.bytes, r.byte_count)
        if format == .ean13 { (format, bytes) = ISBN.reading(ofEAN13: bytes, wanted: wanted) }
        guard wanted.contains(format) else { return nil }
        if format == .maxiCode { bytes = maxiCodeCorrected(bytes) }
        // Linear reads of weakly checked symbologies stand only on enough agreeing scan lines and
        // a well-formed payload (check digits recomputed), as zbar's do.
        let look = LookRead(format: format, bytes: bytes, box: Rect(x: 0, y: 0, width: 0, height: 0), lineCount: Int(r.line_count))
        if !format.isTwoDimensional
            && (!ReadConfirmation.passesStaticChecks(format: format, bytes: bytes)
                || ReadConfirmation.needsSecondLook(look, aggressive: true))
        {
            return nil
        }
        let isGS1 = r.content_type == contentTypeGS1
        let text: String?
        if r.has_eci != 0 {
            // zxing-cpp converted each ECI segment to UTF-8 as the code declared it.
            text = String(validating: Self.bytes(r.text, r.text_count), as: UTF8.self)
        } else if format == .qrCode || format == .microQR {
            // QR codes without ECI come in any of the legacy encodings QR codes use.
            text = PayloadText.decode(bytes)
        } else if PayloadText.looksBinary(bytes) {
            text = nil
        } else {
            // The other symbologies' default character set is ISO-8859-1; UTF-8 is what phones write.
            text = String(validating: bytes, as: UTF8.self) ?? String(isoLatin1: bytes)
        }
        let c = r.corners
        let raw = [(c.0, c.1), (c.6, c.7), (c.4, c.5), (c.2, c.3)]  // top-left, bottom-left, bottom-right, top-right
        var corners = raw.map { Point(x: Double($0.0) + offset.x, y: Double($0.1) + offset.y) }
        if !format.isTwoDimensional {
            // A linear code's position is the line it was read on: report the box around it, with
            // some height, like zbar's linear reads.
            let box = Rect(bounding: corners)
            let height = Swift.max(box.height, 1)
            corners = [
                Point(x: box.minX, y: box.minY), Point(x: box.minX, y: box.minY + height), Point(x: box.maxX, y: box.minY + height),
                Point(x: box.maxX, y: box.minY),
            ]
        }
        var symbol = Symbol(format: format, bytes: bytes, text: text, corners: corners, isGS1: isGS1)
        if r.sequence_size >= 0 && r.sequence_index >= 0 {
            symbol.sequence = Symbol.Sequence(
                index: Int(r.sequence_index), count: Int(r.sequence_size), id: Self.bytes(r.sequence_id, r.sequence_id_count))
        }
        return symbol
    }

    /// MaxiCode bytes with zxing-cpp 1.4's mistake in code set A mended: its value 0 is CR
    /// (ISO/IEC 16023), which 1.4 reports as LF (later versions fixed the table). An LF can also
    /// come from code set E, reached only by shifting to it; code set A's CR is by far the more
    /// common, so every LF is taken for it.
    static func maxiCodeCorrected(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 == 0x0A ? 0x0D : $0 }
    }

    /// A copy of a buffer the results own.
    static func bytes(_ pointer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }
}
