// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PipeWireCapture
import SaomaCLI
import SaomaCore
import SaomaTestSupport
import Testing

/// `saoma devices` with PipeWire cameras: the listing, and the exit status when a PipeWire camera
/// is the only camera.
@Suite struct DevicesCommandPipeWireTests {
    @Test(.enabled(if: PipeWireSession.available, "PipeWire binaries are not installed"))
    func aPipeWireCameraAloneIsACamera() throws {
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-test-devices", formats: "NV12,YUY2", modes: "1280x720@30")
        let run = try SpawnedCommand.run(["devices"], environment: session.variables)
        let text = run.output
        #expect(run.status == 0, "\(text)")
        #expect(text.contains("  pipewire:\(camera.nodeID)  Saoma Test Camera\n"))
        #expect(text.contains("node name: saoma-test-devices"))
        #expect(text.contains("NV12: 1280×720 @ 30 fps"))
        #expect(text.contains("YUYV: 1280×720 @ 30 fps"))
        #expect(text.contains("Saoma captures at 1280×720 @ 30 fps"))
        // Stopped: no camera at all, exit 1.
        camera.stop()
        #expect(try SpawnedCommand.run(["devices"], environment: session.variables).status == 1)
    }

    @Test(arguments: [
        ("plain-name", "plain-name"),
        ("esc\u{1B}[31mred", "esc␛[31mred"),
        ("two\nlines", "two␊lines"),
        ("c1\u{9B}31m", "c1�31m"),
        ("<b>markup</b>", "<b>markup</b>"),
        (String(repeating: "x", count: 500), String(repeating: "x", count: 199) + "…"),
    ])
    func hostileNodeNamesArePrintedHarmlessly(name: String, shown: String) {
        let node = PipeWireNode(
            id: 3, name: name, description: name,
            modes: [CameraMode(width: 1280, height: 720, framesPerSecond: 30, pixelFormat: "YUYV")])
        let report = DevicesCommand.pipeWireReport(.success([node]))
        #expect(report.contains("pipewire:3  \(shown)\n"))
        #expect(report.contains("node name: \(shown)\n"))
        #expect(!report.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func unreachablePipeWireIsOneExplainedLine() {
        let report = DevicesCommand.pipeWireReport(.failure(.unreachable("No such file or directory")))
        #expect(report.contains("PipeWire is not reachable"))
        #expect(report.contains("cannot connect to PipeWire: No such file or directory"))
    }
}
