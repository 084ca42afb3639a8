// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport

/// A private desktop session for Saoma's entry points: its own X display, a session bus that
/// starts Saoma by D-Bus activation from the service file in `data/` (as a desktop's bus does),
/// the desktop files of `data/` installed in a private data folder, the built `saoma` on `PATH`,
/// and private settings, history and folders (`PrivateHome`).
///
/// Saoma started by the bus inherits the bus's environment and its standard streams: the
/// daemon's stdout and stderr are files, so the app's debug lines (`SAOMA_DEBUG_GEOMETRY=1`)
/// can be read. Everything started here is stopped when released (the daemon's children by
/// their process id, read from the bus). Used by the one test that made it.
final class DesktopSession {
    static let appID = "io.github.saoma.Saoma"

    let display: VirtualDisplay
    let home: TemporaryFolder
    /// The bus address for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    /// The environment of the session: what the bus gives the apps it starts, and what the
    /// test's own tools (`gdbus`, `gapplication`, `saoma`) run with.
    let environment: [String: String]
    private let daemon: SpawnedProcess
    private let stderrPath: String

    /// Starts the session; `settings` are keyfile lines under `[io/github/saoma/Saoma]` (the
    /// keyfile backend; in memory when `nil`); `systemBus` is the address of a private system bus.
    init(settings: [String]? = nil, systemBus: String? = nil) throws {
        home = try TemporaryFolder(prefix: "saoma-desktop")
        display = try VirtualDisplay()
        var env = try PrivateHome.windowEnvironment(in: home, display: display)
        env["PATH"] = BuiltProducts.folder.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        if let systemBus { env["DBUS_SYSTEM_BUS_ADDRESS"] = systemBus }
        if let settings { try PrivateHome.useKeyfileSettings(settings, in: home, environment: &env) }
        try Self.install(in: home)
        let socket = home.path("bus")
        let config = home.path("session.conf")
        try Self.busConfiguration(socket: socket, services: home.path("data/dbus-1/services")).write(
            toFile: config, atomically: true, encoding: .utf8)
        address = "unix:path=" + socket
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        environment = env
        let stdoutPath = home.path("bus-stdout.txt")
        stderrPath = home.path("bus-stderr.txt")
        daemon = try SpawnedProcess(
            "/usr/bin/dbus-daemon", ["--config-file=" + config, "--nofork", "--nopidfile"], environment: env, stdoutPath: stdoutPath,
            stderrPath: stderrPath)
        let address = self.address
        let daemon = self.daemon
        let up = poll { () -> Bool? in
            guard daemon.isRunning else { return false }
            return SessionBus.hasOwner("org.freedesktop.DBus", busAddress: address) ? true : nil
        }
        guard up == true else { throw EndToEndError("the session bus did not come up: \(standardError)") }
    }

    deinit {
        // The apps the bus started are its children's children: end each by its id first.
        for pid in ownerPIDs() { kill(pid, SIGKILL) }
        daemon.stop()
    }

    /// The data files a package installs, filled in for this tree: the desktop files (Exec finds
    /// `saoma` on `PATH`), and the D-Bus service starting the built binary.
    private static func install(in home: TemporaryFolder) throws {
        let data = BuiltProducts.repository.appendingPathComponent("data")
        let applications = home.path("data/applications")
        let services = home.path("data/dbus-1/services")
        for folder in [applications, services] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        func fill(_ name: String, into folder: String, as installed: String) throws {
            let text = try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
                .replacingOccurrences(of: "@APP_ID@", with: appID)
                .replacingOccurrences(of: "@APP_PATH@", with: "/" + appID.replacingOccurrences(of: ".", with: "/"))
                .replacingOccurrences(of: "@BINDIR@", with: BuiltProducts.folder.path)
            try text.write(toFile: folder + "/" + installed, atomically: true, encoding: .utf8)
        }
        try fill("\(appID).desktop.in", into: applications, as: "\(appID).desktop")
        try fill("\(appID).WiFi.desktop.in", into: applications, as: "\(appID).WiFi.desktop")
        try fill("\(appID).service.in", into: services, as: "\(appID).service")
        try fill("\(appID).search-provider.ini.in", into: home.path("data"), as: "search-provider.ini")
    }

    /// A session bus configuration listening on `socket` and activating from `services`.
    private static func busConfiguration(socket: String, services: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <servicedir>\(services)</servicedir>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    /// The search-provider keyfile's value for `key` (as installed).
    func searchProviderValue(_ key: String) throws -> String {
        let text = try String(contentsOfFile: home.path("data/search-provider.ini"), encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + "=") }) else {
            throw EndToEndError("the search-provider keyfile has no \(key)")
        }
        return String(line.dropFirst(key.count + 1))
    }

    /// Everything the bus and the apps it started wrote on stderr.
    var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    /// The apps' debug lines so far, without the prefix.
    var debugLines: [String] {
        standardError.split(separator: "\n").compactMap { line in
            line.hasPrefix("saoma-debug: ") ? String(line.dropFirst("saoma-debug: ".count)) : nil
        }
    }

    /// Waits (`Patience.seconds` at most, a guard against hangs) for a debug line satisfying `match`.
    @discardableResult
    func waitForLine(_ what: String, _ match: (String) -> Bool) throws -> String {
        guard let line = poll(every: 0.05, { debugLines.first(where: match) }) else {
            throw EndToEndError("no debug line for \(what); stderr:\n\(standardError)")
        }
        return line
    }

    /// Runs `tool` in the session (its bus, display and folders); returns how it ended.
    func run(_ tool: String, _ arguments: [String]) throws -> ToolRun {
        try runToolStatus(tool, arguments, environment: environment)
    }

    /// Calls `method` of the search provider with `gdbus` (arguments in GVariant text form) at
    /// the bus name and object path the installed keyfile names.
    func callSearchProvider(_ method: String, _ arguments: [String]) throws -> ToolRun {
        let name = try searchProviderValue("BusName")
        let path = try searchProviderValue("ObjectPath")
        return try run(
            "/usr/bin/gdbus",
            ["call", "--session", "--dest", name, "--object-path", path, "--method", "org.gnome.Shell.SearchProvider2." + method]
                + arguments)
    }

    /// Whether a window titled exactly `title` is mapped on the session's display, once there is
    /// one (`false` after `Patience.seconds`, a guard against hangs).
    func window(titled title: String) -> Bool {
        poll {
            let found = try? runToolStatus("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"], display: display.name)
            return found?.status == 0 ? true : nil
        } ?? false
    }

    /// Whether Saoma owns its bus name now.
    var saomaIsRunning: Bool { SessionBus.hasOwner(Self.appID, busAddress: address) }

    /// The ids of the processes owning names on the bus, except the bus itself.
    private func ownerPIDs() -> [pid_t] {
        guard
            let names = try? run(
                "/usr/bin/gdbus",
                [
                    "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                    "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.ListNames",
                ])
        else { return [] }
        let unique = names.output.split(whereSeparator: { "', []()".contains($0) }).filter { $0.hasPrefix(":") }
        return unique.compactMap { name -> pid_t? in
            guard
                let reply = try? run(
                    "/usr/bin/gdbus",
                    [
                        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                        "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", String(name),
                    ])
            else { return nil }
            let digits = reply.output.split(whereSeparator: { !$0.isNumber }).last
            return digits.flatMap { pid_t($0) }.flatMap { $0 == getpid() ? nil : $0 }
        }
    }
}

/// python3-dbusmock's NetworkManager (`Tests/NetworkJoiningTests/nm_join_template.py`) on a
/// private system bus, recording what Saoma asked it to join; stopped when released.
final class NetworkManagerMock {
    let bus: SessionBus
    private let mock: DBusMock
    private let folder: TemporaryFolder
    private let recordPath: String

    /// Starts the bus and the mock with the template's `parameters` (`outcome`, `wifi`…).
    init(_ parameters: [String: Any] = [:]) throws {
        folder = try TemporaryFolder(prefix: "saoma-nm")
        recordPath = folder.path("record.jsonl")
        bus = try SessionBus()
        var parameters = parameters
        parameters["record"] = recordPath
        let template = BuiltProducts.repository.appendingPathComponent("Tests/NetworkJoiningTests/nm_join_template.py").path
        mock = try DBusMock(bus: bus, system: true, template: template, parameters: parameters, name: "org.freedesktop.NetworkManager")
    }

    /// The calls recorded, one JSON object each.
    var records: [[String: Any]] {
        guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The SSID and password of each network Saoma asked to add and activate.
    var joined: [(ssid: String, password: String?)] {
        records.compactMap { record in
            guard record["method"] as? String == "AddAndActivateConnection",
                let settings = record["settings"] as? [String: [String: Any]],
                let ssid = settings["802-11-wireless"]?["ssid"] as? [Int]
            else { return nil }
            return (String(decoding: ssid.map { UInt8($0) }, as: UTF8.self), settings["802-11-wireless-security"]?["psk"] as? String)
        }
    }
}
