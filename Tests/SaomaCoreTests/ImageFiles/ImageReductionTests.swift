// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Image reduction for the first look at big photos")
struct ImageReductionTests {
    /// Stored size → DCT scale denominator: the reduced longer side stays ≥ 1600 pixels.
    static let denominators: [(Int, Int, Int)] = [
        (0, 0, 1), (-5, 100, 1), (640, 480, 1), (1920, 1080, 1), (3199, 2400, 1), (3200, 2400, 2), (2400, 3200, 2),
        (4000, 3000, 2), (3000, 4000, 2), (6399, 4800, 2), (6400, 4800, 4), (8000, 6000, 4), (12_799, 100, 4),
        (12_800, 9600, 8), (30_000, 20_000, 8), (1_000_000, 1, 8),
    ]

    @Test("size → denominator", arguments: denominators)
    func denominator(width: Int, height: Int, expected: Int) {
        #expect(ImageReduction.denominator(width: width, height: height) == expected)
    }

    /// Reduced sizes round up like libjpeg's `jdiv_round_up`.
    static let sizes: [(Int, Int, Int, Int, Int)] = [
        (4000, 3000, 2, 2000, 1500), (4001, 3001, 2, 2001, 1501), (4000, 3000, 8, 500, 375), (1, 1, 8, 1, 1),
        (4000, 3000, 1, 4000, 3000), (4000, 3000, 0, 4000, 3000), (6401, 4799, 4, 1601, 1200),
    ]

    @Test("reduced size", arguments: sizes)
    func reducedSize(width: Int, height: Int, k: Int, w: Int, h: Int) {
        let size = ImageReduction.reducedSize(width: width, height: height, denominator: k)
        #expect(size.width == w)
        #expect(size.height == h)
    }

    /// Reduced upright point → full upright point, by hand.
    static let points: [(ImageOrientation, Int, Int, Int, Point, Point)] = [
        // Upright, halved: index i stands for full pixels 2i and 2i + 1 (centre 2i + 0.5).
        (.up, 2, 4000, 3000, Point(x: 0, y: 0), Point(x: 0.5, y: 0.5)),
        (.up, 2, 4000, 3000, Point(x: 10, y: 20), Point(x: 20.5, y: 40.5)),
        (.up, 4, 4000, 3000, Point(x: 10, y: 20), Point(x: 41.5, y: 81.5)),
        (.up, 8, 4000, 3000, Point(x: 499, y: 374), Point(x: 3995.5, y: 2995.5)),
        // Mirrored with an odd width: the reduced image's first column is the stored partial block
        // holding only the last full column (4000), which is upright column 0.
        (.upMirrored, 2, 4001, 3000, Point(x: 0, y: 0), Point(x: 0, y: 0.5)),
        (.upMirrored, 2, 4001, 3000, Point(x: 1, y: 0), Point(x: 1.5, y: 0.5)),
        // Rotated: stored 4000×3000, upright 3000×4000.
        (.right, 2, 4000, 3000, Point(x: 0, y: 0), Point(x: 0.5, y: 0.5)),
        (.right, 2, 4000, 3000, Point(x: 1499, y: 1999), Point(x: 2998.5, y: 3998.5)),
        (.left, 4, 4000, 3000, Point(x: 5, y: 7), Point(x: 21.5, y: 29.5)),
        // Never outside the full image.
        (.up, 2, 4001, 3001, Point(x: 2000, y: 1500), Point(x: 4000, y: 3000)),
        (.up, 2, 4000, 3000, Point(x: -3, y: 5000), Point(x: 0, y: 2999)),
    ]

    @Test("reduced point → full point", arguments: points)
    func fullPoint(orientation: ImageOrientation, k: Int, width: Int, height: Int, reduced: Point, full: Point) {
        let reduction = ImageReduction(denominator: k, storedWidth: width, storedHeight: height, orientation: orientation)
        let mapped = reduction.fullPoint(reduced)
        #expect(abs(mapped.x - full.x) < 1e-9 && abs(mapped.y - full.y) < 1e-9, "\(mapped) ≠ \(full)")
    }

    /// For every orientation: a bright block in a stored image whose size is no multiple of the
    /// block, reduced by averaging blocks (what the DCT scaling does) and turned upright, maps back
    /// to the centre of the same block turned upright at full size.
    @Test("maps back like the pixels are turned", arguments: ImageOrientation.allCases)
    func agreesWithOrientedPixels(orientation: ImageOrientation) throws {
        let (w, h, k) = (37, 23, 4)
        for (bx, by) in [(0, 0), (3, 2), (8, 4), (9, 5)] {
            // The block's full pixels (the last block column and row are partial).
            let x0 = bx * k
            let y0 = by * k
            let x1 = min(w, x0 + k)
            let y1 = min(h, y0 + k)
            var full = [UInt8](repeating: 0, count: w * h)
            for y in y0..<y1 { for x in x0..<x1 { full[y * w + x] = 255 } }
            let reducedSize = ImageReduction.reducedSize(width: w, height: h, denominator: k)
            var reduced = [UInt8](repeating: 0, count: reducedSize.width * reducedSize.height)
            reduced[by * reducedSize.width + bx] = 255
            let fullUpright = try #require(LumaImage(width: w, height: h, pixels: full)).oriented(orientation)
            let reducedUpright = try #require(LumaImage(width: reducedSize.width, height: reducedSize.height, pixels: reduced))
                .oriented(orientation)
            // Where the bright pixels are, upright.
            let brightReduced = try #require(reducedUpright.pixels.firstIndex(of: 255))
            let point = Point(x: Double(brightReduced % reducedUpright.width), y: Double(brightReduced / reducedUpright.width))
            let lit = fullUpright.pixels.indices.filter { fullUpright.pixels[$0] == 255 }
            let xs = lit.map { Double($0 % fullUpright.width) }
            let ys = lit.map { Double($0 / fullUpright.width) }
            let centre = Point(x: (xs.min()! + xs.max()!) / 2, y: (ys.min()! + ys.max()!) / 2)
            let reduction = ImageReduction(denominator: k, storedWidth: w, storedHeight: h, orientation: orientation)
            #expect(reduction.fullSize.width == fullUpright.width && reduction.fullSize.height == fullUpright.height)
            #expect(reduction.reducedSize.width == reducedUpright.width && reduction.reducedSize.height == reducedUpright.height)
            let mapped = reduction.fullPoint(point)
            // A full block maps to its exact centre; a partial edge block to within its width.
            let tolerance = (x1 - x0 == k && y1 - y0 == k) ? 1e-9 : Double(k) / 2
            #expect(
                abs(mapped.x - centre.x) <= tolerance && abs(mapped.y - centre.y) <= tolerance,
                "block (\(bx), \(by)) \(orientation): \(mapped) ≠ \(centre)")
        }
    }

    @Test("regions shrink to the reduced pixels that cover them")
    func reducedRect() {
        let reduction = ImageReduction(denominator: 2, storedWidth: 4000, storedHeight: 3000, orientation: .up)
        #expect(
            reduction.reducedRect(covering: PixelRect(x: 100, y: 200, width: 400, height: 300))
                == PixelRect(x: 50, y: 100, width: 200, height: 150))
        #expect(
            reduction.reducedRect(covering: PixelRect(x: 101, y: 201, width: 3, height: 3)) == PixelRect(x: 50, y: 100, width: 2, height: 2)
        )
    }

    @Test("symbols keep everything but their corners, which are mapped")
    func fullResolutionSymbol() {
        let reduction = ImageReduction(denominator: 2, storedWidth: 4000, storedHeight: 3000, orientation: .up)
        let symbol = Symbol(format: .qrCode, bytes: Array("hi".utf8), text: "hi", corners: [Point(x: 10, y: 10), Point(x: 20, y: 10)])
        let full = reduction.fullResolution(symbol)
        #expect(full.text == "hi" && full.format == .qrCode && full.bytes == symbol.bytes)
        #expect(full.corners == [Point(x: 20.5, y: 20.5), Point(x: 40.5, y: 20.5)])
    }

    /// Reduced upright rectangle → the full upright rectangle it stands for, clipped.
    static let rects: [(ImageOrientation, Int, PixelRect, PixelRect)] = [
        (.up, 2, PixelRect(x: 10, y: 20, width: 30, height: 40), PixelRect(x: 20, y: 40, width: 60, height: 80)),
        (.up, 4, PixelRect(x: 990, y: 740, width: 30, height: 40), PixelRect(x: 3960, y: 2960, width: 40, height: 40)),
        (.right, 2, PixelRect(x: 1400, y: 0, width: 200, height: 10), PixelRect(x: 2800, y: 0, width: 200, height: 20)),
        (.up, 2, PixelRect(x: -5, y: -5, width: 10, height: 10), PixelRect(x: 0, y: 0, width: 10, height: 10)),
    ]

    @Test("reduced rectangle → full rectangle", arguments: rects)
    func fullRect(orientation: ImageOrientation, k: Int, reduced: PixelRect, full: PixelRect) {
        let reduction = ImageReduction(denominator: k, storedWidth: 4000, storedHeight: 3000, orientation: orientation)
        #expect(reduction.fullRect(covering: reduced) == full)
    }
}
