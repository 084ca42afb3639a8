// SPDX-License-Identifier: GPL-3.0-or-later
import CPortal
import DesktopPortal
import Foundation
import PipeWireCapture
import SaomaCore
import Testing
import ZBarDecoding

/// The camera portal (`DesktopPortal.CameraPortal`, libportal) against python3-dbusmock
/// (`Tests/Mocks/camera_portal.py`) on the private PipeWire session's bus: the descriptor it
/// hands over reaches the private daemon, and a denial is reported as one.
///
/// libportal talks to the process's session bus, which GLib picks once per process: this suite
/// points it at the private bus before anything else in the process uses one.
@Suite(
    .serialized,
    .enabled(if: PipeWireSession.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gdbus"), "gdbus is not installed"))
@MainActor
struct CameraPortalTests {
    static var template: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Mocks/camera_portal.py").path
    }

    /// Runs the default main context until `done` holds (libportal answers there).
    func iterate(until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !done() {
            if Date() > deadline { return false }
            g_main_context_iteration(nil, 0)
            usleep(2000)
        }
        return true
    }

    /// Whether the mock owns the portal's name on `session`'s bus (checked with gdbus).
    func portalIsUp(_ session: PipeWireSession) -> Bool {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        let arguments = [
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
            "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.portal.Desktop",
        ]
        let pid = try? spawn("/usr/bin/gdbus", arguments, environment: session.environment, stdout: fds[1])
        close(fds[1])
        var output = [UInt8]()
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1 { output.append(byte) }
        close(fds[0])
        if let pid { _ = reap(pid) }
        return String(decoding: output, as: UTF8.self).contains("true")
    }

    @Test func theGrantedDescriptorReadsACodeAndADenialIsReported() throws {
        let session = try PipeWireSession()
        let responseFile = session.directory.appendingPathComponent("portal-response").path
        let parameters = try String(
            decoding: JSONSerialization.data(withJSONObject: [
                "pipewire_socket": session.directory.appendingPathComponent("pipewire-0").path, "response_file": responseFile,
            ]), as: UTF8.self)
        let logPath = session.directory.appendingPathComponent("portal.log").path
        let mock = try spawn(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", Self.template, "-p", parameters, "-l", logPath],
            environment: session.environment, stdout: nil)
        defer {
            kill(mock, SIGTERM)
            _ = reap(mock)
        }
        let deadline = Date().addingTimeInterval(60)
        while !portalIsUp(session) {
            try #require(Date() < deadline, "the camera portal mock did not come up")
            usleep(50_000)
        }
        setenv("DBUS_SESSION_BUS_ADDRESS", try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), 1)
        // The private bus ends with the session: GLib's session bus would then raise SIGTERM
        // (exit-on-close), ending the test process.
        let bus = try #require(g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil), "no session bus")
        g_dbus_connection_set_exit_on_close(bus, 0)
        defer {
            g_dbus_connection_close_sync(bus, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(bus))
        }

        let scene = try PipeWireCaptureTests.writeScene("through the portal", in: session.directory)
        let camera = try session.startCamera(name: "saoma-test-portal", scene: scene)
        defer { camera.stop() }
        let portal = CameraPortal()

        // Granted: the portal's descriptor is a PipeWire connection that sees the camera.
        var outcome: CameraPortalOutcome?
        portal.requestCamera { outcome = $0 }
        try #require(iterate { outcome != nil }, "the portal never answered")
        guard case .granted(let descriptor) = outcome else {
            Issue.record("access was not granted: \(String(describing: outcome))")
            return
        }
        let events = Collected<FrameSourceEvent>()
        let capture = PipeWireCapture(
            configuration: .init(spec: .name("saoma-test-portal"), connection: PipeWireConnection(descriptor: descriptor)))
        capture.start { events.append($0) }
        defer { capture.stop() }
        let framed = events.wait { $0.contains { if case .frame = $0 { true } else { false } } }
        try #require(framed, "no frame through the portal; events: \(events.all)")
        let frame = try #require(events.all.lazy.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }.first)
        #expect(ZBarDecoder().decode(frame.luma, options: DecodeOptions()).map(\.text) == ["through the portal"])

        // Denied: AccessCamera answers 1; no remote is opened.
        try "1".write(toFile: responseFile, atomically: true, encoding: .utf8)
        outcome = nil
        portal.requestCamera { outcome = $0 }
        try #require(iterate { outcome != nil }, "the portal never answered")
        #expect(outcome == .denied)
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        #expect(log.components(separatedBy: "AccessCamera response=0").count == 2)
        #expect(log.components(separatedBy: "AccessCamera response=1").count == 2)
        #expect(log.components(separatedBy: "OpenPipeWireRemote").count == 2)
    }
}
