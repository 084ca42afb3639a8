// SPDX-License-Identifier: GPL-3.0-or-later

/// How long to wait before each attempt to reach a service that went away (the PipeWire daemon
/// restarting): short at first, doubling up to a ceiling, back to the start after a success.
/// Pure; the caller arms one timer per failed attempt, so nothing polls while connected.
public struct ReconnectBackoff: Hashable, Sendable {
    /// The first wait, in seconds.
    public let initial: Double
    /// The longest wait, in seconds.
    public let maximum: Double
    private var next: Double

    public init(initial: Double = 0.1, maximum: Double = 2) {
        self.initial = max(0.001, initial)
        self.maximum = max(self.initial, maximum)
        next = self.initial
    }

    /// The wait before the next attempt (each call doubles the following one, up to `maximum`).
    public mutating func nextDelay() -> Double {
        let delay = next
        next = min(maximum, next * 2)
        return delay
    }

    /// An attempt succeeded: the next failure waits `initial` again.
    public mutating func succeeded() { next = initial }
}
