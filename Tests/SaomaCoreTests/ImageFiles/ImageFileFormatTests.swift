// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Image file formats")
struct ImageFileFormatTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// (name, first bytes, verdict)
    static let sniffRows: [(String, [UInt8], ImageFileFormat.Sniffed)] = [
        ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .allowed(.png)),
        ("PNG signature cut", [0x89, 0x50, 0x4E, 0x47], .unknown),
        ("JPEG", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16], .allowed(.jpeg)),
        ("GIF89a", bytes("GIF89a\u{1}\u{0}"), .allowed(.gif)),
        ("GIF87a", bytes("GIF87a"), .allowed(.gif)),
        ("BMP", bytes("BM") + [UInt8](repeating: 0, count: 14), .allowed(.bmp)),
        ("BMP header cut", bytes("BM") + [0, 0], .unknown),
        ("ICO", [0, 0, 1, 0, 1, 0, 16, 16], .allowed(.ico)),
        ("CUR", [0, 0, 2, 0, 1, 0, 16, 16], .allowed(.ico)),
        ("ICO with no images", [0, 0, 1, 0, 0, 0, 16, 16], .unknown),
        ("TIFF little-endian", [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0], .allowed(.tiff)),
        ("TIFF big-endian", [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8], .allowed(.tiff)),
        ("WebP", bytes("RIFF\u{10}\u{0}\u{0}\u{0}WEBPVP8 "), .allowed(.webp)),
        ("animated cursor", bytes("RIFF\u{10}\u{0}\u{0}\u{0}ACONanih"), .refused("ANI")),
        ("WAV is not an image", bytes("RIFF\u{10}\u{0}\u{0}\u{0}WAVEfmt "), .unknown),
        ("binary PPM", bytes("P6\n4 4\n255\n"), .allowed(.pnm)),
        ("plain PBM", bytes("P1 2 2 0 1 1 0"), .allowed(.pnm)),
        ("PAM is not loaded", bytes("P7\nWIDTH 4\n"), .unknown),
        ("P9", bytes("P9\n"), .unknown),
        ("SVG", bytes("<svg xmlns=\"http://www.w3.org/2000/svg\">"), .refused("SVG/XML")),
        ("SVG after BOM and spaces", [0xEF, 0xBB, 0xBF] + bytes("  \n<?xml version"), .refused("SVG/XML")),
        ("XPM", bytes("/* XPM */\nstatic char"), .refused("XPM")),
        ("XBM", bytes("#define a_width 8\n"), .refused("XBM")),
        ("ICNS", bytes("icns\u{0}\u{0}\u{1}\u{0}"), .refused("ICNS")),
        ("AVIF", [0, 0, 0, 28] + bytes("ftypavif"), .refused("AVIF")),
        ("HEIC", [0, 0, 0, 24] + bytes("ftypheic"), .refused("HEIF")),
        ("SVGZ", [0x1F, 0x8B, 8, 0], .refused("gzip (SVGZ)")),
        ("text", bytes("just some words"), .unknown),
        ("empty", [], .unknown),
        ("TGA has no magic: not loaded", [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 16, 0], .unknown),
    ]

    @Test("formats are recognised by their first bytes only", arguments: sniffRows)
    func sniffs(name: String, head: [UInt8], expected: ImageFileFormat.Sniffed) {
        #expect(ImageFileFormat.sniff(head) == expected, "\(name)")
        // Trailing bytes beyond the sniff length never change the verdict.
        #expect(ImageFileFormat.sniff(head + [UInt8](repeating: 0x41, count: 64)) == expected || head.count < 16, "\(name)")
    }

    /// (header text, kind, width, height, max value, raster offset); nil when invalid or cut.
    static let pnmRows: [(String, PNMHeader?)] = [
        ("P6\n4 3\n255\n", PNMHeader(kind: 6, width: 4, height: 3, maxValue: 255, rasterOffset: 11)),
        ("P5 # a comment\n2 2 # more\n65535 ", PNMHeader(kind: 5, width: 2, height: 2, maxValue: 65_535, rasterOffset: 32)),
        ("P4\n9 2\n", PNMHeader(kind: 4, width: 9, height: 2, maxValue: 1, rasterOffset: 7)),
        ("P1 3 1 ", PNMHeader(kind: 1, width: 3, height: 1, maxValue: 1, rasterOffset: 7)),
        ("P6\n4 3\n255", nil),  // cut: no whitespace after the last number
        ("P6\n4 ", nil),
        ("P6\n0 3\n255\n", nil),
        ("P6\n99999999999 3\n255\n", nil),
        ("P6\n4 3\n70000\n", nil),
        ("P6\n-4 3\n255\n", nil),
    ]

    @Test("PNM headers give the raster's place and length", arguments: pnmRows)
    func parsesPNMHeader(text: String, expected: PNMHeader?) {
        #expect(PNMHeader(Array(text.utf8)) == expected, "\(text.debugDescription)")
    }

    @Test(
        "binary PNM raster lengths", arguments: [("P4\n9 2\n", 4), ("P5\n3 2\n255\n", 6), ("P5\n3 2\n1000\n", 12), ("P6\n3 2\n255\n", 18)])
    func rasterLengths(text: String, length: Int) throws {
        #expect(try #require(PNMHeader(Array(text.utf8))).rasterLength == length)
    }
}

extension PNMHeader {
    init(kind: Int, width: Int, height: Int, maxValue: Int, rasterOffset: Int) {
        var header = PNMHeader(Array("P1 1 1 ".utf8))!
        header.kind = kind
        header.width = width
        header.height = height
        header.maxValue = maxValue
        header.rasterOffset = rasterOffset
        self = header
    }
}
