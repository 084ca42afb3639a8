// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// SplitMix64: a small seeded generator, so that a test's or a benchmark's noise and payloads are
/// the same on every run of the same seed.
public struct SeededRandom {
    /// The generator's state; the seed to start with.
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<`n` (`n` > 0).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A uniform deviate in [0, 1).
    public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A standard normal deviate (Box–Muller).
    public mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-300)
        let v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
