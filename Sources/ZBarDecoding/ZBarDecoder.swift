// SPDX-License-Identifier: GPL-3.0-or-later
import CharsetConversion
import SaomaCore

/// Reads every zbar symbology from greyscale images, with extra passes beyond plain zbar.
///
/// Owns one zbar scanner: not thread-safe. Make one decoder per thread (it is cheap).
public final class ZBarDecoder: BarcodeDecoder {
    /// The zbar scanner; `nil` only when zbar could not allocate one (then nothing is found).
    private let scanner: ZBarScanner?

    public init() {
        scanner = ZBarScanner()
    }

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        guard let scanner, !options.symbologies.isEmpty else { return [] }
        let region = (options.regionOfInterest ?? image.bounds).clamped(width: image.width, height: image.height)
        guard !region.isEmpty else { return [] }
        let crop = image.cropped(to: region)
        let wanted = options.symbologies
        let addOns: Set<Symbology> = [.ean2, .ean5]
        var mainSymbologies = Self.zbarSymbologies(for: wanted).subtracting(addOns)
        // Add-ons asked for alone are read directly; otherwise they are looked for next to the
        // EAN/UPC codes found (zbar's add-on mode costs main-code reads and adds misreads).
        if mainSymbologies.isDisjoint(with: Self.addOnHosts) { mainSymbologies.formUnion(wanted.intersection(addOns)) }
        scanner.configure(symbologies: mainSymbologies)
        // A still image's reads must not depend on the images decoded before it (zbar keeps
        // DataBar segments and EAN halves between scans); live frames keep that state, as zbarcam
        // does, since consecutive frames show the same scene.
        if options.effort == .thorough { scanner.renew() }
        var reads = DecodePasses.run(on: crop, effort: options.effort, scanner: scanner)
        if options.effort == .thorough && !wanted.isDisjoint(with: addOns) && !mainSymbologies.isDisjoint(with: Self.addOnHosts) {
            reads = attachAddOns(to: reads, in: crop, wanted: wanted.intersection(addOns), scanner: scanner)
        }
        let offset = Point(x: Double(region.x), y: Double(region.y))
        var symbols: [Symbol] = []
        for read in reads {
            guard let symbol = Self.symbol(from: read, offset: offset, wanted: wanted) else { continue }
            symbols.append(symbol)
        }
        return symbols.sortedInReadingOrder()
    }

    /// Symbologies that can carry an EAN-2/EAN-5 add-on.
    static let addOnHosts: Set<Symbology> = [.ean13, .ean8, .upcA, .upcE]

    /// Fewest scan lines that must agree on a symbology without a mandatory check digit (zbar's
    /// quality figure): one-line reads of these are mostly noise.
    static func minimumQuality(for format: Symbology) -> Int {
        switch format {
        case .interleaved2of5: return 4
        case .code39, .codabar: return 2
        default: return 1
        }
    }

    /// Whether a read is likely real: enough agreeing scan lines for its symbology.
    static func isTrustworthy(_ read: RawRead) -> Bool {
        read.quality >= minimumQuality(for: read.format)
    }

    /// Looks for add-ons just right of each EAN/UPC read and appends them (`"978…449 51299"`).
    private func attachAddOns(to reads: [RawRead], in image: LumaImage, wanted: Set<Symbology>, scanner: ZBarScanner) -> [RawRead] {
        var result = reads
        let hosts = reads.indices.filter { Self.addOnHosts.contains(reads[$0].format) }
        guard !hosts.isEmpty else { return reads }
        scanner.configure(symbologies: Self.addOnHosts.union(wanted))
        for index in hosts {
            let box = Rect(bounding: reads[index].points)
            // The add-on sits right of the main code within about 60 % of its width.
            let reach = max(box.width, 20)
            let area = PixelRect(
                covering: Rect(x: box.minX, y: box.minY - reach * 0.3, width: box.width + reach * 0.6, height: box.height + reach * 0.6))
            let clamped = area.clamped(width: image.width, height: image.height)
            guard !clamped.isEmpty else { continue }
            let found = scanner.scan(image.cropped(to: clamped))
            guard let addOn = found.first(where: { wanted.contains($0.format) && $0.quality >= 2 }) else { continue }
            result[index].bytes += [UInt8(ascii: " ")] + addOn.bytes
        }
        return result
    }

    /// What to enable in zbar for `wanted` (ISBNs come from EAN-13).
    static func zbarSymbologies(for wanted: Set<Symbology>) -> Set<Symbology> {
        var set = wanted
        if set.contains(.isbn10) || set.contains(.isbn13) { set.insert(.ean13) }
        return set
    }

    /// The symbol to report for a read, or `nil` when its symbology was not asked for.
    static func symbol(from read: RawRead, offset: Point, wanted: Set<Symbology>) -> Symbol? {
        var format = read.format
        var bytes = read.bytes
        if format == .ean13 { (format, bytes) = ISBN.reading(ofEAN13: bytes, wanted: wanted) }
        if format == .code39, let full = Code39.fullASCII(bytes) { bytes = full }
        guard wanted.contains(format) else { return nil }
        let text: String?
        switch format {
        case .qrCode: text = PayloadText.decode(bytes)
        case .code128: text = Code128.text(bytes)
        default: text = String(decoding: bytes, as: UTF8.self)
        }
        var corners = read.points.map { Point(x: $0.x + offset.x, y: $0.y + offset.y) }
        if !format.isTwoDimensional && !corners.isEmpty {
            // zbar gives a linear code's scan points (two per scan line): report their outline.
            corners = Rect(bounding: corners).outline
        }
        var symbol = Symbol(format: format, bytes: bytes, text: text, corners: corners, isGS1: read.isGS1)
        symbol.assembly = read.joinedParts.map { Symbol.Assembly(total: $0, missing: []) }
        return symbol
    }
}

/// Code 39 full ASCII ("extended") decoding.
enum Code39 {
    /// The full-ASCII reading of a Code 39 payload when it uses the extension's shift pairs
    /// (`+A` → `a`, `/A` → `!`, `%U` → NUL, `$M` → CR…) and every pair is valid; otherwise `nil`
    /// (plain Code 39, reported as read).
    static func fullASCII(_ bytes: [UInt8]) -> [UInt8]? {
        let shifts: Set<UInt8> = [UInt8(ascii: "+"), UInt8(ascii: "%"), UInt8(ascii: "$"), UInt8(ascii: "/")]
        guard bytes.contains(where: shifts.contains) else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            guard shifts.contains(c) else {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < bytes.count, let decoded = pair(c, bytes[i + 1]) else { return nil }
            out.append(decoded)
            i += 2
        }
        return out
    }

    /// One shift pair's character, or `nil` when the pair is not defined.
    private static func pair(_ shift: UInt8, _ c: UInt8) -> UInt8? {
        let a = UInt8(ascii: "A")
        let z = UInt8(ascii: "Z")
        switch shift {
        case UInt8(ascii: "+"):
            return (a...z).contains(c) ? c + 32 : nil
        case UInt8(ascii: "$"):
            return (a...z).contains(c) ? c - a + 1 : nil
        case UInt8(ascii: "/"):
            if (a...UInt8(ascii: "O")).contains(c) { return c - a + 0x21 }
            return c == z ? UInt8(ascii: ":") : nil
        default:
            switch c {
            case UInt8(ascii: "U"): return 0
            case a...UInt8(ascii: "E"): return c - a + 0x1B
            case UInt8(ascii: "F")...UInt8(ascii: "J"): return c - UInt8(ascii: "F") + 0x3B
            case UInt8(ascii: "K")...UInt8(ascii: "O"): return c - UInt8(ascii: "K") + 0x5B
            case UInt8(ascii: "P")...UInt8(ascii: "T"): return c - UInt8(ascii: "P") + 0x7B
            case UInt8(ascii: "V"): return UInt8(ascii: "@")
            case UInt8(ascii: "W"): return UInt8(ascii: "`")
            case UInt8(ascii: "X")...z: return 0x7F
            default: return nil
            }
        }
    }
}
