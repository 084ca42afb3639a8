// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore
import Testing

@testable import ZBarDecoding

/// The second look of `DecodePasses.confirmed`: real zbar scans of the place around a read.
@Suite("Read confirmation in the decoder")
struct DecoderConfirmationTests {
    static let sparse = DecodeStep(.plain, density: 2)

    /// A raw read as zbar would report it: `points` along one scan line.
    static func raw(_ format: Symbology, _ text: String, points: [Point], quality: Int) -> RawRead {
        RawRead(format: format, bytes: Array(text.utf8), points: points, quality: quality)
    }

    @Test("a one-line DataBar read on blank texture is dropped, a well-read one stays")
    func dropsUnconfirmedGhost() throws {
        let scanner = try #require(ZBarScanner())
        let texture = TestImages.noisy(LumaImage(width: 600, height: 400, fill: 140), amplitude: 40)
        let ghost = Self.raw(.dataBar, "0190075199321390", points: [Point(x: 300, y: 200)], quality: 1)
        #expect(DecodePasses.confirmed([ghost], by: Self.sparse, in: texture, scanner: scanner).isEmpty)
        let manyLines = Self.raw(.dataBar, "0190075199321390", points: [Point(x: 300, y: 200)], quality: 30)
        #expect(DecodePasses.confirmed([manyLines], by: Self.sparse, in: texture, scanner: scanner).count == 1)
        // The plain look at every line vouches for itself.
        #expect(DecodePasses.confirmed([ghost], by: DecodeStep(.plain), in: texture, scanner: scanner).count == 1)
    }

    @Test("malformed and self-contradicting reads are dropped whatever the look")
    func dropsMalformed() throws {
        let scanner = try #require(ZBarScanner())
        let blank = LumaImage(width: 400, height: 300, fill: 255)
        let badCheck = Self.raw(.ean13, "8413000065505", points: [Point(x: 100, y: 100), Point(x: 300, y: 100)], quality: 40)
        #expect(DecodePasses.confirmed([badCheck], by: DecodeStep(.plain), in: blank, scanner: scanner).isEmpty)
        let whole = Self.raw(.upcA, "036602301467", points: [Point(x: 100, y: 100), Point(x: 300, y: 160)], quality: 40)
        let partial = Self.raw(.ean8, "96385074", points: [Point(x: 150, y: 120), Point(x: 250, y: 140)], quality: 4)
        let kept = DecodePasses.confirmed([whole, partial], by: DecodeStep(.plain), in: blank, scanner: scanner)
        #expect(kept.map(\.format) == [.upcA])
    }

    @Test(
        "a real EAN-13 read weakly by a sparse look is confirmed by a second look at its place",
        .enabled(if: RealDataset.folder != nil, Comment(rawValue: RealDataset.absent)))
    func confirmsRealCode() throws {
        let folder = try #require(RealDataset.folder, "needs ../shared/testdata/real")
        let image = try ImageLoader().load(path: folder.appendingPathComponent("zxing/ean13-1/1.png").path).luma
        let scanner = try #require(ZBarScanner())
        scanner.setDensity(2)
        let found = scanner.scan(image).filter { $0.format == .ean13 }
        try #require(found.count == 1)
        var weak = found[0]
        weak.quality = 1
        let kept = DecodePasses.confirmed([weak], by: Self.sparse, in: image, scanner: scanner)
        #expect(kept.map(\.bytes) == [Array("8413000065504".utf8)])
        // Moved to where no code is, the same read finds no second look.
        var elsewhere = weak
        elsewhere.points = [Point(x: 20, y: 20)]
        #expect(DecodePasses.confirmed([elsewhere], by: Self.sparse, in: image, scanner: scanner).isEmpty)
    }
}
