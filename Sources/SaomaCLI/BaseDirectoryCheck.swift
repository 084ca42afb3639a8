// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCore

/// Keeps relative paths in the XDG base directory variables from reaching GLib, GTK and Saoma
/// (`BaseDirectoryVariables` says which): the history, settings, caches and hand-off files then
/// live where the person's session says, never in the folder a command happened to run in.
///
/// `apply` runs first thing in `main`, while the process has one thread and before anything reads
/// the variables (GLib reads each once, then keeps it); `report` says what was ignored once the
/// messages can be translated.
public enum BaseDirectoryCheck {
    /// Sets or unsets the variables holding relative paths; returns what changed.
    public static func apply() -> [BaseDirectoryVariables.Change] {
        let changes = BaseDirectoryVariables.changes(in: ProcessInfo.processInfo.environment)
        for change in changes {
            if let value = change.value { setenv(change.name, value, 1) } else { unsetenv(change.name) }
        }
        return changes
    }

    /// One line on standard error per path ignored, naming its variable and the path (visible, shortened).
    public static func report(_ changes: [BaseDirectoryVariables.Change]) {
        for change in changes {
            for path in change.ignored {
                let values = ["variable": change.name, "path": VisibleText.shortened(path)]
                ConsoleOutput.error("saoma: " + tr("{variable}: “{path}” is ignored: it is not an absolute path", values))
            }
        }
    }
}
