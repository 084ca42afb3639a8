// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import PixbufIO

@Suite("Image loading")
struct ImageLoaderTests {
    /// A 40×20 white image with a black 10×10 square in its stored top-left corner.
    static let marked: [UInt8] = (0..<(40 * 20)).map { i in (i % 40 < 10 && i / 40 < 10) ? 0 : 255 }

    @Test("applies every EXIF orientation", arguments: ImageOrientation.allCases)
    func appliesExifOrientation(orientation: ImageOrientation) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let jpeg = try files.jpeg(width: 40, height: 20, pixels: Self.marked, orientation: orientation.rawValue)
        let path = try files.write(jpeg, name: "o\(orientation.rawValue).jpg")
        let image = try ImageLoader().load(path: path)
        #expect(image.orientation == orientation)
        let size = orientation.displaySize(ofStored: Size(width: 40, height: 20))
        #expect(image.width == Int(size.width) && image.height == Int(size.height))
        // The square's centre lands where the orientation maps it; the opposite corner stays white.
        let mark = orientation.displayPoint(Point(x: 5, y: 5), storedSize: Size(width: 40, height: 20))
        let far = orientation.displayPoint(Point(x: 35, y: 15), storedSize: Size(width: 40, height: 20))
        #expect(image.luma[Int(mark.x), Int(mark.y)] < 64)
        #expect(image.luma[Int(far.x), Int(far.y)] > 192)
    }

    @Test("loads the same pixels from memory as from a file, with display pixels on request")
    func loadsFromMemory() throws {
        let files = try TestFiles()
        defer { files.remove() }
        var rgb: [UInt8] = []
        for i in 0..<(6 * 4) { rgb += [UInt8(i * 10), 200, UInt8(255 - i * 10)] }
        let png = TestFiles.png(width: 6, height: 4, channels: 3, pixels: rgb)
        let path = try files.write(png, name: "rgb.png")
        let fromFile = try ImageLoader().load(path: path, wantDisplay: true)
        let fromMemory = try ImageLoader().load(bytes: png, name: "pasted image", wantDisplay: true)
        #expect(fromFile.luma == fromMemory.luma)
        let display = try #require(fromMemory.display)
        #expect(!display.hasAlpha && display.width == 6 && display.height == 4)
        #expect(Array(display.bytes[0..<3]) == [0, 200, 255])
        let row1 = display.rowstride
        #expect(Array(display.bytes[row1..<(row1 + 3)]) == [60, 200, 195])
        #expect(fromFile.display == nil || fromFile.display == display)
    }

    @Test("display pixels of a large photo are shrunk and turned upright, the luma kept whole", arguments: [1, 6, 3])
    func displayShrunkUpright(exif: Int) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let orientation = try #require(ImageOrientation(rawValue: exif))
        let jpeg = try files.jpeg(width: 40, height: 20, pixels: Self.marked, orientation: exif)
        let image = try ImageLoader(maxDisplaySide: 10).load(bytes: jpeg, name: "photo", wantDisplay: true)
        let display = try #require(image.display)
        let upright = orientation.displaySize(ofStored: Size(width: 40, height: 20))
        #expect(image.width == Int(upright.width) && image.height == Int(upright.height))
        #expect(display.width == Int(upright.width) / 4 && display.height == Int(upright.height) / 4)
        // The dark square (stored top-left) shows where the orientation puts it, at a quarter scale.
        let mark = orientation.displayPoint(Point(x: 5, y: 5), storedSize: Size(width: 40, height: 20))
        let far = orientation.displayPoint(Point(x: 35, y: 15), storedSize: Size(width: 40, height: 20))
        func red(_ p: Point) -> UInt8 { display.bytes[Int(p.y / 4) * display.rowstride + Int(p.x / 4) * display.channels] }
        #expect(red(mark) < 96 && red(far) > 160, "mark \(red(mark)), far \(red(far))")
    }

    @Test("composites transparency over white")
    func compositesTransparencyOverWhite() throws {
        // Two pixels: opaque black, fully transparent black.
        let png = TestFiles.png(width: 2, height: 1, channels: 4, pixels: [0, 0, 0, 255, 0, 0, 0, 0])
        let image = try ImageLoader().load(bytes: png, name: "alpha", wantDisplay: true)
        #expect(image.luma.pixels == [0, 255])
        #expect(image.display?.hasAlpha == true)
    }

    @Test(
        "converts colour to luma with BT.601 weights, half-transparent pixels blended with white",
        arguments: [
            // (channels, one pixel, expected luma)
            (3, [255, 0, 0], 77), (3, [0, 255, 0], 149), (3, [0, 0, 255], 29), (3, [10, 20, 30], 18),
            (3, [255, 255, 255], 255), (4, [255, 0, 0, 255], 77), (4, [0, 0, 0, 128], 127), (4, [0, 255, 0, 51], 234),
        ])
    func convertsToLuma(channels: Int, pixel: [UInt8], expected: UInt8) throws {
        // Three identical pixels on two rows, so row and column stepping are exercised too.
        let png = TestFiles.png(width: 3, height: 2, channels: channels, pixels: Array([[UInt8]](repeating: pixel, count: 6).joined()))
        let image = try ImageLoader().load(bytes: png, name: "colour")
        #expect(image.luma.pixels == [UInt8](repeating: expected, count: 6))
    }

    @Test("refuses images above the pixel limit before decoding them")
    func refusesHugeImages() throws {
        let huge = TestFiles.pngHeaderOnly(width: 20_000, height: 20_000)
        #expect(throws: ImageLoadError.tooLarge("huge", width: 20_000, height: 20_000, limit: 100_000_000)) {
            try ImageLoader().load(bytes: huge, name: "huge")
        }
        let small = TestFiles.png(width: 20, height: 10, channels: 1, pixels: [UInt8](repeating: 9, count: 200))
        #expect(throws: ImageLoadError.tooLarge("small", width: 20, height: 10, limit: 100)) {
            try ImageLoader(maxPixels: 100).load(bytes: small, name: "small")
        }
    }

    /// Kinds of bad input and the error each must give.
    enum BadInput: String, CaseIterable {
        case missing, folder, empty, text, truncated
    }

    @Test("bad input gives a typed error naming the file", arguments: BadInput.allCases)
    func badInputGivesTypedError(kind: BadInput) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let png = TestFiles.png(width: 64, height: 64, channels: 1, pixels: [UInt8](repeating: 128, count: 64 * 64))
        let path: String
        let check: (ImageLoadError) -> Bool
        switch kind {
        case .missing:
            path = files.folder.appendingPathComponent("nothing-here.png").path
            check = { $0 == .notFound(path) }
        case .folder:
            path = files.folder.path
            check = { $0 == .isDirectory(path) }
        case .empty:
            path = try files.write([], name: "empty.png")
            check = { $0 == .empty(path) }
        case .text:
            path = try files.write(Array("just some words, not an image\n".utf8), name: "notes.png")
            check = { $0 == .notAnImage(path) }
        case .truncated:
            path = try files.write(Array(png[0..<(png.count / 2)]), name: "cut.png")
            check = {
                if case .damaged(let p, _) = $0 { return p == path }
                return false
            }
        }
        do {
            _ = try ImageLoader().load(path: path)
            Issue.record("\(kind) loaded without an error")
        } catch {
            #expect(check(error), "\(kind): \(error)")
            #expect(error.input == path)
            #expect(error.description.hasPrefix(path + ": "))
            #expect(!error.description.contains("\n"))
        }
    }
}
