// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCore

/// What the headless commands write to standard output and error, with every failure handled.
///
/// Standard output that cannot be written (`> /dev/full`, a closed descriptor, a pipe whose
/// reader left while SIGPIPE is ignored) ends the process with one line on standard error and
/// exit status 2 (`exitOutputFailed`); with SIGPIPE at its default a closed pipe ends the process
/// quietly, as for any command. Files written before stay whole (they are written atomically).
/// Standard error that cannot be written is ignored: the exit status still tells. Every line to
/// standard error is made visible (`VisibleText`): file names and messages cannot drive the
/// terminal. Callers serialise their writes (the scan command reports under its result lock).
public enum ConsoleOutput {
    /// Exit status when standard output cannot be written.
    public static let exitOutputFailed: Int32 = 2

    /// Writes `text` as is to standard output; exits with status 2 when it cannot be written.
    public static func out(_ text: String) {
        guard !text.isEmpty else { return }
        out(bytes: Array(text.utf8))
    }

    /// Writes `bytes` exactly to standard output (`--raw`); exits with status 2 when they cannot be written.
    public static func out(bytes: [UInt8]) {
        guard !bytes.isEmpty, let failure = StandardStream.output.write(bytes) else { return }
        outputFailed(failure)
    }

    /// Writes `line`, made visible, and a newline to standard error (failures ignored).
    public static func error(_ line: String) {
        StandardStream.error.write(VisibleText.of(line) + "\n")
    }

    /// Reports that standard output failed with `code` and exits with status 2.
    public static func outputFailed(_ code: Int32) -> Never {
        error("saoma: " + tr("cannot write to standard output: {reason}", ["reason": StandardStream.describe(code)]))
        exit(exitOutputFailed)
    }
}
