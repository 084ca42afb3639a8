// SPDX-License-Identifier: GPL-3.0-or-later

/// The bookkeeping of a memory budget shared by parallel work: which requests may hold their
/// bytes now and which wait, first come first served.
///
/// A request is granted when it fits beside what is already granted, or when nothing is granted
/// at all (so a request larger than the whole budget runs alone instead of never). Requests are
/// granted in arrival order: a large request is not starved by a stream of small ones.
/// A value type with no locking; `MemoryBudget` wraps it for threads.
public struct MemoryLedger: Equatable, Sendable {
    /// Bytes that may be granted at once.
    public let capacity: Int
    /// Bytes currently granted.
    public private(set) var granted = 0
    /// Requests waiting, in arrival order: (id, bytes).
    public private(set) var waiting: [(id: Int, bytes: Int)] = []
    /// Ids granted and not yet released, with their bytes.
    public private(set) var holders: [Int: Int] = [:]
    private var nextID = 0

    public init(capacity: Int) { self.capacity = max(0, capacity) }

    /// Queues a request for `bytes` (negative counts as 0) and returns its id; grants whatever
    /// can be granted now.
    public mutating func request(_ bytes: Int) -> Int {
        let id = nextID
        nextID += 1
        waiting.append((id, max(0, bytes)))
        grantReady()
        return id
    }

    /// Whether request `id` has been granted (and not released).
    public func isGranted(_ id: Int) -> Bool { holders[id] != nil }

    /// Returns a granted request's bytes (or withdraws a waiting one) and grants what now fits.
    public mutating func release(_ id: Int) {
        if let bytes = holders.removeValue(forKey: id) {
            granted -= bytes
        } else {
            waiting.removeAll { $0.id == id }
        }
        grantReady()
    }

    private mutating func grantReady() {
        while let first = waiting.first, holders.isEmpty || granted + first.bytes <= capacity {
            waiting.removeFirst()
            holders[first.id] = first.bytes
            granted += first.bytes
        }
    }

    public static func == (a: MemoryLedger, b: MemoryLedger) -> Bool {
        a.capacity == b.capacity && a.granted == b.granted && a.holders == b.holders && a.nextID == b.nextID
            && a.waiting.map(\.id) == b.waiting.map(\.id) && a.waiting.map(\.bytes) == b.waiting.map(\.bytes)
    }
}
