// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PipeWireCapture
import QREncoding
import SaomaCore
import SaomaTestSupport
import Testing
import ZBarDecoding

/// Discovery, hot-plug and capture against a private PipeWire daemon and test camera nodes.
@Suite(.enabled(if: PipeWireSession.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"))
struct PipeWireCaptureTests {
    /// A PGM scene: a QR code for `text` on a light grey ground, sized for a 1280×720 frame.
    static func writeScene(_ text: String, in directory: URL) throws -> String {
        let matrix = try QREncoder.encode(.text(text), level: .medium)
        let (width, height, module) = (1280, 720, 8)
        var pixels = [UInt8](repeating: 200, count: width * height)
        let side = (matrix.size + 8) * module
        let (x0, y0) = ((width - side) / 2, (height - side) / 2)
        for y in 0..<side {
            for x in 0..<side {
                let (mx, my) = (x / module - 4, y / module - 4)
                let dark = mx >= 0 && my >= 0 && mx < matrix.size && my < matrix.size && matrix.isDark(x: mx, y: my)
                pixels[(y0 + y) * width + x0 + x] = dark ? 0 : 255
            }
        }
        let path = directory.appendingPathComponent("scene-\(UUID().uuidString.prefix(6)).pgm").path
        var data = Data("P5\n\(width) \(height)\n255\n".utf8)
        data.append(contentsOf: pixels)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func discoversTheCameraNodeWithItsModes() throws {
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-test-discovery", formats: "YUY2,NV12", modes: "1280x720@30,640x480@15")
        let nodes = try PipeWireMonitor.cameras(connection: session.connection()).get()
        let node = try #require(nodes.first { $0.name == "saoma-test-discovery" })
        #expect(node.id == camera.nodeID)
        #expect(node.description == "Saoma Test Camera")
        #expect(node.v4l2Path == nil)
        #expect(
            Set(node.modes.map(\.description))
                == ["1280×720 @ 30 fps YUYV", "640×480 @ 15 fps YUYV", "1280×720 @ 30 fps NV12", "640×480 @ 15 fps NV12"])
        // WirePlumber's monitors are off: the test camera is the only camera.
        #expect(nodes.count == 1)
    }

    @Test func hotPlugIsReportedFromRegistryEvents() throws {
        let session = try PipeWireSession()
        let updates = Collected<[String]>()
        let monitor = PipeWireMonitor(connection: try session.connection())
        monitor.start { update in
            if case .cameras(let nodes) = update { updates.append(nodes.map(\.name)) }
        }
        defer { monitor.stop() }
        #expect(updates.wait { $0.last == [] })
        let camera = try session.startCamera(name: "saoma-test-hotplug")
        #expect(updates.wait { $0.last == ["saoma-test-hotplug"] })
        camera.stop()
        #expect(updates.wait { $0.last == [] })
    }

    @Test(arguments: ["YUY2", "NV12", "I420"])
    func capturedFramesDecodeTheSceneCode(format: String) throws {
        let session = try PipeWireSession()
        let scene = try Self.writeScene("pipewire \(format)", in: session.directory)
        let camera = try session.startCamera(
            name: "saoma-test-\(format)", formats: format, modes: "640x480@30,1280x720@30,1920x1080@15", scene: scene)
        let (capture, events) = try session.startCapture(named: "saoma-test-\(format)")
        defer { capture.stop() }
        let streaming = try events.streamedModes()
        // YUYV streams its full mode (PipeWireFullModeTests), the planar formats 1280×720; every
        // consumer sees 1280×720 frames.
        let fourcc = PipeWireVideoFormat(pipeWireName: format)?.rawValue ?? ""
        let expected =
            fourcc == "YUYV"
            ? CameraMode(width: 1920, height: 1080, framesPerSecond: 15, pixelFormat: fourcc)
            : CameraMode(width: 1280, height: 720, framesPerSecond: 30, pixelFormat: fourcc)
        #expect(streaming.first == expected)
        #expect(events.all.contains { if case .opening(let device) = $0 { device.path == "pipewire:\(camera.nodeID)" } else { false } })
        let frame = try #require(events.all.lazy.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }.first)
        #expect(frame.width == 1280 && frame.height == 720)
        #expect(frame.rgb?.count == 1280 * 720 * 3)
        let symbols = ZBarDecoder().decode(frame.luma, options: DecodeOptions())
        #expect(symbols.map(\.text) == ["pipewire \(format)"])
    }

    @Test func unpluggedCameraResumesWhenItReturns() throws {
        let session = try PipeWireSession()
        var camera = try session.startCamera(name: "saoma-test-replug")
        let (capture, events) = try session.startCapture(named: "saoma-test-replug")
        defer { capture.stop() }
        func frames() -> Int { events.all.filter { if case .frame = $0 { true } else { false } }.count }
        #expect(events.wait { _ in frames() > 0 })
        camera.stop()
        #expect(
            events.wait { $0.contains { if case .problem(.unplugged(device: "pipewire:saoma-test-replug")) = $0 { true } else { false } } })
        let before = frames()
        camera = try session.startCamera(name: "saoma-test-replug")
        #expect(events.wait { _ in frames() > before })
        let opened = events.all.compactMap { if case .opening(let device) = $0 { device } else { nil } }
        #expect(opened.count == 2)
        #expect(opened.last?.path == "pipewire:\(camera.nodeID)")
    }

    @Test func aMissingNodeIsNoCamera() throws {
        let session = try PipeWireSession()
        let (capture, events) = try session.startCapture(named: "nobody")
        defer { capture.stop() }
        #expect(events.wait { $0.contains { if case .problem(.noCamera) = $0 { true } else { false } } })
    }

    @Test func noDaemonIsAOneLineFailure() throws {
        let result = PipeWireMonitor.cameras(connection: PipeWireConnection(descriptor: open("/dev/null", O_RDWR)), timeout: 10)
        guard case .failure(let failure) = result else {
            Issue.record("a descriptor that is no PipeWire socket gave cameras")
            return
        }
        #expect(!failure.message.contains("\n"))
    }
}
