// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("GIF first image")
struct GIFFirstFrameTests {
    /// Header and logical screen descriptor of a 4×2 screen, with a global colour table of 2
    /// entries (flags 0x80) or none.
    static func header(globalTable: Bool) -> [UInt8] {
        Array("GIF89a".utf8) + [4, 0, 2, 0, globalTable ? 0x80 : 0x00, 0, 0] + (globalTable ? [0, 0, 0, 255, 255, 255] : [])
    }
    /// A graphic control extension, an application extension (NETSCAPE looping) and a comment.
    static let extensions: [UInt8] =
        [0x21, 0xF9, 4, 0, 0, 0, 0, 0] + [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0] + [0x21, 0xFE, 2, 0x3B, 0x2C, 0]
    /// An image descriptor of 4×2 pixels, with a local colour table of 4 entries (flags 0x81) or
    /// none, its LZW code size and data in two sub-blocks (the data bytes look like blocks).
    static func image(localTable: Bool) -> [UInt8] {
        [0x2C, 0, 0, 0, 0, 4, 0, 2, 0, localTable ? 0x81 : 0x00] + (localTable ? [UInt8](repeating: 7, count: 12) : [])
            + [2, 2, 0x2C, 0x21, 1, 0x3B, 0]
    }

    static let cases: [(String, [UInt8], Int?)] = [
        ("one image, global table", header(globalTable: true) + image(localTable: false) + [0x3B], 13 + 6 + 17),
        ("extensions first, local table", header(globalTable: false) + extensions + image(localTable: true), 13 + 33 + 29),
        (
            "a second image after the first", header(globalTable: true) + image(localTable: false) + extensions + image(localTable: false),
            13 + 6 + 17
        ),
        ("cut in the image data", Array((header(globalTable: true) + image(localTable: false)).dropLast()), nil),
        ("cut in the local table", Array((header(globalTable: false) + image(localTable: true)).prefix(13 + 15)), nil),
        ("trailer before any image", header(globalTable: true) + [0x3B], nil),
        ("an unknown block", header(globalTable: true) + [0x00] + image(localTable: false), nil),
        ("cut in the header", Array("GIF89a".utf8) + [4, 0], nil),
    ]

    @Test("the first image ends after its data's zero-length sub-block", arguments: cases)
    func firstImageEnd(name: String, bytes: [UInt8], end: Int?) {
        var whole = GIFFirstFrame()
        whole.feed(bytes)
        #expect(whole.firstImageEnd == end, "\(name)")
        // Any chunking gives the same end.
        for size in [1, 2, 3, 7] {
            var split = GIFFirstFrame()
            var start = 0
            while start < bytes.count {
                split.feed(bytes[start..<min(bytes.count, start + size)])
                start += size
            }
            #expect(split.firstImageEnd == end, "\(name), chunks of \(size)")
        }
    }

    @Test("a million frames after the first are never walked")
    func stopsAtTheFirstImage() {
        let frame = [0x21, 0xF9, 4, 0, 0, 0, 0, 0] + Self.image(localTable: false)
        let frames = Array([[UInt8]](repeating: frame, count: 1000).joined())
        let bytes = Self.header(globalTable: true) + Self.image(localTable: false) + frames
        var tracker = GIFFirstFrame()
        tracker.feed(bytes)
        #expect(tracker.firstImageEnd == 13 + 6 + 17)
    }
}
