// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// A 3×2 image whose pixels are all different: 0 1 2 / 3 4 5.
private let stored = LumaImage(width: 3, height: 2, pixels: [0, 1, 2, 3, 4, 5])!

@Suite("EXIF orientation")
struct ImageOrientationTests {
    /// Expected displayed pixels for each EXIF orientation of `stored`, by the EXIF definitions.
    static let table: [(ImageOrientation, Int, Int, [UInt8])] = [
        (.up, 3, 2, [0, 1, 2, 3, 4, 5]),
        (.upMirrored, 3, 2, [2, 1, 0, 5, 4, 3]),
        (.down, 3, 2, [5, 4, 3, 2, 1, 0]),
        (.downMirrored, 3, 2, [3, 4, 5, 0, 1, 2]),
        (.leftMirrored, 2, 3, [0, 3, 1, 4, 2, 5]),
        (.right, 2, 3, [3, 0, 4, 1, 5, 2]),
        (.rightMirrored, 2, 3, [5, 2, 4, 1, 3, 0]),
        (.left, 2, 3, [2, 5, 1, 4, 0, 3]),
    ]

    @Test("pixels land where EXIF says", arguments: table)
    func orientedPixelsMatchExifDefinition(orientation: ImageOrientation, width: Int, height: Int, pixels: [UInt8]) {
        let shown = stored.oriented(orientation)
        #expect(shown.width == width)
        #expect(shown.height == height)
        #expect(shown.pixels == pixels)
    }

    @Test("point mapping agrees with the pixel mapping", arguments: ImageOrientation.allCases)
    func pointMappingFollowsPixels(orientation: ImageOrientation) {
        let shown = stored.oriented(orientation)
        for y in 0..<stored.height {
            for x in 0..<stored.width {
                let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let p = orientation.displayPoint(centre, storedSize: stored.size)
                #expect(shown[Int(p.x), Int(p.y)] == stored[x, y])
            }
        }
    }

    @Test("stored point inverts display point", arguments: ImageOrientation.allCases)
    func storedPointInvertsDisplayPoint(orientation: ImageOrientation) {
        let size = Size(width: 640, height: 480)
        for p in [Point(x: 0, y: 0), Point(x: 10.5, y: 400), Point(x: 639, y: 1), Point(x: 320, y: 240)] {
            let back = orientation.storedPoint(orientation.displayPoint(p, storedSize: size), storedSize: size)
            #expect(back.distance(to: p) < 1e-9)
        }
    }

    @Test func displaySizeSwapsForQuarterTurns() {
        let s = Size(width: 4000, height: 3000)
        #expect(ImageOrientation.right.displaySize(ofStored: s) == Size(width: 3000, height: 4000))
        #expect(ImageOrientation.down.displaySize(ofStored: s) == s)
        #expect(ImageOrientation(exifValue: 42) == .up)
    }
}

@Suite("Luma image")
struct LumaImageTests {
    @Test func rejectsMismatchedPixelCount() {
        #expect(LumaImage(width: 2, height: 2, pixels: [1, 2, 3]) == nil)
    }

    @Test func cropClipsToTheImage() {
        let c = stored.cropped(to: PixelRect(x: 1, y: 1, width: 10, height: 10))
        #expect(c.width == 2 && c.height == 1)
        #expect(c.pixels == [4, 5])
    }

    /// (crop rectangle of a 4×3 image holding 0…11, expected width, height and pixels).
    static let crops: [(PixelRect, Int, Int, [UInt8])] = [
        (PixelRect(x: 1, y: 1, width: 2, height: 2), 2, 2, [5, 6, 9, 10]),
        (PixelRect(x: 3, y: 0, width: 5, height: 5), 1, 3, [3, 7, 11]),
        (PixelRect(x: 0, y: 2, width: 4, height: 1), 4, 1, [8, 9, 10, 11]),
        (PixelRect(x: -2, y: -2, width: 3, height: 3), 1, 1, [0]),
        (PixelRect(x: 10, y: 10, width: 2, height: 2), 0, 0, []),
    ]

    @Test(arguments: crops)
    func cropCopiesTheRowsInside(rect: PixelRect, width: Int, height: Int, pixels: [UInt8]) throws {
        let image = try #require(LumaImage(width: 4, height: 3, pixels: Array(0..<12)))
        let c = image.cropped(to: rect)
        #expect(c.width == width && c.height == height)
        #expect(c.pixels == pixels)
    }

    @Test func fourQuarterTurnsAreIdentity() {
        #expect(stored.rotated(quarterTurns: 4) == stored)
        #expect(stored.rotated(quarterTurns: 1).rotated(quarterTurns: 3) == stored)
        #expect(stored.rotated(quarterTurns: -1) == stored.rotated(quarterTurns: 3))
    }

    @Test func clockwiseTurnMovesTopRowToRightColumn() {
        let r = stored.rotated(quarterTurns: 1)
        #expect(r.width == 2 && r.height == 3)
        #expect([r[1, 0], r[1, 1], r[1, 2]] == [0, 1, 2])
    }

    @Test func mirrorTwiceIsIdentity() {
        #expect(stored.mirrored().pixels == [2, 1, 0, 5, 4, 3])
        #expect(stored.mirrored().mirrored() == stored)
    }
}

@Suite("Symbols")
struct SymbolTests {
    @Test func hexIsLowerCaseTwoDigits() {
        #expect(Symbol.hex([0, 0x1f, 0xab, 0xff]) == "001fabff")
    }

    @Test func readingOrderIsRowsThenColumns() {
        func sym(_ t: String, _ x: Double, _ y: Double) -> Symbol {
            Symbol(format: .qrCode, bytes: Array(t.utf8), text: t, corners: [Point(x: x, y: y), Point(x: x + 10, y: y + 10)])
        }
        let sorted = [sym("c", 10, 200), sym("b", 300, 5), sym("a", 10, 0)].sortedInReadingOrder()
        #expect(sorted.map(\.displayText) == ["a", "b", "c"])
    }

    @Test func symbologyAliases() {
        #expect(Symbology(userName: "qr") == .qrCode)
        #expect(Symbology(userName: "EAN13") == .ean13)
        #expect(Symbology(userName: "code-128") == .code128)
        #expect(Symbology(userName: "itf") == .interleaved2of5)
        #expect(Symbology(userName: "nonsense") == nil)
    }
}
