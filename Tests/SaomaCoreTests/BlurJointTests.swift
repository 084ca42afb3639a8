// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// Several lines through one symbol read together (`LinearProfileDecoder.readJointly`): each
/// line refitted by itself, their costs summed before the verified search.
@Suite("Blur-aware reader: lines read together")
struct BlurJointTests {
    static let all: Set<Symbology> = [.ean13, .upcA, .ean8, .upcE, .code128]

    /// `count` lines through `bars` at 2 px per module, blurred by `sigma` modules, with `noise`
    /// grey levels each; line `i` starts `shift · i` pixels later and its modules are
    /// `1 + stretch · i` times as wide (a symbol seen at a slant).
    static func lines(_ bars: [UInt8], count: Int, sigma: Double, noise: Double, shift: Double = 0, stretch: Double = 0) -> [[Double]] {
        (0..<count).map { i in
            let ppm = 2 * (1 + stretch * Double(i))
            let quiet = 12.0
            let length = Int((Double(bars.count) + 2 * quiet) * 2 * (1 + stretch * Double(count)) + 8)
            let start = quiet * 2 + shift * Double(i)
            var random = SeededRandom(state: UInt64(1000 + i))
            return BlurRender.darkness(bars, start: start, ppm: ppm, sigma: sigma * ppm, count: length).map {
                BlurRender.light - (BlurRender.light - BlurRender.dark) * $0 + noise * random.gaussian()
            }
        }
    }

    /// The mean of `lines` (the reader's first profile of a region).
    static func mean(_ lines: [[Double]]) -> [Double] {
        lines[0].indices.map { i in lines.reduce(0) { $0 + $1[i] } / Double(lines.count) }
    }

    /// The best fit of the mean of `lines` for an EAN-13 (the reader's starting point).
    static func startingFit(_ lines: [[Double]]) -> LinearProfileDecoder.Fit? {
        let m = mean(lines)
        return LinearProfileDecoder.bestFits(m, wanted: [.ean13]).first { LinearCodeModel($0.hypothesis.kind)?.moduleCount == 95 }
    }

    @Test("lines too noisy to read alone read together, each at its own slant and offset")
    func noisyLinesReadTogether() throws {
        let bars = try ZintSymbol.bars("EANX", "978067960105")
        let lines = Self.lines(bars, count: 6, sigma: 1.0, noise: 16, shift: 0.6, stretch: 0.004)
        let fit = try #require(Self.startingFit(lines))
        let alone = lines.filter { LinearProfileDecoder.read($0, from: fit) != nil }.count
        #expect(alone < BlurAwareLinearReader.minimumAgreeingBands, "\(alone) lines read alone: the case is not hard enough")
        let joint = try #require(LinearProfileDecoder.readJointly(lines, from: fit, minimumLines: 3))
        #expect(String(decoding: joint.decoded.bytes, as: UTF8.self) == "9780679601050")
        #expect(joint.margin >= LinearProfileDecoder.minMargin)
        #expect(joint.lines.count >= 3)
        // Each line kept its own geometry: the later lines' symbols start later.
        let origins = joint.lines.map { $0.fit.hypothesis.geometry.origin }
        if let first = origins.first, let last = origins.last { #expect(last > first) }
    }

    @Test("a symbol with a wrong check digit is not read together", arguments: [0.6, 1.0])
    func wrongCheckDigitIsNotRead(sigma: Double) throws {
        var bars = try ZintSymbol.bars("EANX", "590123412345")
        let start = bars.count - 3 - 7
        bars.replaceSubrange(start..<(start + 7), with: EANPatterns.setC[8])
        let lines = Self.lines(bars, count: 6, sigma: sigma, noise: 3)
        let fit = try #require(Self.startingFit(lines))
        #expect(LinearProfileDecoder.readJointly(lines, from: fit, minimumLines: 3) == nil)
    }

    @Test("a left digit drawn in the wrong parity is not read together", arguments: [0.6, 1.0])
    func wrongParityIsNotRead(sigma: Double) throws {
        // 5901234123457 with its first left digit (9) drawn in the other parity set: a parity
        // pattern that no longer encodes the leading 5 the check digit needs.
        var bars = try ZintSymbol.bars("EANX", "590123412345")
        let at = 3
        let drawn = Array(bars[at..<(at + 7)])
        let isOdd = drawn == EANPatterns.setA[9]
        #expect(isOdd || drawn == EANPatterns.setB[9], "the digit sits where expected")
        bars.replaceSubrange(at..<(at + 7), with: isOdd ? EANPatterns.setB[9] : EANPatterns.setA[9])
        let lines = Self.lines(bars, count: 6, sigma: sigma, noise: 3)
        let fit = try #require(Self.startingFit(lines))
        #expect(LinearProfileDecoder.readJointly(lines, from: fit, minimumLines: 3) == nil)
    }

    @Test("lines showing two different codes at one place are not read together")
    func twoCodesAreNotRead() throws {
        // A near-tie: half the lines show one code, half another differing in two digits.
        let a = Self.lines(try ZintSymbol.bars("EANX", "590123412345"), count: 3, sigma: 0.9, noise: 4)
        let b = Self.lines(try ZintSymbol.bars("EANX", "590123412352"), count: 3, sigma: 0.9, noise: 4)
        let lines = zip(a, b).flatMap { [$0, $1] }
        let fit = try #require(Self.startingFit(lines))
        let joint = LinearProfileDecoder.readJointly(lines, from: fit, minimumLines: 3)
        #expect(joint == nil, "read \(joint.map { String(decoding: $0.decoded.bytes, as: UTF8.self) } ?? "")")
    }

    @Test("noise and random bars are not read together", arguments: 0..<4)
    func clutterIsNotRead(seed: Int) throws {
        var random = SeededRandom(state: UInt64(seed + 300))
        var modules: [UInt8] = []
        while modules.count < 95 {
            let run = 1 + random.int(4)
            modules += [UInt8](repeating: modules.count % 2 == 0 ? 1 : 0, count: run)
        }
        let lines = Self.lines(Array(modules.prefix(95)), count: 6, sigma: 0.8, noise: 4)
        // Every fit the mean has, read together on the lines.
        for fit in LinearProfileDecoder.bestFits(Self.mean(lines), wanted: Self.all) {
            #expect(LinearProfileDecoder.readJointly(lines, from: fit, minimumLines: 3) == nil)
        }
    }

    @Test("fewer lines than asked for read nothing")
    func tooFewLines() throws {
        let lines = Self.lines(try ZintSymbol.bars("EANX", "978067960105"), count: 2, sigma: 0.6, noise: 2)
        let fit = try #require(Self.startingFit(lines))
        #expect(LinearProfileDecoder.readJointly(lines, from: fit, minimumLines: 3) == nil)
        #expect(LinearProfileDecoder.readJointly(lines, from: fit, minimumLines: 2) != nil)
    }

    @Test("summed trellises cost each chain the sum of its costs")
    func trellisesAdd() throws {
        let bars = try ZintSymbol.bars("EANX", "978067960105")
        let lines = Self.lines(bars, count: 2, sigma: 0.8, noise: 3, shift: 1)
        let fit = try #require(Self.startingFit(lines))
        let model = try #require(LinearCodeModel(fit.hypothesis.kind))
        let trellises = lines.map { line in
            ProfileTrellis(model: model, darkness: fit.hypothesis.levels.darkness(line), geometry: fit.hypothesis.geometry)
        }
        let best = trellises[0].best()
        #expect(abs(trellises[0].cost(of: best.options) - best.cost) < 1e-9 * max(1, best.cost))
        var sum = trellises[0].scaled(by: 2)
        sum.add(trellises[1], weight: 3)
        #expect(sum.sampleCount == trellises[0].sampleCount + trellises[1].sampleCount)
        for options in [best.options, fit.options, trellises[1].best().options] {
            let expected = 2 * trellises[0].cost(of: options) + 3 * trellises[1].cost(of: options)
            #expect(abs(sum.cost(of: options) - expected) < 1e-9 * max(1, expected))
        }
        #expect(sum.cost(of: [0]) == .infinity)
    }
}
