// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// What `saoma --oneshot` prints for the chosen code, and `saoma --wifi` for how joining ended.
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

    /// The line `saoma --wifi` ends with: on standard output once joined, else on standard
    /// error after `saoma: ` (the network's name with its control characters visible).
    @MainActor
    static func line(for ending: WiFiModeSession.Ending) -> (stream: StandardStream, text: String) {
        switch ending {
        case .joined(let network):
            return (.output, ResultPage.describe(.connected, network: network.ssid) + "\n")
        case .cancelled:
            return (.error, "saoma: " + tr("no network was joined") + "\n")
        case .failed(let network, let outcome):
            return (.error, "saoma: " + ResultPage.describe(outcome, network: network.ssid) + "\n")
        }
    }

    /// Writes `ending`'s line; returns the exit status: the ending's, or 2 when standard output
    /// cannot be written.
    @MainActor
    static func write(_ ending: WiFiModeSession.Ending) -> Int32 {
        let (stream, text) = line(for: ending)
        guard let failure = stream.write(text), stream == .output else { return ending.exitStatus }
        StandardStream.error.write(
            "saoma: " + tr("cannot write to standard output: {reason}", ["reason": StandardStream.describe(failure)]) + "\n")
        return exitOutputFailed
    }
}
