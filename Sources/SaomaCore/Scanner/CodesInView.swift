// SPDX-License-Identifier: GPL-3.0-or-later

/// Which codes are still in view: a code counts as in view while it was last seen less than
/// `quietSeconds` ago, so a code that stays in front of the camera keeps counting as the same
/// sighting and one that left it for that long is new again.
///
/// The one rule behind continuous mode's count (`ContinuousScanTally`) and the live scanner's
/// "not the code just handled again" (`ScanState`). Times are seconds on any monotonic clock. A
/// value type owned by whoever feeds it decoded frames (the UI thread in the window).
public struct CodesInView: Sendable, Equatable {
    /// Seconds a code must have been out of view before it is new again.
    public static let quietSeconds = 3.0
    /// Codes remembered at most before those not seen for `quietSeconds` are dropped (memory
    /// stays bounded by the codes recently in view).
    static let compactionThreshold = 64

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

    public init() {}

    /// Whether nothing is remembered.
    public var isEmpty: Bool { lastSeen.isEmpty }

    /// Whether `symbol` was seen less than `quietSeconds` before `time` (or at or after it).
    public func contains(_ symbol: Symbol, at time: Double) -> Bool {
        guard let last = lastSeen[Key(symbol)] else { return false }
        return time - last <= CodesInView.quietSeconds
    }

    /// `symbol` is in view at `time` (a later sighting never moves the time back).
    public mutating func see(_ symbol: Symbol, at time: Double) {
        let key = Key(symbol)
        lastSeen[key] = Swift.max(lastSeen[key] ?? time, time)
        compact(at: time)
    }

    /// Forgets every code.
    public mutating func removeAll() {
        lastSeen = [:]
    }

    /// Drops codes out of view at `time` once many are remembered.
    private mutating func compact(at time: Double) {
        guard lastSeen.count > CodesInView.compactionThreshold else { return }
        lastSeen = lastSeen.filter { time - $0.value <= CodesInView.quietSeconds }
    }
}
