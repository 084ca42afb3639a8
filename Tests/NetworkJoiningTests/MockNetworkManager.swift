// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport

/// A private D-Bus daemon standing in for the system bus, with python3-dbusmock's NetworkManager
/// (through `nm_join_template.py`) on it; both stopped by `stop()` (only what this started).
final class MockNetworkManager {
    private var bus: SessionBus?
    private var mock: DBusMock?
    let address: String
    private let folder: TemporaryFolder
    let recordPath: String

    /// Starts the bus and, when `parameters` is given, the mock NetworkManager on it.
    init(parameters: [String: Any]?) throws {
        folder = try TemporaryFolder(prefix: "saoma-nm")
        recordPath = folder.path("record.jsonl")
        let bus = try SessionBus()
        self.bus = bus
        address = bus.address
        guard var parameters else { return }
        parameters["record"] = recordPath
        let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("nm_join_template.py").path
        mock = try DBusMock(bus: bus, system: true, template: template, parameters: parameters, name: "org.freedesktop.NetworkManager")
    }

    /// The calls the mock recorded, one JSON object each.
    func records() -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Kills the mock and the bus and waits for them.
    func stop() {
        mock = nil
        bus = nil
    }
}
