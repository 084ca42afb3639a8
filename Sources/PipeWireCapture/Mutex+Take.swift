// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

extension Mutex {
    /// Takes the value out and leaves `nil`, under the lock: of two callers racing to stop the
    /// same session, exactly one gets it.
    func take<Wrapped: Sendable>() -> Wrapped? where Value == Wrapped? {
        withLock { current in
            defer { current = nil }
            return current
        }
    }
}
