// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import PixbufIO

/// Files an attacker would send: each row gives the error it must get, before any loader
/// allocates or blocks.
@Suite("Hostile images")
struct HostileImageTests {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16((v >> 16) & 0xFFFF) }

    /// An SVG of 100×100 embedding a PNG that announces 30000×30000 pixels (a `data:` image).
    static let svgWithHugePNG: [UInt8] = {
        let png = TestFiles.pngHeaderOnly(width: 30_000, height: 30_000)
        let encoded = Data(png).base64EncodedString()
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">\
            <image width="100" height="100" href="data:image/png;base64,\(encoded)"/></svg>
            """
        return Array(svg.utf8)
    }()

    /// A 200 KB SVG with one entity used 50 000 times.
    static let entityBomb: [UInt8] = {
        var svg = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [<!ENTITY a \"" + String(repeating: "x", count: 1000) + "\">]>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>" + String(repeating: "&a;", count: 50_000) + "</text></svg>\n"
        return Array(svg.utf8)
    }()

    /// 239 bytes of SVG asking for a huge blur.
    static let blurSVG: [UInt8] = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><filter id="b">\
        <feGaussianBlur stdDeviation="9999"/></filter><rect width="30000" height="30000" filter="url(#b)"/></svg>
        """.utf8)

    static let xpm: [UInt8] = Array("/* XPM */\nstatic char *x[] = {\"2 1 1 1\", \"a c #000000\", \"aa\"};\n".utf8)

    /// A BMP header announcing 60000×60000 24-bit pixels (10 GB decoded) and no pixels.
    static let hugeBMP: [UInt8] = {
        var out = Array("BM".utf8) + le32(54) + [0, 0, 0, 0] + le32(54)
        return out + le32(40) + le32(60_000) + le32(60_000) + le16(1) + le16(24) + le32(0) + le32(0) + [UInt8](repeating: 0, count: 16)
    }()

    /// A GIF whose screen and image announce 65535×65535 pixels.
    static let hugeGIF: [UInt8] = {
        var out = Array("GIF89a".utf8) + le16(65_535) + le16(65_535) + [0, 0, 0]
        out += [0x2C] + le16(0) + le16(0) + le16(65_535) + le16(65_535) + [0, 2, 2, 0x4C, 0x01, 0]
        return out
    }()

    enum Expected: Equatable {
        case unsupported(String)
        case tooLarge
    }

    /// (name, bytes, expected error)
    static let bufferRows: [(String, [UInt8], Expected)] = [
        ("SVG embedding a 30000×30000 PNG", svgWithHugePNG, .unsupported("SVG/XML")),
        ("SVG entity bomb (one entity ×50 000)", entityBomb, .unsupported("SVG/XML")),
        ("239-byte SVG with a huge blur", blurSVG, .unsupported("SVG/XML")),
        ("XPM", xpm, .unsupported("XPM")),
        ("BMP announcing 60000×60000", hugeBMP, .tooLarge),
        ("GIF announcing 65535×65535", hugeGIF, .tooLarge),
        ("PNG announcing 30000×30000", TestFiles.pngHeaderOnly(width: 30_000, height: 30_000), .tooLarge),
    ]

    @Test("hostile files are refused before a loader allocates", arguments: bufferRows)
    func refusedBeforeLoading(name: String, bytes: [UInt8], expected: Expected) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write(bytes, name: "hostile")
        for load in [{ try ImageLoader().load(path: path) }, { try ImageLoader().load(bytes: bytes, name: path) }] {
            do {
                _ = try load()
                Issue.record("\(name) loaded")
            } catch let error as ImageLoadError {
                switch (expected, error) {
                case (.unsupported(let format), .unsupportedFormat(let input, let got)):
                    #expect(input == path && got == format, "\(name)")
                case (.tooLarge, .tooLarge(let input, _, _, _)):
                    #expect(input == path, "\(name)")
                default:
                    Issue.record("\(name): \(error)")
                }
                #expect(error.description.hasPrefix(path + ": ") && !error.description.contains("\n"))
            }
        }
    }

    @Test("an XPM is never copied to a temporary file")
    func xpmNotCopiedToTemp() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write(Self.xpm, name: "icon.xpm")
        let tmp = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.hasPrefix("gdkpixbuf-xpm-tmp") })
        #expect(throws: ImageLoadError.unsupportedFormat(path, format: "XPM")) { try ImageLoader().load(path: path) }
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.hasPrefix("gdkpixbuf-xpm-tmp") })
        #expect(after.subtracting(before).isEmpty)
    }

    @Test("sparse 1 GiB files are refused by their size before reading", arguments: ["tiff", "svg", "xpm", "png"])
    func sparseGigabyteRefused(kind: String) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let heads: [String: [UInt8]] = [
            "tiff": [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0], "svg": Array("<svg xmlns='http://www.w3.org/2000/svg'>".utf8),
            "xpm": Array("/* XPM */\n".utf8), "png": TestFiles.pngHeaderOnly(width: 100, height: 100),
        ]
        let path = try files.write(heads[kind] ?? [], name: "sparse.\(kind)")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        #expect(throws: ImageLoadError.fileTooLarge(path, bytes: 1 << 30, limit: 128 << 20)) { try ImageLoader().load(path: path) }
        let message = ImageLoadError.fileTooLarge(path, bytes: 1 << 30, limit: 128 << 20).description
        #expect(message == "\(path): file too large (1074 MB; the limit is 135 MB)")
    }

    /// A GIF of a 1000×1000 screen whose first image fills it, followed by `frames` images of
    /// 1×1 pixel (24 bytes each), then `tail`.
    static func manyFrameGIF(frames: Int, tail: [UInt8] = [0x3B]) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [0xE8, 0x03, 0xE8, 0x03, 0x80, 0, 0, 255, 255, 255, 0, 0, 0]
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        // The first image: 1000×1000 white pixels.
        bytes += [0x2C, 0, 0, 0, 0, 0xE8, 0x03, 0xE8, 0x03, 0]
        bytes += lzwData(pixels: 1_000_000, index: 0)
        let small: [UInt8] = [0x21, 0xF9, 4, 0, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0]
        bytes.reserveCapacity(bytes.count + frames * small.count + tail.count)
        for _ in 0..<frames { bytes += small }
        return bytes + tail
    }

    /// LZW data (code size 2, in sub-blocks, with the terminator) of `pixels` pixels of colour
    /// `index`: a clear code before every two pixels keeps every code 3 bits wide.
    static func lzwData(pixels: Int, index: Int) -> [UInt8] {
        var codes: [Int] = []
        var left = pixels
        while left > 0 {
            codes.append(4)
            codes += [Int](repeating: index, count: min(2, left))
            left -= 2
        }
        codes.append(5)
        var packed: [UInt8] = []
        var bits = 0
        var count = 0
        for code in codes {
            bits |= code << count
            count += 3
            while count >= 8 {
                packed.append(UInt8(bits & 0xFF))
                bits >>= 8
                count -= 8
            }
        }
        if count > 0 { packed.append(UInt8(bits & 0xFF)) }
        var data: [UInt8] = [2]
        var start = 0
        while start < packed.count {
            let n = min(255, packed.count - start)
            data.append(UInt8(n))
            data += packed[start..<(start + n)]
            start += n
        }
        return data + [0]
    }

    @Test("an animated GIF is read at its first image: a million frames after it are never parsed")
    func manyFramesNeverParsed() throws {
        // gdk-pixbuf parses frames in time growing with the square of their number: over five
        // minutes for these 23 MB before.
        let image = try ImageLoader().load(bytes: Self.manyFrameGIF(frames: 1_000_000), name: "frames.gif")
        #expect(image.width == 1000 && image.height == 1000 && image.luma.pixels.allSatisfy { $0 > 250 })
        // Bytes after the first image never reach the loader, even when they are no GIF at all.
        let tail = try ImageLoader().load(bytes: Self.manyFrameGIF(frames: 3, tail: [0x99, 0x99, 0x99]), name: "tail.gif")
        #expect(tail.width == 1000 && tail.height == 1000)
    }

    @Test("a GIF whose first image covers part of its screen is whole, not cut")
    func smallFirstImage() throws {
        let bytes =
            Array("GIF89a".utf8) + [10, 0, 10, 0, 0x80, 0, 0, 255, 255, 255, 0, 0, 0]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        let image = try ImageLoader().load(bytes: bytes, name: "small.gif")
        #expect(image.width == 10 && image.height == 10)
    }

    @Test("buffers over the byte limit are refused")
    func bufferOverLimit() {
        let png = TestFiles.png(width: 40, height: 40, channels: 1, pixels: [UInt8](repeating: 0, count: 1600))
        #expect(throws: ImageLoadError.fileTooLarge("pasted", bytes: png.count, limit: 100)) {
            try ImageLoader(maxFileBytes: 100).load(bytes: png, name: "pasted")
        }
    }

    @Test("loader messages are one line without control characters")
    func loaderMessagesOneLine() {
        #expect(ImageLoader.oneLine("bad\nthing\u{1B}[2J\u{7}") == "bad thing [2J ")
        #expect(ImageLoader.oneLine(String(repeating: "é", count: 300)).count == 201)
    }

    /// Kinds of special files and how to make them.
    enum Special: String, CaseIterable {
        case fifo, fifoThroughSymlink, socket, devZero, devNull, folder
    }

    @Test("special files are refused without blocking", arguments: Special.allCases)
    func specialFilesNeverBlock(kind: Special) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path: String
        let expected: ImageLoadError
        switch kind {
        case .fifo, .fifoThroughSymlink:
            let fifo = files.folder.appendingPathComponent("pipe.png").path
            try #require(mkfifo(fifo, 0o600) == 0)
            path = kind == .fifo ? fifo : files.folder.appendingPathComponent("link.png").path
            if kind == .fifoThroughSymlink { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: fifo) }
            expected = .notRegularFile(path, kind: .fifo)
        case .socket:
            path = files.folder.appendingPathComponent("s.png").path
            try #require(TestFiles.bindSocket(at: path))
            expected = .notRegularFile(path, kind: .socket)
        case .devZero, .devNull:
            path = kind == .devZero ? "/dev/zero" : "/dev/null"
            expected = .notRegularFile(path, kind: .characterDevice)
        case .folder:
            path = files.folder.path
            expected = .isDirectory(path)
        }
        #expect(throws: expected) { try ImageLoader().load(path: path) }
    }

    @Test("the memory for decoded pixels is reserved while the image lives")
    func reservesMemory() throws {
        let budget = MemoryBudget(capacity: 1 << 20)
        let png = TestFiles.png(width: 40, height: 30, channels: 3, pixels: [UInt8](repeating: 99, count: 3600))
        var image: LoadedImage? = try ImageLoader(budget: budget).load(bytes: png, name: "a")
        #expect(budget.state.granted == 40 * 30 * ImageLoader.bytesPerPixel)
        var withDisplay: LoadedImage? = try ImageLoader(budget: budget).load(bytes: png, name: "b", wantDisplay: true)
        #expect(budget.state.granted == 40 * 30 * (2 * ImageLoader.bytesPerPixel + ImageLoader.displayBytesPerPixel))
        image = nil
        withDisplay?.releaseMemory()
        #expect(budget.state.granted == 0 && image == nil && withDisplay != nil)
        withDisplay = nil
        // A refused image reserves nothing.
        #expect(throws: ImageLoadError.self) { try ImageLoader(maxPixels: 10, budget: budget).load(bytes: png, name: "c") }
        #expect(budget.state.granted == 0 && budget.state.holders.isEmpty)
    }
}

extension TestFiles {
    /// Binds a Unix-domain socket at `path` (left bound; the file stays until removed).
    static func bindSocket(at path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }
}
