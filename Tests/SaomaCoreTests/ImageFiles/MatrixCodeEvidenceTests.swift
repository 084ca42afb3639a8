// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import SaomaCore

@Suite("Whether any part of an image could be a code")
struct MatrixCodeEvidenceTests {
    typealias Scene = SuspectedCodeRegionsTests

    /// Square modules `side` pixels wide in a pseudo-random pattern, turned by `degrees`, each
    /// pixel the mean of 4×4 samples (a camera's or a resampler's soft edges).
    static func turnedModules(_ side: Double, degrees: Double) -> (Int, Int) -> UInt8 {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        return { x, y in
            var sum = 0
            for j in 0..<4 {
                for i in 0..<4 {
                    let (px, py) = (Double(x) + (Double(i) + 0.5) / 4, Double(y) + (Double(j) + 0.5) / 4)
                    let (u, v) = (Int((px * c + py * s + 1000) / side), Int((-px * s + py * c + 1000) / side))
                    sum += (u &* 73_856_093 ^ v &* 19_349_663) >> 3 & 1 == 0 ? 30 : 220
                }
            }
            return UInt8(sum / 16)
        }
    }

    static let rows: [(String, LumaImage, Bool)] = {
        var bars = Scene.ground(noise: 6)
        Scene.paint(&bars, Scene.patch, Scene.bars(3))
        var matrix = Scene.ground(noise: 6)
        Scene.paint(&matrix, Scene.patch, Scene.modules(3))
        var turned = Scene.ground(noise: 6)
        Scene.paint(&turned, Scene.patch, turnedModules(2.5, degrees: 22))
        return [
            ("uniform", LumaImage(width: 640, height: 480, fill: 200), false),
            ("sensor noise", Scene.ground(noise: 16), false),
            ("edges running every way (harsh noise)", Scene.harshNoise(), false),
            ("1-D bars", bars, true),
            ("matrix modules", matrix, true),
            ("matrix modules turned by 22°, 2.5 pixels each", turned, true),
            ("smaller than a tile", LumaImage(width: 31, height: 31, fill: 0), false),
        ]
    }()

    @Test("evidence or not", arguments: rows)
    func evidence(name: String, image: LumaImage, expected: Bool) {
        #expect(!MatrixCodeEvidence.regions(in: image).isEmpty == expected, "\(name)")
    }

    @Test("a turned matrix code that the narrower region rule misses still counts")
    func turnedCodeBeyondRegions() {
        var image = Scene.ground(noise: 6)
        Scene.paint(&image, Scene.patch, Self.turnedModules(2.5, degrees: 22))
        #expect(SuspectedCodeRegions.find(in: image).isEmpty)
        #expect(!MatrixCodeEvidence.regions(in: image).isEmpty)
    }

    /// A scene with matrix modules painted in `patches` → the regions expected (in tiles of 32
    /// pixels: x, y, width, height), largest group first.
    static let regionRows: [(String, [PixelRect], [PixelRect])] = [
        ("no code", [], []),
        ("one patch on the tile grid", [PixelRect(x: 256, y: 192, width: 96, height: 64)], [PixelRect(x: 7, y: 5, width: 5, height: 4)]),
        (
            "two patches far apart, the larger first",
            [PixelRect(x: 32, y: 32, width: 64, height: 64), PixelRect(x: 384, y: 256, width: 160, height: 128)],
            [PixelRect(x: 11, y: 7, width: 7, height: 6), PixelRect(x: 0, y: 0, width: 4, height: 4)]
        ),
        (
            "two patches whose margins overlap are one",
            [PixelRect(x: 64, y: 64, width: 64, height: 64), PixelRect(x: 160, y: 64, width: 64, height: 64)],
            [PixelRect(x: 1, y: 1, width: 7, height: 4)]
        ),
        (
            "at the image's edge, clipped", [PixelRect(x: 576, y: 416, width: 64, height: 64)],
            [PixelRect(x: 17, y: 12, width: 3, height: 3)]
        ),
    ]

    @Test("where a code may be: code-like tiles with a tile around each, joined where they overlap", arguments: regionRows)
    func regions(name: String, patches: [PixelRect], expected: [PixelRect]) {
        var image = Scene.ground(noise: 6)
        for patch in patches { Scene.paint(&image, patch, Scene.modules(3)) }
        let tile = SuspectedCodeRegions.tileSide
        let found = MatrixCodeEvidence.regions(in: image)
        #expect(
            found == expected.map { PixelRect(x: $0.x * tile, y: $0.y * tile, width: $0.width * tile, height: $0.height * tile) },
            "\(name): \(found)")
    }

    /// Edge-orientation histograms (24 bins over half a turn) of a 32×32 tile → whether it counts.
    static let tiles: [(String, [Int], Bool)] = [
        ("edges every way", [Int](repeating: 10, count: 24), false),
        ("two lobes 90° apart", [20, 20, 20, 20, 20, 20, 0, 1, 0, 1, 0, 0, 20, 20, 20, 20, 20, 20, 0, 0, 1, 0, 0, 1], true),
        ("one orientation (bars)", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], true),
        (
            "lobes with a fifth of the edges between them",
            [16, 16, 16, 16, 16, 16, 4, 4, 4, 4, 4, 4, 16, 16, 16, 16, 16, 16, 4, 4, 4, 4, 4, 4], false
        ),
        ("too few edges", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], false),
    ]

    /// The same histograms → whether the tile looks like part of a matrix code (both lobes).
    static let matrixTiles: [(String, [Int], Bool)] = [
        ("two lobes 90° apart", [20, 20, 20, 20, 20, 20, 0, 1, 0, 1, 0, 0, 20, 20, 20, 20, 20, 20, 0, 0, 1, 0, 0, 1], true),
        ("one orientation (bars)", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], false),
        ("a strong lobe and a trace of the other", [40, 40, 40, 40, 40, 40, 0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0, 0, 0], false),
        ("edges every way", [Int](repeating: 10, count: 24), false),
    ]

    @Test("the matrix rule on one tile: square modules have sides both ways", arguments: matrixTiles)
    func matrixRule(name: String, histogram: [Int], expected: Bool) {
        let tile = (edges: histogram.reduce(0, +), histogram: histogram)
        #expect(MatrixCodeEvidence.looksLikeMatrix(tile, area: 32 * 32) == expected, "\(name)")
    }

    @Test("bars count as code-like, but not as a matrix code's region")
    func barsAreNoMatrix() {
        var image = Scene.ground(noise: 6)
        Scene.paint(&image, Scene.patch, Scene.bars(3))
        #expect(!MatrixCodeEvidence.regions(in: image).isEmpty)
        #expect(MatrixCodeEvidence.regions(in: image, matrixOnly: true).isEmpty)
        var matrix = Scene.ground(noise: 6)
        Scene.paint(&matrix, Scene.patch, Scene.modules(3))
        // The patch's own tiles count (a tile at its edge, half ground, may look like bars only).
        let regions = MatrixCodeEvidence.regions(in: matrix, matrixOnly: true)
        #expect(regions.count == 1)
        #expect(regions.allSatisfy { $0.union(Scene.patch) == $0 }, "\(regions) covers \(Scene.patch)")
    }

    @Test("the band rule on one tile", arguments: tiles)
    func bandRule(name: String, histogram: [Int], expected: Bool) {
        let tile = (edges: histogram.reduce(0, +), histogram: histogram)
        #expect(MatrixCodeEvidence.looksLikeCode(tile, area: 32 * 32) == expected, "\(name)")
    }
}
