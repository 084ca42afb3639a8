// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// The window through the camera portal: the built app with `SAOMA_CAMERA_PORTAL=1`,
/// the mock portal (`Tests/Mocks/camera_portal.py`) on the private PipeWire session's bus, and
/// no way to the daemon but the portal's descriptor (the app's own `XDG_RUNTIME_DIR` holds no
/// PipeWire socket).
@Suite(
    .serialized, .enabled(if: PipeWireSession.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gdbus"), "gdbus is not installed"))
struct PipeWirePortalWindowTests {
    @Test("granted: the camera's code is found through the portal's descriptor")
    func grantedScansThroughThePortal() throws {
        let session = try PipeWireSession()
        let portal = try CameraPortalMock(session: session)
        let camera = try session.startCamera(name: "saoma-portal-camera", showing: "through the camera portal")
        defer { camera.stop() }
        let app = try AppUnderTest(
            arguments: ["--oneshot"], camera: .fake(scene: nil), sessionBus: session.busAddress,
            environment: ["SAOMA_CAMERA_PORTAL": "1"])
        try app.waitForLine { $0.hasPrefix("markers ") }
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "through the camera portal\n")
        // One remote for the camera list, one for the capture (a socket is one connection).
        #expect(portal.calls == ["AccessCamera response=0", "OpenPipeWireRemote", "OpenPipeWireRemote"])
        // A V4L2 camera was there (the fake device), but through the portal V4L2 is not offered.
        #expect(!app.debugLines.contains { $0.hasPrefix("camera ") && $0.contains("/video0") })
    }

    @Test("denied: the permission page explains the portal; Retry after access is allowed scans")
    func deniedThenRetryAfterAllowing() throws {
        let session = try PipeWireSession()
        let portal = try CameraPortalMock(session: session, response: 1)
        let camera = try session.startCamera(name: "saoma-portal-retry", showing: "allowed on retry")
        defer { camera.stop() }
        let app = try AppUnderTest(
            arguments: ["--oneshot"], camera: .none, sessionBus: session.busAddress, environment: ["SAOMA_CAMERA_PORTAL": "1"])
        try app.waitForLine { $0.hasPrefix("camera problem(") && $0.contains("portalDenied") }
        let (pageLine, index) = try app.waitForLine { $0.hasPrefix("problem-page ") && $0.contains("did not allow") }
        #expect(pageLine.contains("title=Camera Access Denied"))
        #expect(pageLine.contains("Settings → Privacy → Camera"))
        #expect(!pageLine.contains("video”"), "the video-group advice is for V4L2 nodes, not the portal")
        try app.waitForLine { $0 == "page camera-problem" }
        #expect(portal.calls == ["AccessCamera response=1"])

        try portal.respond(0)
        let retry = try app.waitForLine(after: index) { $0.hasPrefix("retry-button ") }.line
        let f = fields(retry)
        try app.click(x: try #require(Double(f["x"] ?? "")), y: try #require(Double(f["y"] ?? "")))
        try app.waitForLine(after: index) { $0.hasPrefix("camera streaming(") }
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "allowed on retry\n")
        #expect(portal.calls == ["AccessCamera response=1", "AccessCamera response=0", "OpenPipeWireRemote", "OpenPipeWireRemote"])
    }

    @Test("through the portal, a PipeWire restart shows the unplugged page; Retry asks the portal again and scanning resumes")
    func daemonRestartThenRetryAsksAgain() throws {
        let session = try PipeWireSession()
        let portal = try CameraPortalMock(session: session)
        var camera = try session.startCamera(name: "saoma-portal-restart", serving: CameraScene())
        let app = try AppUnderTest(
            arguments: ["--oneshot"], camera: .none, sessionBus: session.busAddress, environment: ["SAOMA_CAMERA_PORTAL": "1"])
        let (_, streaming) = try app.waitForLine { $0.hasPrefix("camera streaming(") }
        try session.stopDaemon()
        camera.stop()
        let (_, unplugged) = try app.waitForLine(after: streaming) { $0.hasPrefix("camera problem(") && $0.contains("unplugged") }
        try session.startDaemon()
        camera = try session.startCamera(name: "saoma-portal-restart", showing: "portal after a restart")
        defer { camera.stop() }
        // The portal's old remotes are dead: only asking again reaches the new daemon.
        let retry = fields(try app.waitForLine(after: unplugged) { $0.hasPrefix("retry-button ") }.line)
        try app.click(x: try #require(Double(retry["x"] ?? "")), y: try #require(Double(retry["y"] ?? "")))
        try app.waitForLine(after: unplugged) { $0.hasPrefix("camera streaming(") }
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "portal after a restart\n")
        #expect(portal.calls.filter { $0.hasPrefix("AccessCamera") } == ["AccessCamera response=0", "AccessCamera response=0"])
    }

    @Test("no camera portal on the bus: a page says the portal is missing")
    func missingPortalHasItsOwnPage() throws {
        let session = try PipeWireSession()
        let app = try AppUnderTest(
            arguments: ["--oneshot"], camera: .none, sessionBus: session.busAddress, environment: ["SAOMA_CAMERA_PORTAL": "1"])
        try app.waitForLine { $0.hasPrefix("camera problem(") && $0.contains("portalUnavailable") }
        let (pageLine, _) = try app.waitForLine { $0.hasPrefix("problem-page ") && $0.contains("Camera Portal Missing") }
        #expect(pageLine.contains("no camera portal answers"))
        try app.waitForLine { $0 == "page camera-problem" }
        app.stop()
    }
}

/// The XDG camera portal played by python3-dbusmock (`Tests/Mocks/camera_portal.py`) on a
/// PipeWire session's bus, handing over connections to that session's daemon; stopped when
/// released. `AccessCamera` answers what the response file says (read at each call).
final class CameraPortalMock {
    private let mock: DBusMock
    private let responsePath: String

    /// Starts the mock answering `AccessCamera` with `response` (0 granted, 1 denied, 2 failed).
    init(session: PipeWireSession, response: Int = 0) throws {
        responsePath = session.directory.appendingPathComponent("portal-response").path
        try String(response).write(toFile: responsePath, atomically: true, encoding: .utf8)
        mock = try DBusMock(
            busAddress: session.busAddress, template: BuiltProducts.source("Tests/Mocks/camera_portal.py").path,
            parameters: [
                "pipewire_socket": session.directory.appendingPathComponent("pipewire-0").path, "response_file": responsePath,
            ], name: "org.freedesktop.portal.Desktop")
    }

    /// Makes the next `AccessCamera` answer `response`.
    func respond(_ response: Int) throws {
        try String(response).write(toFile: responsePath, atomically: true, encoding: .utf8)
    }

    /// The template's own log lines so far: `AccessCamera response=N` and a bare `OpenPipeWireRemote`.
    var calls: [String] {
        mock.logLines.compactMap { line in
            if let range = line.range(of: "AccessCamera response=") { return String(line[range.lowerBound...]) }
            return line.hasSuffix(" OpenPipeWireRemote") ? "OpenPipeWireRemote" : nil
        }
    }
}
