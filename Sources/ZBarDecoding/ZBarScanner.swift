// SPDX-License-Identifier: GPL-3.0-or-later
import CZBar
import SaomaCore

/// One symbol as zbar reported it, before text decoding and coordinate mapping.
struct RawRead: Sendable {
    var format: Symbology
    var bytes: [UInt8]
    /// zbar's location points in the scanned image's pixels.
    var points: [Point]
    /// zbar's quality figure (scan lines that agreed, for linear codes).
    var quality: Int
    /// zbar's GS1 modifier: FNC1 in first position (DataBar always; GS1-128).
    var isGS1 = false
    /// How many structured-append symbols zbar joined into this read (it joins a QR message only
    /// when every part is in the image), or `nil` for a read of one symbol.
    var joinedParts: Int?
}

/// Owns one `zbar_image_scanner_t` (created in `init`, destroyed in `deinit`).
///
/// Not thread-safe: each instance is used by one thread at a time (its `ZBarDecoder`'s).
final class ZBarScanner {
    private var scanner: OpaquePointer
    /// The symbologies the scanner is configured for (configuration is costly only on change).
    private var enabled: Set<Symbology> = []

    init?() {
        guard let s = Self.makeScanner() else { return nil }
        scanner = s
        configure(symbologies: Set(Symbology.allCases))
    }

    /// A new zbar scanner with Saoma's fixed settings and every symbology disabled.
    private static func makeScanner() -> OpaquePointer? {
        guard let scanner = zbar_image_scanner_create() else { return nil }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        // Raw bytes for QR: we decode the text ourselves (zbar's guess garbles UTF-8).
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        // Inverted images are an explicit pass of their own (`DecodePass.invert`).
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, 0)
        return scanner
    }

    /// Replaces the zbar scanner by a fresh one with the same settings.
    ///
    /// zbar's decoders keep state from one scanned image to the next (DataBar segments, EAN
    /// halves): without this, what is read in an image depends on the images scanned before, and
    /// segments of an earlier image can join into a misread.
    func renew() {
        guard let fresh = Self.makeScanner() else { return }
        zbar_image_scanner_destroy(scanner)
        scanner = fresh
        let symbologies = enabled
        enabled = []
        configure(symbologies: symbologies)
        let step = density
        density = 1
        setDensity(step)
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// Each zbar type Saoma reports and its symbology (ISBNs are derived from EAN-13 by us: zbar
    /// reports them as such only when its own ISBN decoders are on, which they never are).
    private static let types: [(type: zbar_symbol_type_t, symbology: Symbology)] = [
        (ZBAR_QRCODE, .qrCode), (ZBAR_EAN13, .ean13), (ZBAR_EAN8, .ean8), (ZBAR_UPCA, .upcA), (ZBAR_UPCE, .upcE),
        (ZBAR_ISBN10, .isbn10), (ZBAR_ISBN13, .isbn13), (ZBAR_EAN2, .ean2), (ZBAR_EAN5, .ean5), (ZBAR_CODE128, .code128),
        (ZBAR_CODE39, .code39), (ZBAR_CODE93, .code93), (ZBAR_I25, .interleaved2of5), (ZBAR_CODABAR, .codabar),
        (ZBAR_DATABAR, .dataBar), (ZBAR_DATABAR_EXP, .dataBarExpanded),
    ]

    /// The zbar types to enable for a symbology (none for Data Matrix, which zbar does not read).
    private static func zbarTypes(for symbology: Symbology) -> [zbar_symbol_type_t] {
        switch symbology {
        case .isbn10, .isbn13: return [ZBAR_EAN13]
        default: return types.filter { $0.symbology == symbology }.map(\.type)
        }
    }

    /// The symbology of a zbar type, or `nil` for types Saoma does not report.
    private static func symbology(of type: zbar_symbol_type_t) -> Symbology? {
        types.first { $0.type == type }?.symbology
    }

    /// Enables exactly the zbar decoders behind `symbologies`.
    func configure(symbologies: Set<Symbology>) {
        if symbologies != enabled {
            let wanted = Set(symbologies.flatMap { Self.zbarTypes(for: $0) }.map(\.rawValue))
            let all = Set(Symbology.allCases.flatMap { Self.zbarTypes(for: $0) }.map(\.rawValue))
            for type in all {
                zbar_image_scanner_set_config(scanner, zbar_symbol_type_t(rawValue: type), ZBAR_CFG_ENABLE, wanted.contains(type) ? 1 : 0)
            }
            enabled = symbologies
        }
    }

    /// The current scan density (see `setDensity`).
    private var density = 1

    /// Sets zbar's scan density: every `step`-th row and column is scanned (1 = all).
    func setDensity(_ step: Int) {
        guard step != density else { return }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(step))
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(step))
        density = step
    }

    /// Every symbol zbar finds in `image`.
    func scan(_ image: LumaImage) -> [RawRead] {
        guard image.width > 0, image.height > 0, let zimage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, saoma_zbar_fourcc_y800)
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBufferPointer { buffer -> [RawRead] in
            // zbar reads the pixels only during zbar_scan_image; no cleanup handler, we own them.
            zbar_image_set_data(zimage, buffer.baseAddress, UInt(buffer.count), nil)
            guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var reads: [RawRead] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let s = symbol {
                defer { symbol = zbar_symbol_next(s) }
                guard let format = Self.symbology(of: zbar_symbol_get_type(s)) else { continue }
                let length = Int(zbar_symbol_get_data_length(s))
                var bytes = [UInt8](repeating: 0, count: length)
                if length > 0, let data = zbar_symbol_get_data(s) {
                    bytes.withUnsafeMutableBytes { dst in
                        dst.copyMemory(from: UnsafeRawBufferPointer(start: data, count: length))
                    }
                }
                let count = zbar_symbol_get_loc_size(s)
                var points: [Point] = []
                points.reserveCapacity(Int(count))
                for i in 0..<count {
                    points.append(Point(x: Double(zbar_symbol_get_loc_x(s, i)), y: Double(zbar_symbol_get_loc_y(s, i))))
                }
                let isGS1 = zbar_symbol_get_modifiers(s) & (1 << ZBAR_MOD_GS1.rawValue) != 0
                var read = RawRead(format: format, bytes: bytes, points: points, quality: Int(zbar_symbol_get_quality(s)), isGS1: isGS1)
                // A joined message lists its parts as components (the set's size figure stays 0 in
                // zbar 0.23: they are counted one by one, at most QR's 16).
                if let parts = zbar_symbol_get_components(s) {
                    var count = 0
                    var part = zbar_symbol_set_first_symbol(parts)
                    while let p = part, count < 16 {
                        count += 1
                        part = zbar_symbol_next(p)
                    }
                    if count > 1 { read.joinedParts = count }
                }
                reads.append(read)
            }
            // zbar drops Code 128's FNC4: its extended characters are read again from the lines.
            return reads.compactMap { Code128Lines.resolve($0, in: image) }
        }
    }
}
