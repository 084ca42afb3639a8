// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A memory budget shared by threads that decode images: each asks for the bytes an image will
/// need before its pixels are allocated and waits until they fit (see `MemoryLedger` for the
/// rules); the bytes come back when the returned `Reservation` is released or freed.
///
/// Thread-safe: every member is guarded by `condition`. A thread must not wait for a second
/// reservation while holding one (it could wait for itself).
public final class MemoryBudget: @unchecked Sendable {
    /// The budget every image load in the process shares (`saoma scan`'s workers and the
    /// window's photos): 640 MiB of decoded pixels, so with the program itself a process stays
    /// under 1 GiB of resident memory whatever the number of cores.
    public static let images = MemoryBudget(capacity: 640 << 20)

    private let condition = NSCondition()
    private var ledger: MemoryLedger

    public init(capacity: Int) { ledger = MemoryLedger(capacity: capacity) }

    /// Bytes that may be granted at once.
    public var capacity: Int { ledger.capacity }

    /// A snapshot of the bookkeeping (for tests and diagnostics).
    public var state: MemoryLedger {
        condition.lock()
        defer { condition.unlock() }
        return ledger
    }

    /// Blocks until `bytes` fit in the budget and returns the reservation holding them.
    public func reserve(_ bytes: Int) -> Reservation {
        condition.lock()
        defer { condition.unlock() }
        let id = ledger.request(bytes)
        while !ledger.isGranted(id) { condition.wait() }
        return Reservation(budget: self, id: id, bytes: max(0, bytes))
    }

    fileprivate func release(_ id: Int) {
        condition.lock()
        ledger.release(id)
        condition.broadcast()
        condition.unlock()
    }

    /// Bytes held from a budget; given back by `release()` or when the last reference goes.
    ///
    /// Thread-safe; releasing twice is harmless.
    public final class Reservation: @unchecked Sendable {
        private let budget: MemoryBudget
        private let id: Int
        /// The bytes held.
        public let bytes: Int
        private let released = NSLock()
        private var isReleased = false

        fileprivate init(budget: MemoryBudget, id: Int, bytes: Int) {
            self.budget = budget
            self.id = id
            self.bytes = bytes
        }

        /// Gives the bytes back now.
        public func release() {
            let first = released.withLock {
                defer { isReleased = true }
                return !isReleased
            }
            if first { budget.release(id) }
        }

        deinit { release() }
    }
}
