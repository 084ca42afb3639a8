// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// End to end through PipeWire: the built app under its own Xvfb, a private PipeWire
/// daemon (`scripts/pipewire-session`) and a `PipeWireTestCamera` node serving a scene; no V4L2
/// device at all.
@Suite(.enabled(if: PipeWireE2E.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"))
struct PipeWireWindowTests {
    @Test("a code served by a PipeWire camera is found and chosen (--device pipewire:NODE_NAME)")
    func codeThroughPipeWireIsChosen() throws {
        let session = try PipeWireE2E()
        let camera = try session.startCamera(name: "saoma-e2e-camera", showing: "through pipewire")
        defer { camera.stop() }
        let app = try AppUnderTest(
            arguments: ["--oneshot", "--device", "pipewire:saoma-e2e-camera"], camera: .none, environment: session.environment)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "through pipewire\n")
        #expect(app.debugLines.contains { $0.hasPrefix("markers ") })
    }

    @Test("with a V4L2 camera present too, --device pipewire:NODE_NAME chooses the PipeWire camera")
    func pipeWireDeviceWinsOverV4L2() throws {
        let session = try PipeWireE2E()
        let camera = try session.startCamera(name: "saoma-e2e-both", showing: "from pipewire")
        defer { camera.stop() }
        var v4l2Scene = CameraScene()
        try v4l2Scene.addCode("from v4l2", centerX: 640, centerY: 360)
        let app = try AppUnderTest(
            arguments: ["--oneshot", "--device", "pipewire:saoma-e2e-both"], camera: .fake(scene: v4l2Scene),
            environment: session.environment)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "from pipewire\n")
    }

    /// What goes away while the app streams: the camera's node, or the PipeWire daemon (and the
    /// camera with it); and the code the camera serves when it is back.
    enum Loss: String, CaseIterable, Sendable {
        case producer = "pipewire back again"
        case daemon = "daemon restarted"
    }

    @Test(
        "a PipeWire camera that goes away, or the daemon stopping, shows the unplugged page; camera (and daemon) back: scanning resumes",
        arguments: Loss.allCases)
    func unpluggedThenResumes(loss: Loss) throws {
        let session = try PipeWireE2E()
        let name = loss == .producer ? "saoma-e2e-replug" : "saoma-e2e-restart"
        var camera = try session.startCamera(name: name, serving: CameraScene())
        let app = try AppUnderTest(
            arguments: ["--oneshot", "--device", "pipewire:" + name], camera: .none, environment: session.environment)
        let (_, streaming) = try app.waitForLine { $0.hasPrefix("camera streaming(") }
        // The daemon goes first (its clients see the connection break), then the camera's process.
        if loss == .daemon { try session.stopDaemon() }
        camera.stop()
        try app.waitForLine(after: streaming) { $0.hasPrefix("camera problem(") && $0.contains("unplugged") }
        try app.waitForLine(after: streaming) { $0 == "page camera-problem" }
        if loss == .daemon { try session.startDaemon() }
        camera = try session.startCamera(name: name, showing: loss.rawValue)
        defer { camera.stop() }
        if loss == .daemon { try app.waitForLine(after: streaming + 1) { $0.hasPrefix("camera streaming(") } }
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == loss.rawValue + "\n")
    }
}

/// A private PipeWire session for an end-to-end test; stopped (exactly its processes) when released.
final class PipeWireE2E {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let available: Bool = ["pipewire", "wireplumber", "pw-cli"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    let directory: URL

    init() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("saoma-pw-e2e-\(UUID().uuidString.prefix(8))")
        let status = try Self.script(["start", directory.path])
        try #require(status == 0, "scripts/pipewire-session start failed; logs in \(directory.path)")
    }

    deinit {
        _ = try? Self.script(["stop", directory.path])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the daemon and WirePlumber; the session bus stays, as in a desktop session where
    /// PipeWire restarts (`scripts/pipewire-session stop DIR --keep-bus`).
    func stopDaemon() throws {
        try #require(try Self.script(["stop", directory.path, "--keep-bus"]) == 0, "scripts/pipewire-session stop failed")
    }

    /// Starts them again in the same folder: the same socket path, a new daemon.
    func startDaemon() throws {
        try #require(try Self.script(["start", directory.path]) == 0, "scripts/pipewire-session start failed; logs in \(directory.path)")
    }

    private static func script(_ arguments: [String]) throws -> Int32 {
        let process = try SpawnedProcess(
            repository.appendingPathComponent("scripts/pipewire-session").path, arguments,
            environment: ProcessInfo.processInfo.environment)
        return try process.wait()
    }

    /// What reaches this daemon (added to the app's environment).
    var environment: [String: String] {
        ["XDG_RUNTIME_DIR": directory.path, "PIPEWIRE_RUNTIME_DIR": directory.path, "PIPEWIRE_REMOTE": "pipewire-0"]
    }

    /// Starts a test camera node serving one code, `text`, in the middle of its 1280×720 view.
    func startCamera(name: String, showing text: String) throws -> SpawnedProcess {
        var scene = CameraScene()
        try scene.addCode(text, centerX: 640, centerY: 360)
        return try startCamera(name: name, serving: scene)
    }

    /// Writes `scene` into the session's folder and starts a test camera node serving it.
    func startCamera(name: String, serving scene: CameraScene) throws -> SpawnedProcess {
        let path = directory.appendingPathComponent("scene.ppm").path
        try scene.write(to: path)
        return try startCamera(name: name, scene: path)
    }

    /// Starts a test camera node; returns once its node exists (its `ready` line).
    func startCamera(name: String, scene: String) throws -> SpawnedProcess {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw EndToEndError(description: "pipe() failed") }
        defer { close(fds[0]) }
        let tool = AppUnderTest.buildFolder.appendingPathComponent("PipeWireTestCamera").path
        let environment = ProcessInfo.processInfo.environment.merging(self.environment) { $1 }
        let started = Result {
            try SpawnedProcess(tool, ["--name", name, "--scene", scene], environment: environment, stdoutFD: fds[1])
        }
        close(fds[1])
        let process = try started.get()
        var line = ""
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1, byte != 10 { line.append(Character(UnicodeScalar(byte))) }
        guard line.hasPrefix("ready ") else {
            process.stop()
            throw EndToEndError(description: "PipeWireTestCamera did not become ready: \(line)")
        }
        return process
    }
}
