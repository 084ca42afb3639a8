// SPDX-License-Identifier: GPL-3.0-or-later

/// Continuous mode's counting rule (seed 014, item 4): each new code counts once; the same code is
/// not counted again while it stays in view, nor within `quietSeconds` after it was last seen.
///
/// Times are seconds on any monotonic clock. A value type owned by whoever feeds it the decoded
/// frames (the UI thread in the window).
public struct ContinuousScanTally: Sendable, Equatable {
    /// Seconds a code must have been out of view before it counts again.
    public static let quietSeconds = 3.0

    /// A code's identity: the same format and the same bytes.
    public struct Key: Hashable, Sendable {
        public var format: Symbology
        public var bytes: [UInt8]

        public init(_ symbol: Symbol) {
            format = symbol.format
            bytes = symbol.bytes
        }
    }

    /// When each code was last seen.
    private var lastSeen: [Key: Double] = [:]
    /// The codes counted this session, newest first.
    public private(set) var counted: [Symbol] = []

    public init() {}

    /// A frame decoded at `time` showed `symbols`; returns those that count as new (in the
    /// order given, each code once).
    public mutating func observe(_ symbols: [Symbol], at time: Double) -> [Symbol] {
        var fresh: [Symbol] = []
        var seenThisFrame = Set<Key>()
        for symbol in symbols {
            let key = Key(symbol)
            guard seenThisFrame.insert(key).inserted else { continue }
            if let last = lastSeen[key], time - last <= ContinuousScanTally.quietSeconds {
                lastSeen[key] = max(last, time)
                continue
            }
            lastSeen[key] = time
            fresh.append(symbol)
        }
        counted.insert(contentsOf: fresh.reversed(), at: 0)
        forget(before: time - ContinuousScanTally.quietSeconds)
        return fresh
    }

    /// Starts a new session: nothing counted, nothing remembered.
    public mutating func reset() {
        lastSeen = [:]
        counted = []
    }

    /// Drops codes not seen since `time` (memory stays bounded by the codes recently in view).
    private mutating func forget(before time: Double) {
        guard lastSeen.count > 64 else { return }
        lastSeen = lastSeen.filter { $0.value >= time }
    }
}
