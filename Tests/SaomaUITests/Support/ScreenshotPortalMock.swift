// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The XDG Screenshot portal played by python3-dbusmock (`Tests/Mocks/screenshot_portal.py`) on
/// a private session bus, stopped in `deinit`. It answers every `Screenshot` call with
/// `response` (0: the image at `uri`, 1: cancelled, 2: failed) and logs each call.
final class ScreenshotPortalMock {
    private let process: SpawnedProcess
    /// The mock's log: one `Screenshot parent=… interactive=…` line per call.
    let logPath: String
    private let folder: TemporaryFolder

    static var template: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Mocks/screenshot_portal.py").path
    }

    init(bus: SessionBus, uri: String = "", response: Int = 0) throws {
        folder = try TemporaryFolder(prefix: "saoma-portal")
        logPath = folder.path("portal.log")
        let parameters = try String(
            decoding: JSONSerialization.data(withJSONObject: ["uri": uri, "response": response]), as: UTF8.self)
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process = try SpawnedProcess(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", Self.template, "-p", parameters, "-l", logPath],
            environment: env, stderrPath: folder.path("stderr"))
        // Ready once it owns the portal's name on the bus.
        let owned = poll(timeout: Patience.seconds) { () -> Bool? in
            guard process.isRunning else { return false }
            let run = try? runToolStatus(
                "/usr/bin/gdbus",
                [
                    "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                    "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.portal.Desktop",
                ], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            return run?.output.contains("true") == true ? true : nil
        }
        guard owned == true else {
            process.stop()
            let errors = (try? String(contentsOfFile: folder.path("stderr"), encoding: .utf8)) ?? ""
            throw EndToEndError(description: "the portal mock did not come up: \(errors)")
        }
    }

    deinit { process.stop() }

    /// The `Screenshot` calls logged so far (each line after the timestamp).
    var calls: [String] {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            line.range(of: "Screenshot ").map { String(line[$0.lowerBound...]) }
        }
    }
}
