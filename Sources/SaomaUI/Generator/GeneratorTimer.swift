// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// A one-shot GLib timeout that can be rescheduled and cancelled (the page's debounce).
///
/// UI thread only.
@MainActor
final class GeneratorTimer {
    /// The pending GLib source, 0 when none.
    private var source: guint = 0

    var isPending: Bool { source != 0 }

    /// Runs `body` once after `milliseconds`, replacing any pending run.
    func schedule(milliseconds: guint, _ body: @escaping @MainActor () -> Void) {
        cancel()
        source = addTimeout(milliseconds: milliseconds) { [weak self] in
            self?.source = 0
            body()
            return false
        }
    }

    /// Drops the pending run, if any.
    func cancel() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }
}
