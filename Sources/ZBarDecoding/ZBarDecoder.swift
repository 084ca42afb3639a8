// SPDX-License-Identifier: GPL-3.0-or-later
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
        scanner.configure(symbologies: Self.zbarSymbologies(for: options.symbologies), testInverted: true)
        let reads = DecodePasses.run(on: crop, effort: options.effort, scanner: scanner)
        let offset = Point(x: Double(region.x), y: Double(region.y))
        var symbols: [Symbol] = []
        for read in reads {
            guard let symbol = Self.symbol(from: read, offset: offset, wanted: options.symbologies) else { continue }
            symbols.append(symbol)
        }
        return symbols.sortedInReadingOrder()
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
        if format == .ean13 {
            let isBook = bytes.starts(with: Array("978".utf8)) || bytes.starts(with: Array("979".utf8))
            if isBook && wanted.contains(.isbn13) {
                format = .isbn13
            } else if isBook && !wanted.contains(.ean13) && wanted.contains(.isbn10), let isbn10 = ISBN.tenDigits(fromEAN13: bytes) {
                format = .isbn10
                bytes = isbn10
            }
        }
        guard wanted.contains(format) else { return nil }
        let text = format == .qrCode ? PayloadText.decode(bytes) : String(decoding: bytes, as: UTF8.self)
        let corners = read.points.map { Point(x: $0.x + offset.x, y: $0.y + offset.y) }
        return Symbol(format: format, bytes: bytes, text: text, corners: corners)
    }
}

/// ISBN conversions.
enum ISBN {
    /// The ISBN-10 digits (with its mod-11 check character) of a 978-prefixed EAN-13, or `nil`.
    static func tenDigits(fromEAN13 ean: [UInt8]) -> [UInt8]? {
        guard ean.count == 13, ean.starts(with: Array("978".utf8)), ean.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let body = Array(ean[3..<12])
        var sum = 0
        for (i, d) in body.enumerated() { sum += (10 - i) * Int(d - 0x30) }
        let check = (11 - sum % 11) % 11
        return body + [check == 10 ? UInt8(ascii: "X") : UInt8(0x30 + check)]
    }
}
