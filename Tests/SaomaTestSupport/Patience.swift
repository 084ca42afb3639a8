// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Something a test could not do (a missing tool, a process that did not start or end, a state
/// that never came).
public struct EndToEndError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
    public init(_ description: String) { self.description = description }
}

/// How long a test waits for a state before it gives up: the one guard against hangs every wait
/// in the tests uses, never a timing the test relies on (tests wait for states, never for time).
public enum Patience {
    /// Seconds, generous for a loaded two-core machine.
    public static let seconds: TimeInterval = 90

    /// The moment a wait starting now gives up.
    public static var deadline: Date { Date().addingTimeInterval(seconds) }

    /// Polls `condition` until it holds; throws when `seconds` pass first.
    public static func wait(_ what: String, until condition: () throws -> Bool) throws {
        guard try poll(every: 0.01, { try condition() ? true : nil }) != nil else {
            throw EndToEndError("gave up waiting for \(what)")
        }
    }
}

/// Repeats `attempt` every `interval` seconds until it returns a value or `Patience.seconds` pass
/// (a guard against hangs, not a timing check); returns that value or `nil`.
public func poll<T>(every interval: Double = 0.1, _ attempt: () throws -> T?) rethrows -> T? {
    let deadline = Patience.deadline
    while Date() < deadline {
        if let value = try attempt() { return value }
        Thread.sleep(forTimeInterval: interval)
    }
    return try attempt()
}
