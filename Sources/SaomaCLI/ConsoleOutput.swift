// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes to standard output and error through `FileHandle` (Swift 6 forbids C's `stdout`).
///
/// Callers serialise their writes (the scan command reports under its result lock).
public enum ConsoleOutput {
    /// Writes `text` as is to standard output.
    public static func out(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `line` and a newline to standard error.
    public static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
