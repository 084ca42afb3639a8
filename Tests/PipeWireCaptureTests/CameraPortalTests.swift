// SPDX-License-Identifier: GPL-3.0-or-later
import CPortal
import DesktopPortal
import Foundation
import PipeWireCapture
import SaomaCore
import SaomaTestSupport
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
    /// Runs the default main context until `done` holds (libportal answers there).
    func iterate(until done: () -> Bool) -> Bool { MainContext.iterate(until: done) }

    @Test func theGrantedDescriptorReadsACodeAndADenialIsReported() throws {
        let session = try PipeWireSession()
        let responseFile = session.directory.appendingPathComponent("portal-response").path
        let mock = try DBusMock(
            busAddress: session.busAddress, template: BuiltProducts.source("Tests/Mocks/camera_portal.py").path,
            parameters: ["pipewire_socket": session.socketPath, "response_file": responseFile], name: "org.freedesktop.portal.Desktop")
        defer { mock.stop() }
        let previousBus = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
        setenv("DBUS_SESSION_BUS_ADDRESS", session.busAddress, 1)
        // The private bus ends with the session: GLib's session bus would then raise SIGTERM
        // (exit-on-close), ending the test process.
        let bus = try #require(g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil), "no session bus")
        g_dbus_connection_set_exit_on_close(bus, 0)
        defer {
            // First the process's bus address back: a session bus GLib opens after the close below
            // (another test's, exit-on-close) must not be the private one that ends with the session.
            if let previousBus { setenv("DBUS_SESSION_BUS_ADDRESS", previousBus, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
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
        let log = mock.logLines.joined(separator: "\n")
        #expect(log.components(separatedBy: "AccessCamera response=0").count == 2)
        #expect(log.components(separatedBy: "AccessCamera response=1").count == 2)
        #expect(log.components(separatedBy: "OpenPipeWireRemote").count == 2)
    }
}
