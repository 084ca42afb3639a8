// SPDX-License-Identifier: GPL-3.0-or-later

/// Live scanning's confirmation rule as a pure state machine: a code is shown once two frames
/// agree on it, or at once when one frame's read is strong by itself (a weakly checked code read
/// once may be a misread of noise, and a wrong product number is worse than a code read a frame later).
///
/// Strong alone: the self-checking symbologies (`ReadConfirmation.isSelfChecking`); every other
/// code must be read again in a later frame within `window` seconds. At 15 frames per second a
/// second frame comes 67 ms later, too soon to notice. Times are seconds on any monotonic clock;
/// a value type owned by whoever receives the decoded frames (one per scanner).
public struct LiveConfirmation: Sendable, Equatable {
    /// Seconds within which a code must be read again to be shown.
    public static let window = 1.0

    /// A code's identity across frames: symbology and payload (UPC-A as its EAN-13).
    struct Key: Hashable, Sendable {
        var format: Symbology
        var bytes: [UInt8]
    }

    /// When each code was last read, for the codes read within the last `window` seconds.
    private var lastSeen: [Key: Double] = [:]

    public init() {}

    /// The codes of a frame decoded at `time` that may be shown now; every code of the frame is
    /// remembered for the next frames.
    public mutating func confirm(_ symbols: [Symbol], at time: Double) -> [Symbol] {
        lastSeen = lastSeen.filter { time - $0.value <= Self.window && $0.value <= time }
        var shown: [Symbol] = []
        for symbol in symbols {
            let (format, bytes) = ReadConfirmation.comparable(symbol.format, symbol.bytes)
            let key = Key(format: format, bytes: bytes)
            if ReadConfirmation.isSelfChecking(symbol.format) || lastSeen[key] != nil { shown.append(symbol) }
            lastSeen[key] = time
        }
        return shown
    }

    /// Forgets every code (the camera changed, or scanning restarts after a result).
    public mutating func reset() {
        lastSeen = [:]
    }
}
