// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PipeWireCapture
import SaomaCore
import SaomaTestSupport
import Testing
import ZBarDecoding

/// A PipeWire camera that offers more pixels than the working frame needs streams its full mode
/// (`PipeWireCapturePlan`, as a V4L2 camera does) and hands consumers frames reduced to the
/// working size with the full-resolution pixels beside them; against a private daemon and the
/// test camera node.
@Suite(.enabled(if: PipeWireSession.available, "PipeWire binaries (pipewire, wireplumber, pw-cli) are not installed"))
struct PipeWireFullModeTests {
    static let modes = "640x480@30,1280x720@30,1920x1080@15"

    /// The first frame the capture delivered (none coming fails the test).
    static func firstFrame(_ events: Collected<FrameSourceEvent>) throws -> VideoFrame {
        let framed = events.wait { $0.contains { if case .frame = $0 { true } else { false } } }
        try #require(framed, "no frame; events: \(events.all)")
        return try #require(events.all.lazy.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }.first)
    }

    @Test("the capture streams the 1920×1080 full mode and hands on 1280×720 frames with the full pixels")
    func streamsTheFullMode() throws {
        let session = try PipeWireSession()
        let scene = try PipeWireCaptureTests.writeScene("pipewire full mode", in: session.directory)
        let camera = try session.startCamera(name: "saoma-test-full", formats: "YUY2", modes: Self.modes, scene: scene)
        defer { camera.stop() }
        let (capture, events) = try session.startCapture(named: "saoma-test-full")
        defer { capture.stop() }
        #expect(try events.streamedModes().first == CameraMode(width: 1920, height: 1080, framesPerSecond: 15, pixelFormat: "YUYV"))
        let frame = try Self.firstFrame(events)
        #expect(frame.width == 1280 && frame.height == 720)
        let detail = try #require(frame.detail, "a full-mode frame keeps its full-resolution pixels")
        #expect(detail.width == 1920 && detail.height == 1080 && detail.scale == 1.5)
        #expect(detail.layout == .yuyv)
        // The working luma is the scene reduced: its code reads.
        #expect(ZBarDecoder().decode(frame.luma, options: DecodeOptions()).map(\.text) == ["pipewire full mode"])
        // And the full-resolution luma is the scene at 1.5 times the size: so does it.
        let full = detail.luma(in: PixelRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(ZBarDecoder().decode(full, options: DecodeOptions()).map(\.text) == ["pipewire full mode"])
    }

    @Test("with the standard resolution asked for, the capture streams 1280×720 as it is")
    func standardResolutionStreamsTheStandardMode() throws {
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-test-standard", formats: "YUY2", modes: Self.modes)
        defer { camera.stop() }
        let events = Collected<FrameSourceEvent>()
        let capture = PipeWireCapture(
            configuration: .init(spec: .name("saoma-test-standard"), connection: try session.connection(), resolution: .standard))
        capture.start { events.append($0) }
        defer { capture.stop() }
        #expect(try events.streamedModes().first == CameraMode(width: 1280, height: 720, framesPerSecond: 30, pixelFormat: "YUYV"))
        let frame = try Self.firstFrame(events)
        #expect(frame.width == 1280 && frame.height == 720 && frame.detail == nil)
    }

    @Test("a planar-only camera streams its standard mode: full modes are YUYV only", arguments: ["NV12", "I420"])
    func planarCamerasStreamTheStandardMode(format: String) throws {
        let session = try PipeWireSession()
        let camera = try session.startCamera(name: "saoma-test-\(format)-full", formats: format, modes: Self.modes)
        defer { camera.stop() }
        let (capture, events) = try session.startCapture(named: "saoma-test-\(format)-full")
        defer { capture.stop() }
        let streamed = try #require(try events.streamedModes().first)
        #expect(streamed.width == 1280 && streamed.height == 720)
        #expect(try Self.firstFrame(events).detail == nil)
    }
}
