// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// A one-slot mailbox where the newest value wins: a slow consumer never builds a queue.
///
/// The producer (e.g. the capture thread) `put`s; when `put` returns `true` the slot was empty
/// and the producer should wake the consumer once (e.g. with `runOnMainLoop`); the consumer
/// `take`s the newest value. At most one wake-up is ever pending.
public final class FrameMailbox<Value: Sendable>: Sendable {
    /// The slot; shared between producer and consumer threads, guarded by the mutex.
    private let slot = Mutex<Value?>(nil)

    public init() {}

    /// Stores `value`, replacing any value not yet taken; returns true when the slot was empty.
    @discardableResult
    public func put(_ value: Value) -> Bool {
        slot.withLock { current in
            let wasEmpty = current == nil
            current = value
            return wasEmpty
        }
    }

    /// Removes and returns the newest value, if any.
    public func take() -> Value? {
        slot.withLock { current in
            let value = current
            current = nil
            return value
        }
    }
}
