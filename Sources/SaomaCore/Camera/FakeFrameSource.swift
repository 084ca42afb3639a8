// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// An in-process `FrameSource` for logic and UI tests: no device, no libv4l2.
///
/// Paced mode (`framesPerSecond > 0`) plays `frames` in a loop on its own thread, like a camera.
/// Manual mode (`framesPerSecond == 0`) only announces the stream on `start`; the test then
/// delivers frames and events itself with `push(_:)` and `emit(_:)`, on the test's thread, so the
/// sequence is deterministic. A `problem` makes `start` report that problem instead of streaming.
public final class FakeFrameSource: FrameSource, LowLightAdjustable {
    /// The device the fake pretends to be.
    public let device: CameraDevice
    /// The mode it reports as negotiated.
    public let mode: CameraMode
    /// Images served as frames, in a loop (each must be `mode.width` × `mode.height` for realism).
    public let frames: [LumaImage]
    /// Frames per second in paced mode; 0 for manual mode.
    public let framesPerSecond: Double
    /// The problem `start` reports instead of streaming, if any.
    public let problem: CameraProblem?

    /// Mutable state; shared by the caller's threads and the pacing thread, guarded by the mutex.
    private struct State {
        var handler: (@Sendable (FrameSourceEvent) -> Void)?
        var running = false
        var sequence: UInt64 = 0
        var lowLightBoost = false
        var startCount = 0
        var stopCount = 0
        var finished: DispatchSemaphore?
    }

    private let state = Mutex(State())

    public init(
        device: CameraDevice = CameraDevice(path: "/dev/video-fake", name: "Fake Camera", busInfo: "fake:0"),
        mode: CameraMode = CameraMode(width: 1280, height: 720, framesPerSecond: 30, pixelFormat: "YUYV"),
        frames: [LumaImage] = [],
        framesPerSecond: Double = 0,
        problem: CameraProblem? = nil
    ) {
        self.device = device
        self.mode = mode
        self.frames = frames
        self.framesPerSecond = framesPerSecond
        self.problem = problem
    }

    /// Whether the low-light boost is on (as last set).
    public var lowLightBoost: Bool { state.withLock { $0.lowLightBoost } }
    /// How many times `start` was called.
    public var startCount: Int { state.withLock { $0.startCount } }
    /// How many times `stop` was called.
    public var stopCount: Int { state.withLock { $0.stopCount } }
    /// Whether the source is between `start` and `stop`.
    public var isRunning: Bool { state.withLock { $0.running } }

    public func start(handler: @escaping @Sendable (FrameSourceEvent) -> Void) {
        stop()
        let finished = DispatchSemaphore(value: 0)
        state.withLock {
            $0.handler = handler
            $0.running = true
            $0.sequence = 0
            $0.startCount += 1
            $0.finished = framesPerSecond > 0 ? finished : nil
        }
        handler(.opening(device))
        if let problem {
            handler(.problem(problem))
            return
        }
        handler(.streaming(device, mode))
        guard framesPerSecond > 0 else { return }
        let thread = Thread { [self] in
            var index = 0
            while state.withLock({ $0.running }) {
                if !frames.isEmpty {
                    push(frames[index % frames.count])
                    index += 1
                }
                Thread.sleep(forTimeInterval: 1 / framesPerSecond)
            }
            finished.signal()
        }
        thread.name = "saoma-fake-camera"
        thread.start()
    }

    public func stop() {
        let finished: DispatchSemaphore? = state.withLock {
            guard $0.running else { return nil }
            $0.running = false
            $0.handler = nil
            $0.stopCount += 1
            let finished = $0.finished
            $0.finished = nil
            return finished
        }
        finished?.wait()
    }

    /// Delivers `image` as the next frame (with a grey RGB copy for the preview), if running.
    public func push(_ image: LumaImage, timestamp: Double? = nil) {
        let next: (handler: @Sendable (FrameSourceEvent) -> Void, sequence: UInt64)? = state.withLock {
            guard $0.running, let handler = $0.handler else { return nil }
            $0.sequence += 1
            return (handler, $0.sequence - 1)
        }
        guard let next else { return }
        var rgb = [UInt8](repeating: 0, count: image.pixels.count * 3)
        for (i, v) in image.pixels.enumerated() {
            rgb[3 * i] = v
            rgb[3 * i + 1] = v
            rgb[3 * i + 2] = v
        }
        let time = timestamp ?? Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        next.handler(.frame(VideoFrame(luma: image, rgb: rgb, timestamp: time, sequence: next.sequence)))
    }

    /// Delivers any event (an unplug, a new stream…) on the caller's thread, if running.
    public func emit(_ event: FrameSourceEvent) {
        let handler = state.withLock { $0.running ? $0.handler : nil }
        handler?(event)
    }

    public func setLowLightBoost(_ on: Bool) {
        state.withLock { $0.lowLightBoost = on }
    }
}
