// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A private X server (`Xvfb -displayfd`, so tests never share a screen), stopped when released:
/// the one Xvfb launcher of the tests (each end-to-end app gets one; the in-process GTK tests
/// keep one for the whole test process).
///
/// `-noreset`: without it the server resets whenever its last client leaves (each xdotool call,
/// an app's first run), and a client connecting during the reset gets "cannot open display".
public final class VirtualDisplay {
    /// The server process (the in-process GTK tests end it when the test process exits).
    public let process: SpawnedProcess
    /// The display name for `DISPLAY` (`:N`).
    public let name: String

    /// Starts Xvfb with a `width`×`height` screen (pixels, 24-bit) and waits until it reports its display number.
    public init(width: Int = 1400, height: Int = 1000) throws {
        let (process, line) = try SpawnedProcess.reportingFirstLine(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"])
        self.process = process
        guard let number = Int(line) else {
            process.stop()
            throw EndToEndError("Xvfb did not report a display number (got \(line.debugDescription))")
        }
        name = ":\(number)"
    }

    deinit { process.stop() }
}

/// A private D-Bus bus (`dbus-daemon --session`), stopped when released: the session bus of a
/// test, or the system bus when its address is given as `DBUS_SYSTEM_BUS_ADDRESS`.
public final class SessionBus {
    private let process: SpawnedProcess
    /// The bus address for `DBUS_SESSION_BUS_ADDRESS` (or `DBUS_SYSTEM_BUS_ADDRESS`).
    public let address: String

    public init() throws {
        (process, address) = try SpawnedProcess.reportingFirstLine("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
    }

    deinit { process.stop() }

    /// Whether `name` has an owner on this bus.
    public func hasOwner(_ name: String) -> Bool { Self.hasOwner(name, busAddress: address) }

    /// Whether `name` has an owner on the bus at `busAddress` (asked with `gdbus`).
    public static func hasOwner(_ name: String, busAddress: String) -> Bool {
        let run = try? runToolStatus(
            "/usr/bin/gdbus",
            [
                "call", "--address", busAddress, "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
                "org.freedesktop.DBus.NameHasOwner", name,
            ])
        return run?.output.contains("true") == true
    }
}

/// A python3-dbusmock server on a private bus (a template of python3-dbusmock or one of
/// `Tests/Mocks`), ready once it owns its bus name; stopped (SIGKILL: dbusmock ignores SIGTERM)
/// when released.
public final class DBusMock {
    private let process: SpawnedProcess
    private let folder: TemporaryFolder
    /// The mock's call log (`-l`): one line per method call.
    public let logPath: String

    /// Starts `python3 -m dbusmock --template TEMPLATE -p PARAMETERS` on `bus` (as the system bus
    /// when `system`) and waits until `name` is owned there.
    public convenience init(bus: SessionBus, system: Bool = false, template: String, parameters: [String: Any], name: String) throws {
        try self.init(busAddress: bus.address, system: system, template: template, parameters: parameters, name: name)
    }

    /// Starts the mock on the bus at `busAddress` (see `init(bus:system:template:parameters:name:)`).
    public init(busAddress: String, system: Bool = false, template: String, parameters: [String: Any], name: String) throws {
        folder = try TemporaryFolder(prefix: "saoma-dbusmock")
        logPath = folder.path("calls.log")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: parameters), as: UTF8.self)
        var env = ProcessInfo.processInfo.environment
        env[system ? "DBUS_SYSTEM_BUS_ADDRESS" : "DBUS_SESSION_BUS_ADDRESS"] = busAddress
        process = try SpawnedProcess(
            "/usr/bin/python3", ["-m", "dbusmock"] + (system ? ["--system"] : []) + ["--template", template, "-p", json, "-l", logPath],
            environment: Optional(env), stderr: .path(folder.path("stderr")))
        let process = self.process
        let owned = poll { () -> Bool? in
            guard process.isRunning else { return false }
            return SessionBus.hasOwner(name, busAddress: busAddress) ? true : nil
        }
        guard owned == true else {
            process.stop()
            let errors = (try? String(contentsOfFile: folder.path("stderr"), encoding: .utf8)) ?? ""
            throw EndToEndError("the mock \(template) did not come up: \(errors)")
        }
    }

    deinit { process.stop() }

    /// Kills the mock now.
    public func stop() { process.stop() }

    /// The lines of the call log so far.
    public var logLines: [String] {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init)
    }
}
