// SPDX-License-Identifier: GPL-3.0-or-later

/// The detection policy as a pure state machine: scanning → choosing among the codes found →
/// chosen.
///
/// One code is chosen automatically `autoChoiceDelay` seconds after it was shown; two or more
/// wait for the person, who may cancel. Times are seconds on any monotonic clock. A value type
/// used on the UI thread; shared by the live scanner and the image tab.
public struct CodeChoice: Sendable, Equatable {
    /// Seconds a single code's marker shows before it is chosen.
    public static let autoChoiceDelay = 0.25

    public enum Phase: Sendable, Equatable {
        /// Looking for codes (live preview running).
        case scanning
        /// Codes were found and are shown with markers; `autoChoiceAt` is set for a single code.
        case choosing(codes: [Symbol], autoChoiceAt: Double?)
        /// A code was chosen; its result is shown.
        case chosen(Symbol)
    }

    public private(set) var phase: Phase = .scanning

    public init() {}

    /// The codes shown with markers (empty unless choosing).
    public var codes: [Symbol] {
        if case .choosing(let codes, _) = phase { return codes }
        return []
    }

    /// Whether the "Click a marker to open" hint and the Cancel button show.
    public var offersChoice: Bool { codes.count >= 2 }

    /// Codes were decoded at `time`; returns `true` when they are taken (only while scanning and
    /// when there is at least one), after which markers show.
    @discardableResult
    public mutating func found(_ symbols: [Symbol], at time: Double) -> Bool {
        guard case .scanning = phase, !symbols.isEmpty else { return false }
        phase = .choosing(codes: symbols, autoChoiceAt: symbols.count == 1 ? time + CodeChoice.autoChoiceDelay : nil)
        return true
    }

    /// Time passed; returns the code chosen automatically when its moment has come.
    public mutating func advance(to time: Double) -> Symbol? {
        guard case .choosing(let codes, let deadline?) = phase, time >= deadline, let code = codes.first else { return nil }
        phase = .chosen(code)
        return code
    }

    /// The person chose the code at `index`; returns it (or `nil` when nothing is being chosen).
    public mutating func choose(at index: Int) -> Symbol? {
        guard case .choosing(let codes, _) = phase, codes.indices.contains(index) else { return nil }
        phase = .chosen(codes[index])
        return codes[index]
    }

    /// Cancel (while choosing) or "Scan again" (after choosing): back to scanning.
    public mutating func resume() {
        phase = .scanning
    }
}
