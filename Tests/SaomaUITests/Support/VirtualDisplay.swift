// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A private X server (`Xvfb -displayfd`, so tests never share a screen) for one test, stopped in `deinit`.
///
/// `-noreset`: without it the server resets whenever its last client leaves (each xdotool call,
/// an app's first run), and a client connecting during the reset gets "cannot open display".
final class VirtualDisplay {
    private let process: SpawnedProcess
    /// The display name for `DISPLAY` (`:N`).
    let name: String

    /// Starts Xvfb with a `width`×`height` screen (pixels, 24-bit) and waits until it reports its display number.
    init(width: Int = 1400, height: Int = 1000) throws {
        let (process, line) = try SpawnedProcess.reportingFirstLine(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"])
        self.process = process
        guard let number = Int(line) else {
            process.stop()
            throw EndToEndError(description: "Xvfb did not report a display number (got \(line.debugDescription))")
        }
        name = ":\(number)"
    }

    deinit { process.stop() }
}

/// A private D-Bus session bus (`dbus-daemon --session`) for tests of the single-instance
/// application, stopped in `deinit`.
final class SessionBus {
    private let process: SpawnedProcess
    /// The bus address for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String

    init() throws {
        (process, address) = try SpawnedProcess.reportingFirstLine("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
    }

    deinit { process.stop() }
}
