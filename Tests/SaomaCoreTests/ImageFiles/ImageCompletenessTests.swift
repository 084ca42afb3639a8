// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Image completeness")
struct ImageCompletenessTests {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16((v >> 16) & 0xFFFF) }
    static func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    /// A PNG-shaped chunk sequence (CRCs are not checked here): signature, IHDR, IDAT, IEND.
    static let png: [UInt8] = {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += be32(13) + Array("IHDR".utf8) + [UInt8](repeating: 1, count: 13) + [0, 0, 0, 0]
        out += be32(40) + Array("IDAT".utf8) + [UInt8](repeating: 2, count: 40) + [0, 0, 0, 0]
        out += be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        return out
    }()

    /// A 4×3 24-bit bottom-up BMP: 14-byte file header, 40-byte info header, 3 rows of 12 bytes.
    static let bmp: [UInt8] = {
        var out = Array("BM".utf8) + le32(54 + 36) + [0, 0, 0, 0] + le32(54)
        out += le32(40) + le32(4) + le32(3) + le16(1) + le16(24) + le32(0) + le32(36) + [UInt8](repeating: 0, count: 16)
        return out + [UInt8](repeating: 7, count: 36)
    }()

    /// A 3×2 24-bit BMP: rows of 9 bytes padded to 12; the last row's padding left out.
    static let bmpUnpaddedEnd: [UInt8] = {
        var out = Array("BM".utf8) + le32(0) + [0, 0, 0, 0] + le32(54)
        out += le32(40) + le32(3) + le32(2) + le16(1) + le16(24) + le32(0) + le32(0) + [UInt8](repeating: 0, count: 16)
        return out + [UInt8](repeating: 7, count: 12 + 9)
    }()

    /// An icon directory with two images of 20 and 30 bytes, stored after the directory.
    static let ico: [UInt8] = {
        var out: [UInt8] = [0, 0, 1, 0] + le16(2)
        out += [16, 16, 0, 0] + le16(1) + le16(32) + le32(20) + le32(38)
        out += [32, 32, 0, 0] + le16(1) + le16(32) + le32(30) + le32(58)
        return out + [UInt8](repeating: 3, count: 50)
    }()

    static let webp: [UInt8] = Array("RIFF".utf8) + le32(24) + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 5, count: 16)
    static let ppm: [UInt8] = Array("P6\n2 2\n255\n".utf8) + [UInt8](repeating: 9, count: 12)

    /// (name, format, whole file)
    static let files: [(String, ImageFileFormat, [UInt8])] = [
        ("PNG", .png, png), ("BMP", .bmp, bmp), ("BMP without the last row's padding", .bmp, bmpUnpaddedEnd), ("ICO", .ico, ico),
        ("WebP", .webp, webp), ("PPM", .pnm, ppm),
    ]

    @Test("whole files are complete, every cut is not, in any chunking", arguments: files)
    func everyCutIsIncomplete(name: String, format: ImageFileFormat, file: [UInt8]) {
        var whole = ImageCompleteness(format: format)
        whole.feed(file[...])
        #expect(whole.missingData == nil, "\(name): \(whole.missingData ?? "")")
        var byteByByte = ImageCompleteness(format: format)
        for b in file { byteByByte.feed([b][...]) }
        #expect(byteByByte.missingData == nil, "\(name), byte by byte")
        let lastCut = name.contains("padding") ? file.count - 1 : file.count
        for cut in 1..<lastCut {
            var part = ImageCompleteness(format: format)
            part.feed(file[..<cut])
            #expect(part.missingData != nil, "\(name) cut at \(cut) of \(file.count)")
        }
    }

    /// (name, format, bytes, expected reason's start)
    static let damagedRows: [(String, ImageFileFormat, [UInt8], String)] = [
        (
            "PNG chunk length above 2³¹", .png, Array(png[0..<8]) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8),
            "a PNG chunk length is out of range"
        ),
        ("WebP claiming 4 GB", .webp, Array("RIFF".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WEBPVP8 ".utf8), "the WebP file is shorter"),
        (
            "ICO image beyond the end", .ico, [0, 0, 1, 0] + le16(1) + [1, 1, 0, 0, 1, 0, 32, 0] + le32(1 << 30) + le32(22),
            "icon image 1 of 1"
        ),
        ("ICO directory cut", .ico, [0, 0, 1, 0] + le16(300) + [UInt8](repeating: 0, count: 40), "the icon directory is cut short"),
        ("PPM raster 4 GB", .pnm, Array("P6\n65535 65535\n255\n".utf8), "the PNM raster is cut short"),
        (
            "BMP RLE data cut", .bmp, Array(bmp[0..<30]) + le32(1) + le32(500) + [UInt8](repeating: 0, count: 16),
            "the BMP pixel data is cut short"
        ),
    ]

    @Test("inconsistent structures name what is wrong", arguments: damagedRows)
    func namesWhatIsWrong(name: String, format: ImageFileFormat, bytes: [UInt8], reason: String) throws {
        var check = ImageCompleteness(format: format)
        check.feed(bytes[...])
        let missing = try #require(check.missingData, "\(name)")
        #expect(missing.hasPrefix(reason), "\(name): \(missing)")
        #expect(!missing.contains("\n"))
    }

    @Test("a BMP palette over 256 colours is refused before the loader sees it (found by fuzzing)")
    func oversizePalette() {
        var hostile = Self.bmp
        hostile.replaceSubrange(46..<50, with: Self.le32(0xFFCA_0010))
        var completeness = ImageCompleteness(format: .bmp)
        completeness.feed(hostile[...])
        #expect(completeness.invalidHeader == "the BMP header claims a palette of 4291428368 colours")
        var normal = ImageCompleteness(format: .bmp)
        normal.feed(Self.bmp[...])
        #expect(normal.invalidHeader == nil)
    }

    @Test("a BMP info header of a size no BMP version has is refused before the loader sees it (found by fuzzing)")
    func oddInfoHeaderSize() {
        let hostile: [UInt8] = [
            0x42, 0x4D, 0x8E, 0x4D, 0x8E, 0x02, 0xFF, 0xFF, 0x10, 0x00, 0x00, 0x54, 0x55, 0x00, 0x46, 0x2D, 0x02, 0xFF, 0xFF, 0x10,
            0x00, 0x00, 0x54, 0x55, 0x00, 0x46, 0x2D,
        ]
        var completeness = ImageCompleteness(format: .bmp)
        completeness.feed(hostile[...])
        #expect(completeness.invalidHeader == "the BMP header states an info header of 4278332742 bytes")
        for size in [12, 40, 108, 124] {
            var bytes = Self.bmp
            bytes.replaceSubrange(14..<18, with: Self.le32(size))
            var check = ImageCompleteness(format: .bmp)
            check.feed(bytes[...])
            #expect(check.invalidHeader == nil, "info header of \(size) bytes")
        }
    }

    @Test("GIF and TIFF are left to their loaders, plain-text PNM to its rows")
    func leftToLoaders() {
        for (format, bytes) in [
            (ImageFileFormat.gif, Array("GIF89a".utf8)), (.tiff, [0x49, 0x49, 0x2A, 0]), (.pnm, Array("P3\n2 2\n255\n1 2".utf8)),
        ] {
            var check = ImageCompleteness(format: format)
            check.feed(bytes[...])
            #expect(check.missingData == nil, "\(format)")
        }
    }
}
