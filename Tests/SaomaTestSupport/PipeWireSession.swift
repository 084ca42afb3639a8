// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// A private PipeWire daemon, WirePlumber and session bus (`scripts/pipewire-session`) on their
/// own `XDG_RUNTIME_DIR`, stopped (exactly those processes) when released.
public final class PipeWireSession {
    /// Whether the PipeWire binaries exist (tests are skipped with a message otherwise).
    public static let available: Bool = ["pipewire", "wireplumber", "pw-cli"].allSatisfy { installedTool($0) != nil }

    public let directory: URL

    public init() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("saoma-pw-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let status = try Self.script(["start", directory.path], log: directory.appendingPathComponent("session.log").path)
        guard status == 0 else {
            throw EndToEndError("scripts/pipewire-session start failed (status \(status)); logs in \(directory.path)")
        }
    }

    deinit {
        _ = try? Self.script(["stop", directory.path], log: "/dev/null")
        try? FileManager.default.removeItem(at: directory)
    }

    /// The test's environment with what reaches this daemon and its session bus.
    public var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(variables) { $1 }
    }

    /// Only the variables that reach this daemon and its session bus (added to an app's environment).
    public var variables: [String: String] {
        [
            "XDG_RUNTIME_DIR": directory.path, "PIPEWIRE_RUNTIME_DIR": directory.path, "PIPEWIRE_REMOTE": "pipewire-0",
            "DBUS_SESSION_BUS_ADDRESS": busAddress,
        ]
    }

    /// The variables that reach this daemon but not its session bus: an app under test keeps the
    /// bus it was given (its portal mocks are there).
    public var daemonVariables: [String: String] { variables.filter { $0.key != "DBUS_SESSION_BUS_ADDRESS" } }

    /// The session's private bus.
    public var busAddress: String { "unix:path=" + directory.appendingPathComponent("bus").path }

    /// The daemon's socket.
    public var socketPath: String { directory.appendingPathComponent("pipewire-0").path }

    /// Stops the daemon and WirePlumber; the session bus stays, as in a desktop session where
    /// PipeWire restarts (`scripts/pipewire-session stop DIR --keep-bus`).
    public func stopDaemon() throws {
        let status = try Self.script(["stop", directory.path, "--keep-bus"], log: directory.appendingPathComponent("session.log").path)
        guard status == 0 else { throw EndToEndError("scripts/pipewire-session stop failed (status \(status))") }
    }

    /// Starts them again in the same folder: the same socket path, a new daemon.
    public func startDaemon() throws {
        let status = try Self.script(["start", directory.path], log: directory.appendingPathComponent("session.log").path)
        guard status == 0 else {
            throw EndToEndError("scripts/pipewire-session start failed (status \(status)); logs in \(directory.path)")
        }
    }

    /// Runs `scripts/pipewire-session` with its messages (and those of the daemons it starts
    /// before they have logs of their own) in `log`.
    private static func script(_ arguments: [String], log: String) throws -> Int32 {
        try SpawnedProcess(BuiltProducts.source("scripts/pipewire-session").path, arguments, stderr: .path(log)).wait()
    }

    /// Starts a test camera (also offering `offers`, `WxH@NUM/DENOM` values as they are, never
    /// streamed; publishing `controls`, `NAME=TYPE:MIN:MAX:STEP:VALUE`, and logging the values
    /// set to `propsLog`); returns once its node exists.
    public func startCamera(
        name: String, formats: String = "YUY2", modes: String = "1280x720@30,640x480@30", scene: String? = nil, offers: [String] = [],
        controls: [String] = [], propsLog: String? = nil
    ) throws -> TestCamera {
        var arguments = ["--name", name, "--formats", formats, "--modes", modes]
        if let scene { arguments += ["--scene", scene] }
        for offer in offers { arguments += ["--offer", offer] }
        if !controls.isEmpty { arguments += ["--controls", controls.joined(separator: ",")] }
        if let propsLog { arguments += ["--props-log", propsLog] }
        return try TestCamera(session: self, arguments: arguments)
    }

    /// Starts a test camera node serving one code, `text`, in the middle of its 1280×720 view.
    public func startCamera(name: String, showing text: String) throws -> TestCamera {
        var scene = CameraScene()
        try scene.addCode(text, centerX: 640, centerY: 360)
        return try startCamera(name: name, serving: scene)
    }

    /// Writes `scene` into the session's folder and starts a test camera node serving it in `modes`.
    public func startCamera(name: String, serving scene: CameraScene, modes: String = "1280x720@30,640x480@30") throws -> TestCamera {
        let path = directory.appendingPathComponent("scene-\(UUID().uuidString).ppm").path
        try scene.write(to: path)
        return try startCamera(name: name, modes: modes, scene: path)
    }
}

/// A running `PipeWireTestCamera` (`Tests/PipeWireTestCamera`); ended (SIGTERM, then reaped) by
/// `stop()` or when released.
public final class TestCamera {
    private let process: SpawnedProcess
    /// The node's global id, from its `ready` line.
    public let nodeID: UInt32
    public let name: String

    init(session: PipeWireSession, arguments: [String]) throws {
        try BuiltProducts.require(BuiltProducts.pipeWireTestCamera)
        let log = session.directory.appendingPathComponent("camera-\(UUID().uuidString.prefix(8)).log").path
        let started = Result {
            try SpawnedProcess.reportingFirstLine(
                BuiltProducts.pipeWireTestCamera.path, arguments, environment: session.environment, stderr: .path(log))
        }
        let errors = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        guard case .success(let (process, line)) = started else {
            throw EndToEndError("PipeWireTestCamera did not start: \(errors())")
        }
        self.process = process
        let fields = line.split(separator: " ")
        guard fields.count == 3, fields[0] == "ready", let id = UInt32(fields[1]) else {
            process.stop()
            throw EndToEndError("PipeWireTestCamera did not become ready: \(line) \(errors())")
        }
        nodeID = id
        name = String(fields[2])
    }

    deinit { stop() }

    /// Ends the camera (its node leaves the graph).
    public func stop() { process.terminate() }
}

/// Collects values from another thread; tests wait for a condition on them (a state, not a time:
/// the deadline only ends a test that would otherwise hang).
public final class Collected<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    private let changed = DispatchSemaphore(value: 0)

    public init() {}

    public func append(_ value: Value) {
        values.withLock { $0.append(value) }
        changed.signal()
    }

    public var all: [Value] { values.withLock { $0 } }

    /// Waits until `condition` holds for the values so far; false if `Patience.seconds` pass first.
    public func wait(until condition: ([Value]) -> Bool) -> Bool {
        let deadline = Patience.deadline
        while !condition(all) {
            guard Date() < deadline else { return false }
            _ = changed.wait(timeout: .now() + 1)
        }
        return true
    }
}
