// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// What `saoma --oneshot` prints for the chosen code.
enum OneshotOutput {
    /// Exit status when standard output cannot be written.
    static let exitOutputFailed: Int32 = 2

    /// The line for `symbol`: terminal-safe text (`VisibleText`), binary payloads marked and
    /// shown as hex; with `raw`, the payload's exact bytes. A newline ends it either way.
    static func bytes(for symbol: Symbol, raw: Bool) -> [UInt8] {
        if raw { return symbol.bytes + [0x0A] }
        return Array((VisibleText.line(for: symbol, binaryLabel: tr("(binary, hex)")) + "\n").utf8)
    }

    /// Writes `symbol` to standard output; returns the exit status: 0, or 2 with one line on
    /// standard error when standard output cannot be written.
    static func write(_ symbol: Symbol, raw: Bool) -> Int32 {
        guard let failure = StandardStream.output.write(bytes(for: symbol, raw: raw)) else { return 0 }
        StandardStream.error.write(
            "saoma: " + tr("cannot write to standard output: {reason}", ["reason": StandardStream.describe(failure)]) + "\n")
        return exitOutputFailed
    }
}
