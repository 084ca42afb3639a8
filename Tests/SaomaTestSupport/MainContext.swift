// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// The GLib main context of a test that runs GTK, GIO or libportal in its own process.
public enum MainContext {
    /// Runs the default main context until `condition` holds, running `step` before each
    /// iteration; false when `Patience.seconds` pass first (a guard against hangs).
    @discardableResult
    public static func iterate(until condition: () -> Bool, each step: () -> Void = {}) -> Bool {
        let deadline = Patience.deadline
        while !condition() {
            if Date() > deadline { return false }
            step()
            if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
        }
        return true
    }
}
