// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Foundation
import QREncoding
import SaomaCore
import SaomaTestSupport
import StillImageReading
import Testing
import ZBarDecoding

@testable import PixbufIO

/// Big JPEGs decoded at 1/2 while they are decoded (libjpeg's DCT scaling through gdk-pixbuf),
/// read there first, with corners mapped back to the full photo's pixels.
@Suite("Big photos read reduced first")
struct StillImageReadingTests {
    static let width = 4000
    static let height = 3000
    /// Pixels per QR module at full resolution, and where the code's top-left module is drawn.
    static let module = 8
    static let origin = (x: 1213, y: 837)
    /// QR codes only: what is tested here is the reduced path, not the decoder's confirmation of
    /// other symbologies (zbar alone reads a "DataBar" in this synthetic noise).
    static let qrOnly = DecodeOptions(symbologies: [.qrCode])

    /// A grey 4000×3000 textured photo with, when given, a QR code at `origin`.
    static func photo(code: QRMatrix?) -> [UInt8] {
        photo(codes: code.map { [($0, origin, module)] } ?? [])
    }

    /// The same photo with each code drawn at its top-left module with its pixels per module.
    static func photo(codes: [(QRMatrix, (x: Int, y: Int), Int)]) -> [UInt8] {
        TexturedPhoto.pixels(width: width, height: height, codes: codes)
    }

    @Test("corners of a code read reduced land where it was drawn", arguments: [ImageOrientation.up, .right, .downMirrored])
    func cornersAtFullResolution(orientation: ImageOrientation) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let text = "https://example.org/reduced-\(orientation.rawValue)"
        let code = try QREncoder.encode(.text(text), level: .medium)
        let jpeg = try files.jpeg(width: Self.width, height: Self.height, pixels: Self.photo(code: code), orientation: orientation.rawValue)
        let path = try files.write(jpeg, name: "big.jpg")
        let loader = ImageLoader()
        let image = try loader.load(path: path, reduced: true)
        let reduction = try #require(image.reduction)
        #expect(reduction.denominator == 2)
        #expect(image.width * image.height == 2000 * 1500)
        #expect(image.fullWidth == (orientation.swapsAxes ? 3000 : 4000) && image.fullHeight == (orientation.swapsAxes ? 4000 : 3000))
        // The memory held is the reduced image's, not the photo's.
        #expect(image.reservation?.bytes == 2000 * 1500 * ImageLoader.bytesPerPixel)

        var fullLoads = 0
        let symbols = try image.decodeReducedFirst(with: ZBarDecoder(), options: Self.qrOnly) { () throws(ImageLoadError) in
            fullLoads += 1
            return try loader.load(path: path)
        }
        #expect(fullLoads == 0, "the reduced pixels alone should show the code")
        try #require(symbols.count == 1)
        #expect(symbols[0].text == text)
        // Where the code was drawn, upright: the stored square's corners turned like the photo.
        let side = Double(code.size * Self.module)
        let x0 = Double(Self.origin.x)
        let y0 = Double(Self.origin.y)
        let stored = Size(width: Double(Self.width), height: Double(Self.height))
        let drawn = Rect(
            bounding: [Point(x: x0, y: y0), Point(x: x0 + side, y: y0 + side)].map { orientation.displayPoint($0, storedSize: stored) })
        let found = Rect(bounding: symbols[0].corners)
        let tolerance = 4.0
        #expect(abs(found.minX - drawn.minX) <= tolerance, "left \(found.minX) vs \(drawn.minX)")
        #expect(abs(found.minY - drawn.minY) <= tolerance, "top \(found.minY) vs \(drawn.minY)")
        // zbar's corners are pixel indices: the last drawn pixel is one before the square's edge.
        #expect(abs(found.maxX - (drawn.maxX - 1)) <= tolerance, "right \(found.maxX) vs \(drawn.maxX - 1)")
        #expect(abs(found.maxY - (drawn.maxY - 1)) <= tolerance, "bottom \(found.maxY) vs \(drawn.maxY - 1)")
    }

    @Test("a big photo with nothing like a code is not read at full resolution")
    func noCodeNoFullResolution() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let jpeg = try files.jpeg(width: Self.width, height: Self.height, pixels: Self.photo(code: nil), orientation: 1)
        let path = try files.write(jpeg, name: "empty.jpg")
        let loader = ImageLoader()
        let image = try loader.load(path: path, reduced: true)
        #expect(image.reduction?.denominator == 2)
        var fullLoads = 0
        var fullSize = (0, 0)
        let symbols = try image.decodeReducedFirst(with: ZBarDecoder(), options: Self.qrOnly) { () throws(ImageLoadError) in
            fullLoads += 1
            let full = try loader.load(path: path)
            fullSize = (full.width, full.height)
            return full
        }
        #expect(symbols.isEmpty)
        #expect(fullLoads == 0, "loaded at \(fullSize)")
    }

    /// A code too small to read reduced (3 pixels per module at full resolution, 1.5 reduced),
    /// alone or beside a big one that the reduced look reads.
    @Test("a small code is read at full resolution where the reduced look suspects it", arguments: [false, true])
    func smallCodeReadInItsRegion(besideBigCode: Bool) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let small = try QREncoder.encode(.text("https://example.org/small"), level: .medium)
        let big = try QREncoder.encode(.text("https://example.org/big"), level: .medium)
        var codes = [(small, (x: 2900, y: 2100), 3)]
        if besideBigCode { codes.append((big, (x: 800, y: 700), 12)) }
        let jpeg = try files.jpeg(width: Self.width, height: Self.height, pixels: Self.photo(codes: codes), orientation: 1)
        let path = try files.write(jpeg, name: "two.jpg")
        let loader = ImageLoader()
        let image = try loader.load(path: path, reduced: true)
        #expect(image.reduction?.denominator == 2)
        // Reduced alone, the small code is not read (else this test shows nothing).
        let reducedOnly = ZBarDecoder().decode(image.luma, options: Self.qrOnly)
        #expect(!reducedOnly.contains { $0.text == "https://example.org/small" })
        var fullLoads = 0
        let symbols = try image.decodeReducedFirst(with: ZBarDecoder(), options: Self.qrOnly) { () throws(ImageLoadError) in
            fullLoads += 1
            return try loader.load(path: path)
        }
        #expect(fullLoads == 1)
        #expect(
            symbols.map(\.text)
                == (besideBigCode ? ["https://example.org/big", "https://example.org/small"] : ["https://example.org/small"]))
        // The small code's corners are in the full photo's pixels, where it was drawn.
        let found = try #require(symbols.last.map { Rect(bounding: $0.corners) })
        let side = Double(small.size * 3)
        #expect(abs(found.minX - 2900) <= 4 && abs(found.minY - 2100) <= 4)
        #expect(abs(found.maxX - (2900 + side - 1)) <= 4 && abs(found.maxY - (2100 + side - 1)) <= 4)
    }
}
