// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// The profile decoder on single profiles of zint's symbols, blurred past what edge detection
/// reads, and on profiles that hold no symbol.
@Suite("Blur-aware reader: one profile")
struct BlurProfileDecoderTests {
    static let all: Set<Symbology> = [.ean13, .upcA, .ean8, .upcE, .code128]

    /// Symbols (zint type, data, what is read) at 2 px per module.
    static let symbols: [(String, String, String)] = [
        ("EANX", "590123412345", "5901234123457"), ("EANX", "978067960105", "9780679601050"), ("UPCA", "07183100799", "0071831007995"),
        ("EANX", "9638507", "96385074"), ("UPCE", "0425261", "04252614"), ("CODE128", "Blur-42", "Blur-42"),
        ("CODE128", "20240615", "20240615"),
    ]

    @Test("reads zint's symbols blurred by up to 0.9 module, both ways", arguments: symbols, [0.3, 0.6, 0.9])
    func readsBlurredSymbols(symbol: (String, String, String), sigma: Double) throws {
        let bars = try ZintSymbol.bars(symbol.0, symbol.1)
        for reversed in [false, true] {
            let drawn = reversed ? Array(bars.reversed()) : bars
            let profile = BlurRender.profile(drawn, ppm: 2, sigma: sigma, noise: 2, seed: UInt64(symbol.1.count))
            let readings = LinearProfileDecoder.decode(profile, wanted: Self.all)
            let texts = readings.map { String(decoding: $0.decoded.bytes, as: UTF8.self) }
            #expect(texts == [symbol.2], "\(symbol.1) sigma \(sigma) reversed \(reversed)")
            if let reading = readings.first {
                #expect(reading.fit.hypothesis.reversed == reversed)
                // The fit found the blur (pixel integration adds a twelfth of a pixel²).
                let sigmaPixels = (pow(sigma * 2, 2) + 1.0 / 12).squareRoot()
                #expect(abs(reading.fit.hypothesis.geometry.sigma - sigmaPixels) < 0.15 * sigmaPixels)
            }
        }
    }

    @Test("a symbol with a wrong check digit is not read, however sharp", arguments: [0.3, 0.7])
    func wrongCheckDigitIsNotRead(sigma: Double) throws {
        // 5901234123457 with its last digit's pattern replaced by 8's: drawn, but not a valid symbol.
        var bars = try ZintSymbol.bars("EANX", "590123412345")
        let right8 = EANPatterns.setC[8]
        let start = bars.count - 3 - 7
        bars.replaceSubrange(start..<(start + 7), with: right8)
        let profile = BlurRender.profile(bars, ppm: 2, sigma: sigma, noise: 2)
        #expect(LinearProfileDecoder.decode(profile, wanted: Self.all).isEmpty)
    }

    @Test("profiles without a symbol give nothing", arguments: 0..<6)
    func noiseAndClutterGiveNothing(seed: Int) {
        var random = SeededRandom(state: UInt64(seed + 100))
        let profile: [Double]
        switch seed {
        case 0:
            // Noise alone.
            profile = (0..<400).map { _ in 128 + 20 * random.gaussian() }
        case 1, 2:
            // Random bars and spaces of 1–4 modules, blurred: bar-like, no symbology's structure.
            var modules: [UInt8] = []
            var dark: UInt8 = 1
            while modules.count < 120 {
                modules += [UInt8](repeating: dark, count: 1 + Int(random.next() % 4))
                dark = 1 - dark
            }
            profile = BlurRender.profile(modules, ppm: 2, sigma: 0.4 + 0.3 * Double(seed), noise: 2, seed: UInt64(seed))
        case 3:
            // A smooth ramp with a step.
            profile = (0..<300).map { Double($0 < 150 ? 60 + $0 / 3 : 200) }
        case 4:
            // A regular grating (text-like strokes).
            profile = (0..<300).map { 128 + 60 * sin(Double($0) * 0.9) }
        default:
            // Half a symbol: the left half of an EAN-13.
            let bars = (try? ZintSymbol.bars("EANX", "590123412345")) ?? []
            profile = BlurRender.profile(Array(bars.prefix(50)), ppm: 2, sigma: 0.5, noise: 2)
        }
        #expect(LinearProfileDecoder.decode(profile, wanted: Self.all).isEmpty)
    }

    @Test("only the symbologies asked for are fitted")
    func onlyWantedSymbologies() throws {
        let bars = try ZintSymbol.bars("EANX", "590123412345")
        let profile = BlurRender.profile(bars, ppm: 2, sigma: 0.6, noise: 2)
        #expect(LinearProfileDecoder.decode(profile, wanted: [.code128]).isEmpty)
        #expect(LinearProfileDecoder.decode(profile, wanted: [.ean8, .upcE]).isEmpty)
        #expect(LinearProfileDecoder.decode(profile, wanted: [.ean13]).count == 1)
    }

    @Test("hostile profiles are read in bounded time without a symbol")
    func hostileProfiles() {
        let cases: [[Double]] = [
            [], [0], [Double](repeating: 255, count: 5000), (0..<20_000).map { Double(($0 * 7919) % 256) },
            (0..<600).map { $0 % 2 == 0 ? 0 : 255 }, [Double](repeating: .nan, count: 300), [Double.infinity, -Double.infinity, 3, 4],
        ]
        for profile in cases {
            #expect(LinearProfileDecoder.decode(profile, wanted: Self.all).isEmpty)
        }
    }
}
