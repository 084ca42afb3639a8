// SPDX-License-Identifier: GPL-3.0-or-later

/// Which engines live decoding leaves out after one of them stopped the decoder process.
///
/// Consecutive camera frames show the same scene, so an engine that crashed on one frame would
/// crash on the next ones too: it sits out `firstPause` seconds, twice as long after each further
/// crash (at most `longestPause`), and a crash more than `forgetAfter` seconds after its last one
/// starts again from `firstPause`. Still images are read again at once without the engine instead.
/// Times are monotonic seconds, passed in.
public struct EngineQuarantine: Sendable, Equatable {
    /// Seconds an engine sits out after its first crash.
    public static let firstPause = 5.0
    /// Longest pause, in seconds.
    public static let longestPause = 300.0
    /// Seconds after which an engine's earlier crashes are forgotten.
    public static let forgetAfter = 600.0

    struct Record: Sendable, Equatable {
        var lastCrash: Double
        var pause: Double
    }

    private var records: [String: Record] = [:]

    public init() {}

    /// Records that `engine` stopped the decoder at `time`.
    public mutating func crashed(_ engine: String, at time: Double) {
        if let last = records[engine], time - last.lastCrash <= Self.forgetAfter {
            records[engine] = Record(lastCrash: time, pause: min(Self.longestPause, last.pause * 2))
        } else {
            records[engine] = Record(lastCrash: time, pause: Self.firstPause)
        }
    }

    /// The engines to leave out at `time`.
    public func excluded(at time: Double) -> Set<String> {
        Set(records.filter { time < $0.value.lastCrash + $0.value.pause }.keys)
    }
}
