// SPDX-License-Identifier: GPL-3.0-or-later

/// The image file formats Saoma loads, recognised by their first bytes (never by file name).
///
/// An explicit allow-list: each is a raster format whose size is announced in a header before
/// any pixel is allocated, decoded by one gdk-pixbuf loader chosen here. Everything else is
/// refused before a loader sees a byte; see docs/HOSTILE-INPUT.md for why SVG, XPM and the
/// rest are not on the list.
public enum ImageFileFormat: String, CaseIterable, Sendable {
    case png, jpeg, gif, bmp, ico, tiff, webp, pnm

    /// The name of the gdk-pixbuf loader for this format (`gdk_pixbuf_loader_new_with_type`).
    public var loaderName: String { rawValue }

    /// The format's usual name, for messages.
    public var displayName: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .gif: return "GIF"
        case .bmp: return "BMP"
        case .ico: return "ICO"
        case .tiff: return "TIFF"
        case .webp: return "WebP"
        case .pnm: return "PNM"
        }
    }

    /// Bytes needed at the start of a file for `sniff` to recognise every format.
    public static let sniffLength = 16

    /// What the first bytes of a file say it is.
    public enum Sniffed: Equatable, Sendable {
        /// A format on the allow-list.
        case allowed(ImageFileFormat)
        /// A recognised image format that is deliberately not loaded (its usual name).
        case refused(String)
        /// Not a recognised image format.
        case unknown
    }

    /// Recognises a file from its first bytes (at least `sniffLength` of them when the file has
    /// that many).
    public static func sniff(_ head: some Collection<UInt8>) -> Sniffed {
        let b = Array(head.prefix(sniffLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + magic.count && Array(b[offset..<(offset + magic.count)]) == magic
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .allowed(.png) }
        if starts([0xFF, 0xD8, 0xFF]) { return .allowed(.jpeg) }
        if ascii("GIF87a") || ascii("GIF89a") { return .allowed(.gif) }
        if ascii("BM") && b.count >= 14 { return .allowed(.bmp) }
        // Icons and cursors: reserved 0, type 1 or 2, at least one image.
        if b.count >= 6 && b[0] == 0 && b[1] == 0 && (b[2] == 1 || b[2] == 2) && b[3] == 0 && (b[4] != 0 || b[5] != 0) {
            return .allowed(.ico)
        }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .allowed(.tiff) }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return .allowed(.webp) }
        if ascii("RIFF") && ascii("ACON", at: 8) { return .refused("ANI") }
        if b.count >= 3 && b[0] == UInt8(ascii: "P") && (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[1])
            && PNMHeader.isSpace(b[2])
        {
            return .allowed(.pnm)
        }
        if ascii("/* XPM */") { return .refused("XPM") }
        if ascii("#define ") { return .refused("XBM") }
        if ascii("icns") { return .refused("ICNS") }
        if ascii("ftypavif", at: 4) || ascii("ftypavis", at: 4) { return .refused("AVIF") }
        if ascii("ftyphei", at: 4) || ascii("ftypmif1", at: 4) || ascii("ftypheic", at: 4) { return .refused("HEIF") }
        if starts([0x1F, 0x8B]) { return .refused("gzip (SVGZ)") }
        // SVG and other XML: "<" after optional UTF-8 BOM and whitespace.
        var i = starts([0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < b.count && PNMHeader.isSpace(b[i]) { i += 1 }
        if i < b.count && b[i] == UInt8(ascii: "<") { return .refused("SVG/XML") }
        return .unknown
    }
}
