// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A private D-Bus daemon standing in for the system bus, with python3-dbusmock's NetworkManager
/// (through `nm_join_template.py`) on it; both stopped by `stop()` (only what this started).
final class MockNetworkManager {
    /// Seconds to wait for the bus or the mock to come up (a state, checked repeatedly).
    static let patience: TimeInterval = 30

    let daemon: Process
    let address: String
    var mock: Process?
    let recordPath: String

    /// Starts the bus and, when `parameters` is given, the mock NetworkManager on it.
    init(parameters: [String: Any]?) throws {
        recordPath = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-nm-\(UUID().uuidString).jsonl").path
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let pipe = Pipe()
        daemon.standardOutput = pipe
        try daemon.run()
        var text = ""
        let deadline = Date().addingTimeInterval(Self.patience)
        while !text.contains("\n"), Date() < deadline {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        address = text.split(separator: "\n").first.map(String.init) ?? ""
        guard !address.isEmpty else {
            stop()
            throw MockError.noBus
        }
        guard var parameters else { return }
        parameters["record"] = recordPath
        let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("nm_join_template.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: parameters), as: UTF8.self)
        process.arguments = ["-m", "dbusmock", "--system", "--template", template, "-p", json]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        mock = process
        guard waitForName() else {
            stop()
            throw MockError.noMock
        }
    }

    enum MockError: Error {
        case noBus
        case noMock
    }

    /// Waits until NetworkManager's name is owned on the private bus.
    private func waitForName() -> Bool {
        let deadline = Date().addingTimeInterval(Self.patience)
        while Date() < deadline {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
            check.arguments = [
                "call", "--address", address, "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
                "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.NetworkManager",
            ]
            let out = Pipe()
            check.standardOutput = out
            check.standardError = FileHandle.nullDevice
            guard (try? check.run()) != nil else { return false }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            check.waitUntilExit()
            if String(decoding: data, as: UTF8.self).contains("true") { return true }
            guard mock?.isRunning == true else { return false }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    /// The calls the mock recorded, one JSON object each.
    func records() -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Kills the mock and the bus (SIGKILL: dbusmock ignores SIGTERM) and waits for them.
    func stop() {
        for process in [mock, daemon].compactMap({ $0 }) where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: recordPath)
    }
}
