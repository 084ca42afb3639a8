// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport

/// Symbols drawn by the real zint (package zint, in scripts/packages.txt): `zint --dump` prints
/// each row of modules as hex digits, four modules each. An encoder independent of Saoma's own
/// patterns, so the blur-aware readers are checked against the standard, not against themselves.
enum ZintSymbol {
    /// The rows of modules (1 = dark) zint draws for `data` in symbology `type` (zint's
    /// `--barcode` name).
    static func rows(_ type: String, _ data: String) throws -> [[UInt8]] {
        let out = try runTool("/usr/bin/zint", ["--barcode=\(type)", "--dump", "--data=\(data)"])
        return out.split(separator: "\n").map { line in
            line.filter { !$0.isWhitespace }.flatMap { c -> [UInt8] in
                let v = c.hexDigitValue ?? 0
                return (0..<4).map { UInt8((v >> (3 - $0)) & 1) }
            }
        }
    }

    /// A linear symbol's modules from its first bar to its last.
    static func bars(_ type: String, _ data: String) throws -> [UInt8] {
        let row = try rows(type, data)[0]
        guard let first = row.firstIndex(of: 1), let last = row.lastIndex(of: 1) else { return [] }
        return Array(row[first...last])
    }

    /// A matrix symbol's modules (zint pads each row to whole hex digits).
    static func matrix(_ type: String, _ data: String) throws -> [[UInt8]] {
        let rows = try rows(type, data)
        return rows.map { Array($0.prefix(rows.count)) }
    }
}

/// Exact renders of blurred modules: a pixel's value is the Gaussian-blurred darkness of the
/// modules integrated over the pixel (the integral of the normal distribution function is
/// `zΦ(z) + φ(z)`), computed here with `erfc` directly, apart from the readers' own tables.
enum BlurRender {
    static let light = 200.0
    static let dark = 50.0

    /// `z·Φ(z) + φ(z)`.
    static func cdfIntegral(_ z: Double) -> Double {
        z * 0.5 * erfc(-z / 2.0.squareRoot()) + exp(-0.5 * z * z) / (2 * Double.pi).squareRoot()
    }

    /// The share of pixel `[p, p + 1)` covered by `[a, b)` blurred by a Gaussian of `sigma` pixels.
    static func coverage(pixel p: Double, from a: Double, to b: Double, sigma: Double) -> Double {
        let s = max(sigma, 1e-6)
        func integral(_ edge: Double) -> Double { s * (cdfIntegral((p + 1 - edge) / s) - cdfIntegral((p - edge) / s)) }
        return integral(a) - integral(b)
    }

    /// Per pixel of a line `count` long: the blurred darkness of `modules` drawn from pixel
    /// `start` at `ppm` pixels per module.
    static func darkness(_ modules: [UInt8], start: Double, ppm: Double, sigma: Double, count: Int) -> [Double] {
        // Bars as runs of modules.
        var runs: [(Double, Double)] = []
        var k = 0
        while k < modules.count {
            if modules[k] == 0 {
                k += 1
                continue
            }
            let from = k
            while k < modules.count && modules[k] != 0 { k += 1 }
            runs.append((start + Double(from) * ppm, start + Double(k) * ppm))
        }
        return (0..<count).map { p in runs.reduce(0) { $0 + coverage(pixel: Double(p), from: $1.0, to: $1.1, sigma: sigma) } }
    }

    /// A profile of `modules` with `quiet` modules of light on each side, at `ppm` pixels per
    /// module, blurred by `sigma` modules, with Gaussian noise of `noise` grey levels.
    static func profile(_ modules: [UInt8], ppm: Double, sigma: Double, noise: Double = 0, quiet: Int = 12, seed: UInt64 = 1) -> [Double] {
        let count = Int((Double(modules.count + 2 * quiet) * ppm).rounded(.up))
        var random = SeededRandom(state: seed)
        return darkness(modules, start: Double(quiet) * ppm, ppm: ppm, sigma: sigma * ppm, count: count).map {
            light - (light - dark) * $0 + noise * random.gaussian()
        }
    }

    /// An image of a linear symbol's `modules`, bars `height` modules tall, inside `quiet` modules
    /// of light, at `ppm` pixels per module, blurred by `sigma` modules, with noise.
    static func linearImage(
        _ modules: [UInt8], ppm: Double, sigma: Double, noise: Double = 0, height: Int = 30, quiet: Int = 12, seed: UInt64 = 1
    )
        -> LumaImage
    {
        let w = Int((Double(modules.count + 2 * quiet) * ppm).rounded(.up))
        let h = Int((Double(height + 2 * quiet) * ppm).rounded(.up))
        let across = darkness(modules, start: Double(quiet) * ppm, ppm: ppm, sigma: sigma * ppm, count: w)
        let along = darkness([1], start: Double(quiet) * ppm, ppm: Double(height) * ppm, sigma: sigma * ppm, count: h)
        return image(width: w, height: h, noise: noise, seed: seed) { x, y in along[y] * across[x] }
    }

    /// An image of a matrix symbol inside `quiet` modules of light, likewise.
    static func matrixImage(_ matrix: [[UInt8]], ppm: Double, sigma: Double, noise: Double = 0, quiet: Int = 4, seed: UInt64 = 1)
        -> LumaImage
    {
        let n = matrix.count
        let side = Int((Double(n + 2 * quiet) * ppm).rounded(.up))
        // Each module's blurred share of each pixel column (and row: the same grid).
        let start = Double(quiet) * ppm
        let cover: [[Double]] = (0..<n).map { j in
            (0..<side).map { p in
                coverage(pixel: Double(p), from: start + Double(j) * ppm, to: start + Double(j + 1) * ppm, sigma: sigma * ppm)
            }
        }
        var dark = [Double](repeating: 0, count: side * side)
        for i in 0..<n {
            for j in 0..<n where matrix[i][j] != 0 {
                for y in 0..<side where cover[i][y] > 1e-9 {
                    for x in 0..<side { dark[y * side + x] += cover[i][y] * cover[j][x] }
                }
            }
        }
        return image(width: side, height: side, noise: noise, seed: seed) { x, y in dark[y * side + x] }
    }

    /// An 8-bit image of the darkness `at(x, y)` with noise.
    static func image(width: Int, height: Int, noise: Double, seed: UInt64, _ at: (Int, Int) -> Double) -> LumaImage {
        var random = SeededRandom(state: seed)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let v = light - (light - dark) * at(x, y) + noise * random.gaussian()
                pixels[y * width + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return LumaImage(width: width, height: height, pixels: pixels)!
    }
}
