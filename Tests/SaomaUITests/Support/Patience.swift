// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How long a test waits for a state before it gives up: a guard against hangs, never a timing
/// the test relies on (tests wait for states, never for time).
enum Patience {
    /// Seconds, generous for a loaded two-core machine.
    static let seconds: TimeInterval = 90

    /// Polls `condition` until it holds; throws when `seconds` pass first.
    static func wait(_ what: String, until condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else { throw EndToEndError(description: "gave up waiting for \(what)") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
