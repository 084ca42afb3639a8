// SPDX-License-Identifier: GPL-3.0-or-later

/// Continuous mode's counting rule: each new code counts once; the same code is not counted again
/// while it stays in view, nor within `quietSeconds` after it was last seen (`CodesInView`'s rule).
///
/// Times are seconds on any monotonic clock. A value type owned by whoever feeds it the decoded
/// frames (the UI thread in the window).
public struct ContinuousScanTally: Sendable, Equatable {
    /// Seconds a code must have been out of view before it counts again.
    public static let quietSeconds = CodesInView.quietSeconds

    /// A code's identity: the same format and the same bytes.
    public typealias Key = CodesInView.Key

    /// The codes seen recently.
    private var inView = CodesInView()
    /// The codes counted this session, newest first.
    public private(set) var counted: [Symbol] = []

    public init() {}

    /// A frame decoded at `time` showed `symbols`; returns those that count as new (in the
    /// order given, each code once).
    public mutating func observe(_ symbols: [Symbol], at time: Double) -> [Symbol] {
        var fresh: [Symbol] = []
        var seenThisFrame = Set<Key>()
        for symbol in symbols {
            guard seenThisFrame.insert(Key(symbol)).inserted else { continue }
            if !inView.contains(symbol, at: time) { fresh.append(symbol) }
            inView.see(symbol, at: time)
        }
        counted.insert(contentsOf: fresh.reversed(), at: 0)
        return fresh
    }

    /// Starts a new session: nothing counted, nothing remembered.
    public mutating func reset() {
        inView.removeAll()
        counted = []
    }
}
