// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing

@testable import SaomaCore

@Suite("Memory budget")
struct MemoryBudgetTests {
    /// A step: request bytes (by name) or release a name.
    enum Step {
        case request(String, Int)
        case release(String)
    }

    /// (name, capacity, steps, names granted afterwards, bytes granted afterwards)
    static let rows: [(String, Int, [Step], Set<String>, Int)] = [
        ("fits", 100, [.request("a", 40), .request("b", 60)], ["a", "b"], 100),
        ("waits until it fits", 100, [.request("a", 60), .request("b", 60)], ["a"], 60),
        ("granted on release", 100, [.request("a", 60), .request("b", 60), .release("a")], ["b"], 60),
        ("larger than the budget runs alone", 100, [.request("a", 500)], ["a"], 500),
        ("nothing beside an oversized one", 100, [.request("a", 500), .request("b", 1)], ["a"], 500),
        (
            "first come first served: a small one waits behind a large one", 100,
            [.request("a", 50), .request("big", 80), .request("small", 10)], ["a"], 50
        ),
        (
            "the queue drains in order", 100,
            [.request("a", 50), .request("big", 80), .request("small", 10), .release("a")], ["big", "small"], 90
        ),
        ("a waiting request withdrawn", 100, [.request("a", 60), .request("b", 60), .release("b"), .release("a")], [], 0),
        ("negative counts as nothing", 100, [.request("a", 100), .request("b", -5)], ["a", "b"], 100),
        ("zero capacity still runs one at a time", 0, [.request("a", 1), .request("b", 1)], ["a"], 1),
    ]

    @Test("the ledger grants what fits, in arrival order", arguments: rows)
    func ledger(name: String, capacity: Int, steps: [Step], granted: Set<String>, bytes: Int) {
        var ledger = MemoryLedger(capacity: capacity)
        var ids: [String: Int] = [:]
        for step in steps {
            switch step {
            case .request(let who, let n): ids[who] = ledger.request(n)
            case .release(let who): ids[who].map { ledger.release($0) }
            }
        }
        let grantedNames = Set(ids.filter { ledger.isGranted($0.value) }.keys)
        #expect(grantedNames == granted, "\(name)")
        #expect(ledger.granted == bytes, "\(name)")
    }

    @Test("a thread waits until its bytes fit, and a dropped reservation gives them back")
    func threadsWait() async throws {
        let budget = MemoryBudget(capacity: 100)
        var first: MemoryBudget.Reservation? = budget.reserve(70)
        let granted = Mutex(false)
        let thread = Thread {
            let second = budget.reserve(70)
            granted.withLock { $0 = true }
            second.release()
        }
        thread.start()
        // Wait for the state "the second request is queued", never for time.
        while budget.state.waiting.isEmpty { await Task.yield() }
        #expect(granted.withLock { $0 } == false)
        #expect(budget.state.granted == 70)
        first = nil
        while !granted.withLock({ $0 }) { await Task.yield() }
        while budget.state.granted != 0 { await Task.yield() }
        #expect(first == nil)
        #expect(budget.state.waiting.isEmpty && budget.state.holders.isEmpty)
    }
}
