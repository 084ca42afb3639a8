// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PipeWireCapture
import SaomaCore
import SaomaTestSupport
import Testing

/// A PipeWire node's sizes and rates come from any client of the daemon: a test camera offers
/// the ones that trapped Saoma (framerate 4294967295/2, a 4294967295×4294967295 frame) beside a
/// mode it streams that the mode policy likes less (too large, or too slow), and `saoma devices`
/// and the capture skip them with a line and use the mode that is real.
@Suite(.enabled(if: PipeWireSession.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"))
struct HostilePipeWireValuesTests {
    /// What a node offers as it is, and the line `saoma devices` prints for it.
    static let offers: [(offer: String, line: String)] = [
        ("1280x720@4294967295/2", "skipped frame rate 4294967295/2 fps: the rate must be 0.1 to 1000 fps"),
        ("4294967295x4294967295@30/1", "skipped frame size 4294967295×4294967295: each side must be 1 to 16384 pixels"),
        ("1280x720@0/1", "skipped frame rate 0/1 fps: the rate must be 0.1 to 1000 fps"),
        ("1280x720@30/0", "skipped frame rate 30/0 fps: the rate must be 0.1 to 1000 fps"),
        ("1280x720@1/4294967295", "skipped frame rate 1/4294967295 fps: the rate must be 0.1 to 1000 fps"),
        ("0x720@30/1", "skipped frame size 0×720: each side must be 1 to 16384 pixels"),
    ]

    @Test("saoma devices names each skipped value and keeps the good mode", arguments: offers.indices)
    func devicesNamesTheSkippedValues(_ index: Int) throws {
        let (offer, line) = Self.offers[index]
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-test-hostile", modes: "4000x3000@1", offers: [offer])
        let run = try SpawnedCommand.run(["devices"], environment: session.variables)
        #expect(run.status == 0, "\(offer): \(run.output)")
        #expect(run.output.contains("  pipewire:\(camera.nodeID)  Saoma Test Camera\n"))
        #expect(run.output.contains(line), "\(offer): \(run.output)")
        #expect(run.output.contains("Saoma captures at 4000×3000 @ 1 fps YUYV"), "\(run.output)")
    }

    @Test("the capture streams the good mode beside every hostile one")
    func captureStreamsTheGoodMode() throws {
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-test-hostile-capture", modes: "1280x720@5", offers: Self.offers.map(\.offer))
        let nodes = try PipeWireMonitor.cameras(connection: session.connection()).get()
        let node = try #require(nodes.first { $0.name == "saoma-test-hostile-capture" }, "\(nodes)")
        let real = CameraMode(width: 1280, height: 720, framesPerSecond: 5, pixelFormat: "YUYV")
        #expect(node.modes == [real])
        #expect(node.skippedValues.count == Self.offers.count)
        let (capture, events) = try session.startCapture(named: "saoma-test-hostile-capture")
        defer { capture.stop() }
        #expect(try events.streamedModes().first == real)
        camera.stop()
    }
}
