// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// End to end through PipeWire: the built app under its own Xvfb, a private PipeWire
/// daemon (`scripts/pipewire-session`) and a `PipeWireTestCamera` node serving a scene; no V4L2
/// device at all.
@Suite(.enabled(if: PipeWireSession.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"))
struct PipeWireWindowTests {
    @Test("a code served by a PipeWire camera is found and chosen (--device pipewire:NODE_NAME)")
    func codeThroughPipeWireIsChosen() throws {
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-e2e-camera", showing: "through pipewire")
        defer { camera.stop() }
        let app = try AppUnderTest(
            arguments: ["--oneshot", "--device", "pipewire:saoma-e2e-camera"], camera: .none, environment: session.daemonVariables)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "through pipewire\n")
        #expect(app.debugLines.contains { $0.hasPrefix("markers ") })
    }

    @Test("with a V4L2 camera present too, --device pipewire:NODE_NAME chooses the PipeWire camera")
    func pipeWireDeviceWinsOverV4L2() throws {
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-e2e-both", showing: "from pipewire")
        defer { camera.stop() }
        var v4l2Scene = CameraScene()
        try v4l2Scene.addCode("from v4l2", centerX: 640, centerY: 360)
        let app = try AppUnderTest(
            arguments: ["--oneshot", "--device", "pipewire:saoma-e2e-both"], camera: .fake(scene: v4l2Scene),
            environment: session.daemonVariables)
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
        let session = try PipeWireSession()
        let name = loss == .producer ? "saoma-e2e-replug" : "saoma-e2e-restart"
        var camera = try session.startCamera(name: name, serving: CameraScene())
        let app = try AppUnderTest(
            arguments: ["--oneshot", "--device", "pipewire:" + name], camera: .none, environment: session.daemonVariables)
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
