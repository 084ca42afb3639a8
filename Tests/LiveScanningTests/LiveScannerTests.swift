// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import SaomaCore
import SaomaTestSupport
import Synchronization
import Testing

@testable import LiveScanning

/// A frame source the test drives: events are delivered on the calling thread when the test
/// pushes them; it records whether the scanner wants frames.
private final class PushedSource: FrameSource, FrameDemandAdjustable, @unchecked Sendable {
    private let state = Mutex<(handler: (@Sendable (FrameSourceEvent) -> Void)?, delivers: Bool)>((nil, true))

    func start(handler: @escaping @Sendable (FrameSourceEvent) -> Void) {
        state.withLock { $0.handler = handler }
    }

    func stop() {
        state.withLock { $0.handler = nil }
    }

    func setDeliversFrames(_ on: Bool) {
        state.withLock { $0.delivers = on }
    }

    /// Whether the scanner last asked for frames.
    var delivers: Bool { state.withLock { $0.delivers } }

    /// Sends `event` as the capture thread would.
    func push(_ event: FrameSourceEvent) {
        state.withLock { $0.handler }?(event)
    }
}

/// One fake camera whose source is a `PushedSource`.
@MainActor
private final class PushedCameras: CameraService {
    static let device = CameraDevice(path: "/dev/pushed", name: "Pushed", busInfo: "test")
    let source = PushedSource()
    func cameras() -> [CameraDevice] { [Self.device] }
    func problemWithoutCameras() -> CameraProblem { .noCamera }
    func makeSource(for device: CameraDevice) -> FrameSource { source }
    func startMonitoring(_ changed: @escaping @MainActor () -> Void) {}
    func stopMonitoring() {}
    func setLowLightBoost(_ on: Bool, on source: FrameSource) {}
}

/// What the scanner handed out.
@MainActor
private final class Received {
    var previews = 0
    var detections: [[String]] = []
    var phases: [ScanState.Phase] = []
}

/// Runs the GLib main context until `condition` holds (`Patience.seconds` against hangs).
@MainActor
private func iterate(until condition: () -> Bool, each step: () -> Void = {}) -> Bool {
    MainContext.iterate(until: condition, each: step)
}

/// Runs every pending main-context event (hops already queued).
@MainActor
private func flush() {
    while g_main_context_iteration(nil, 0) != 0 {}
}

@Suite("Live scanner engine", .serialized)
@MainActor
struct LiveScannerTests {
    static let mode = CameraMode(width: 640, height: 480, framesPerSecond: 30, pixelFormat: "GREY")

    private static func frame(_ luma: LumaImage, _ sequence: UInt64) -> FrameSourceEvent {
        .frame(VideoFrame(luma: luma, color: nil, timestamp: Double(sequence) / 30, sequence: sequence))
    }

    @Test("frames preview while scanning; a code makes it choose and stops frames; resume and hold follow the state")
    func stateDrivesTheFrames() throws {
        let cameras = PushedCameras()
        let source = cameras.source
        let live = LiveScanner(service: cameras, makeDecoder: makeLiveDecoder)
        defer { live.stop() }
        let received = Received()
        live.onPreview = { _ in received.previews += 1 }
        live.onDetection = { detection in received.detections.append(detection.symbols.compactMap(\.text)) }
        live.onPhaseChanged = { phase in received.phases.append(phase) }
        live.viewport = Viewport(size: SaomaCore.Size(width: 640, height: 480), fit: .cover)
        live.frameInView = SaomaCore.Rect(x: 0, y: 0, width: 640, height: 480)
        live.symbologies = [.qrCode]
        live.start(preferring: nil)
        source.push(.streaming(PushedCameras.device, Self.mode))
        #expect(iterate { live.cameraState == .streaming(PushedCameras.device, Self.mode) })

        let plain = LumaImage(width: 640, height: 480, fill: 128)
        source.push(Self.frame(plain, 1))
        #expect(iterate { received.previews == 1 })

        // A code: pushed until a (non-negated) decode reads it.
        let code = try DecodeWorkerTests.frame("engine", x: 200, y: 100)
        var sequence: UInt64 = 2
        let pushCodeFrame = {
            sequence += 1
            source.push(Self.frame(code, sequence))
        }
        #expect(iterate(until: { !received.detections.isEmpty }, each: pushCodeFrame))
        flush()
        #expect(received.detections.first == ["engine"])
        let symbol = try #require(live.state.codes.first)
        guard case .choosing(let codes, let autoChoiceAt) = live.state.phase else {
            Issue.record("not choosing: \(live.state.phase)")
            return
        }
        #expect(codes.map(\.text) == ["engine"] && autoChoiceAt != nil, "one code: chosen by itself later")
        #expect(!source.delivers, "the camera is told frames are not wanted while choosing")
        let previewsWhileChoosing = received.previews
        source.push(Self.frame(plain, 100))
        flush()
        #expect(received.previews == previewsWhileChoosing, "no preview while the frame is frozen")

        #expect(live.choose(symbol))
        #expect(live.state.phase == .chosen(symbol))
        live.resume()
        #expect(live.state.phase == .scanning && source.delivers)
        source.push(Self.frame(plain, 101))
        #expect(iterate { received.previews > previewsWhileChoosing })

        live.hold()
        #expect(live.state.phase == .paused(.otherPage) && !source.delivers)
        source.push(.problem(.busy(device: PushedCameras.device.path)))
        #expect(iterate { live.state.phase == .paused(.otherPage) && live.cameraState == .problem(.busy(device: "/dev/pushed")) })
        live.resume()
        #expect(live.state.phase == .paused(.cameraProblem), "the camera's problem keeps it paused")
        source.push(.streaming(PushedCameras.device, Self.mode))
        #expect(iterate { live.state.phase == .scanning })
        #expect(source.delivers)
        #expect(received.phases.contains(.paused(.cameraProblem)))
    }
}
