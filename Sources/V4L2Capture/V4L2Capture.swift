// SPDX-License-Identifier: GPL-3.0-or-later
import CV4L2
import Foundation
import SaomaCore
import Synchronization

/// Webcam capture through libv4l2: the app's `FrameSource`.
///
/// `start` runs a capture thread that opens the configured device (or the best default),
/// negotiates a mode by `CameraModePolicy`, streams through mmap buffers with `poll`, and hands
/// each newest frame to the handler on that thread (a slow handler makes frames drop, never
/// queue). Problems become `.problem` events, never crashes; the thread then waits for the
/// device directory to change (inotify) or for `retryInterval`, and tries again, so an unplugged
/// camera resumes by itself when it returns and a camera plugged in later is picked up.
public final class V4L2Capture: FrameSource, LowLightAdjustable, FrameDemandAdjustable, LensAdjustable {
    /// How the capture is set up.
    public struct Configuration: Sendable {
        /// The device node to use; `nil` picks the best camera in `directory`.
        public var devicePath: String?
        /// Where `video*` nodes live (see `CameraDiscovery.deviceDirectory`).
        public var directory: String
        /// What libv4l2 delivers (`automatic` measured cheapest; see docs/BENCHMARKS.md).
        public var pixelPath: CapturePixelPath
        /// Number of mmap buffers.
        public var bufferCount: Int
        /// Seconds between attempts to reopen a busy or inaccessible camera.
        public var retryInterval: Double
        /// Whether the camera may stream a full mode larger than the frames handed on (`CaptureModePlan`).
        public var resolution: CaptureModePlan.Resolution

        public init(
            devicePath: String? = nil, directory: String = CameraDiscovery.deviceDirectory, pixelPath: CapturePixelPath = .automatic,
            bufferCount: Int = 4, retryInterval: Double = 2, resolution: CaptureModePlan.Resolution = .full
        ) {
            self.devicePath = devicePath
            self.directory = directory
            self.pixelPath = pixelPath
            self.bufferCount = bufferCount
            self.retryInterval = retryInterval
            self.resolution = resolution
        }
    }

    /// Seconds without a frame after which a streaming camera is reopened.
    public static let stallTimeout = 5.0
    /// Seconds over which `measuredFramesPerSecond` is averaged.
    public static let rateWindow = 1.0

    public let configuration: Configuration

    /// State shared by the caller's threads and the capture thread; guarded by the mutex.
    fileprivate struct Shared {
        var running = false
        var finished: DispatchSemaphore?
        var captureThread: pthread_t?
        var mode: CameraMode?
        var device: CameraDevice?
        var controls: [CameraControlState] = []
        var lowLightBoost = false
        /// Whether frames are converted and delivered (see `setDeliversFrames`); kept across restarts.
        var deliversFrames = true
        var controlRequests: [CameraControlKind: Int] = [:]
        var measuredFramesPerSecond = 0.0
        var framesDelivered: UInt64 = 0
        var framesDropped: UInt64 = 0
        var dequeueCPUSeconds = 0.0
        var conversionCPUSeconds = 0.0
    }

    private let shared = Mutex(Shared())
    private let wakeup = Wakeup()

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Capture from `devicePath`, or from the best default camera when `nil`.
    public convenience init(devicePath: String?) {
        self.init(configuration: Configuration(devicePath: devicePath))
    }

    deinit { stop() }

    // MARK: Observed state (any thread)

    /// The mode streaming now, if any.
    public var currentMode: CameraMode? { shared.withLock { $0.mode } }
    /// The device streaming now, if any.
    public var currentDevice: CameraDevice? { shared.withLock { $0.device } }
    /// Frames per second actually delivered, averaged over the last second.
    public var measuredFramesPerSecond: Double { shared.withLock { $0.measuredFramesPerSecond } }
    /// Frames handed to the handler since `start`.
    public var framesDelivered: UInt64 { shared.withLock { $0.framesDelivered } }
    /// Frames the camera produced that were skipped because a newer one was ready (or lost).
    public var framesDropped: UInt64 { shared.withLock { $0.framesDropped } }
    /// Capture-thread CPU seconds spent dequeuing (libv4l2's own conversion happens there).
    public var dequeueCPUSeconds: Double { shared.withLock { $0.dequeueCPUSeconds } }
    /// Capture-thread CPU seconds spent making frames (luma copy and preview RGB).
    public var conversionCPUSeconds: Double { shared.withLock { $0.conversionCPUSeconds } }
    /// The controls Saoma uses that the current camera offers, with their current values.
    public var controls: [CameraControlState] { shared.withLock { $0.controls } }
    /// The lens controls (focus, zoom) the current camera offers.
    public var lensControls: [CameraControlState] { controls.filter { CameraControlKind.lens.contains($0.kind) } }

    // MARK: Control requests (any thread; applied by the capture thread)

    public func setLowLightBoost(_ on: Bool) {
        shared.withLock { $0.lowLightBoost = on }
        wakeup.signal()
    }

    /// Stops converting and delivering frames (the stream goes on) or starts again.
    public func setDeliversFrames(_ on: Bool) {
        shared.withLock { $0.deliversFrames = on }
    }

    /// Whether frames are wanted now (capture thread).
    fileprivate var deliversFrames: Bool { shared.withLock { $0.deliversFrames } }

    /// Asks the capture thread to set one control; it is restored when the camera closes.
    public func setControl(_ kind: CameraControlKind, to value: Int) {
        shared.withLock { $0.controlRequests[kind] = value }
        wakeup.signal()
    }

    /// Asks the capture thread to set lens controls (other kinds are ignored); restored on close.
    public func setLens(_ targets: [CameraControlKind: Int]) {
        let lens = targets.filter { CameraControlKind.lens.contains($0.key) }
        guard !lens.isEmpty else { return }
        shared.withLock { $0.controlRequests.merge(lens) { $1 } }
        wakeup.signal()
    }

    // MARK: FrameSource

    /// Starts the capture thread; `handler` runs on it for every event until `stop()` returns.
    ///
    /// The handler should return quickly (hand the frame on, as the live scanner's
    /// `FramePipeline` does) and must never wait for the UI thread: `stop()` on the UI thread waits
    /// for the capture thread. The capture thread keeps the capture alive until `stop()`.
    public func start(handler: @escaping @Sendable (FrameSourceEvent) -> Void) {
        stop()
        let finished = DispatchSemaphore(value: 0)
        shared.withLock {
            let deliversFrames = $0.deliversFrames
            $0 = Shared()
            $0.deliversFrames = deliversFrames
            $0.running = true
            $0.finished = finished
        }
        wakeup.drain()
        let thread = Thread { [self] in
            shared.withLock { $0.captureThread = pthread_self() }
            CaptureLoop(owner: self, handler: handler).run()
            shared.withLock {
                $0.mode = nil
                $0.device = nil
                $0.controls = []
            }
            finished.signal()
        }
        thread.name = "saoma-capture"
        thread.start()
    }

    /// Stops capturing and waits for the capture thread (unless called from the handler itself,
    /// on the capture thread: then the thread stops after the handler returns).
    public func stop() {
        let (finished, onCaptureThread): (DispatchSemaphore?, Bool) = shared.withLock {
            let finished = $0.finished
            let onThread = $0.captureThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            $0.running = false
            $0.finished = nil
            return (finished, onThread)
        }
        guard let finished else { return }
        wakeup.signal()
        if !onCaptureThread { finished.wait() }
    }

    // MARK: For the capture loop

    fileprivate var isRunning: Bool { shared.withLock { $0.running } }
    fileprivate var wakeupFD: Int32 { wakeup.fd }
    fileprivate func drainWakeup() { wakeup.drain() }

    fileprivate func publish(_ body: (inout Shared) -> Void) { shared.withLock { body(&$0) } }

    fileprivate func takeRequests() -> (boost: Bool, controls: [CameraControlKind: Int]) {
        shared.withLock {
            let requests = $0.controlRequests
            $0.controlRequests = [:]
            return ($0.lowLightBoost, requests)
        }
    }
}

/// The capture thread's state machine. Owned by the capture thread.
private final class CaptureLoop {
    let owner: V4L2Capture
    let handler: @Sendable (FrameSourceEvent) -> Void
    let configuration: V4L2Capture.Configuration
    let watch: DirectoryWatch?
    /// The last problem reported, so a retry that fails the same way stays quiet.
    var lastProblem: CameraProblem?
    var sequence: UInt64 = 0

    init(owner: V4L2Capture, handler: @escaping @Sendable (FrameSourceEvent) -> Void) {
        self.owner = owner
        self.handler = handler
        self.configuration = owner.configuration
        self.watch = DirectoryWatch(directory: configuration.directory)
    }

    func run() {
        while owner.isRunning {
            guard let camera = chooseCamera() else {
                // A camera that was unplugged stays "unplugged" (not "no camera") until one returns.
                if case .unplugged = lastProblem {} else { report(.noCamera) }
                waitForChange(timeout: -1)
                continue
            }
            if lastProblem == nil { handler(.opening(camera)) }
            let session: CaptureSession
            do {
                session = try CaptureSession(
                    camera: camera, pixelPath: configuration.pixelPath, bufferCount: configuration.bufferCount,
                    resolution: configuration.resolution)
            } catch {
                report(error)
                // Busy or inaccessible cameras get retried on a timer; gone ones when the directory changes.
                waitForChange(timeout: error.isRetriedOnTimer ? configuration.retryInterval : -1)
                continue
            }
            if lastProblem != nil { handler(.opening(session.camera)) }
            lastProblem = nil
            stream(session)
        }
    }

    /// The configured device, or the best default camera; `nil` when there is none.
    func chooseCamera() -> CameraDevice? {
        if let path = configuration.devicePath {
            return CameraDevice(path: path, name: (path as NSString).lastPathComponent, busInfo: "")
        }
        return CameraDiscovery.bestDefault(among: CameraDiscovery.cameras(in: configuration.directory))
    }

    func report(_ problem: CameraProblem) {
        guard problem != lastProblem else { return }
        lastProblem = problem
        handler(.problem(problem))
    }

    /// Blocks until the device directory changes, the owner is stopped, or `timeout` seconds pass.
    func waitForChange(timeout: Double) {
        let fds = [owner.wakeupFD] + (watch.map { [$0.fd] } ?? [])
        let effectiveTimeout =
            watch == nil ? (timeout < 0 ? configuration.retryInterval : min(timeout, configuration.retryInterval)) : timeout
        let ready = waitReadable(fds, timeout: effectiveTimeout)
        if ready.contains(owner.wakeupFD) { owner.drainWakeup() }
        if let watch, ready.contains(watch.fd) {
            _ = watch.drain()
            // udev creates the node, then fixes its permissions: let it settle.
            while owner.isRunning && !waitReadable([watch.fd], timeout: CameraMonitor.settleDelay).isEmpty { _ = watch.drain() }
        }
    }

    func stream(_ session: CaptureSession) {
        owner.publish {
            $0.mode = session.mode
            $0.device = session.camera
            $0.controls = session.controls
        }
        handler(.streaming(session.camera, session.mode))
        var appliedBoost = false
        var lastFrameTime = monotonicSeconds()
        var windowStart = lastFrameTime
        var windowFrames = 0
        var lastDeviceSequence: UInt32?
        defer {
            session.close()
            owner.publish {
                $0.mode = nil
                $0.controls = []
            }
        }
        while owner.isRunning {
            let ready = waitReadable([session.device.fd, owner.wakeupFD], timeout: 0.5)
            if ready.contains(owner.wakeupFD) { owner.drainWakeup() }
            guard owner.isRunning else { return }
            applyRequests(session, appliedBoost: &appliedBoost)
            let now = monotonicSeconds()
            if !ready.contains(session.device.fd) {
                if now - lastFrameTime > V4L2Capture.stallTimeout {
                    report(.failed(device: session.camera.path, message: "no frames for \(Int(V4L2Capture.stallTimeout)) s"))
                    return
                }
                continue
            }
            let buffer: v4l2_buffer?
            let cpu0 = threadCPUSeconds()
            do {
                buffer = try session.dequeueNewest()
            } catch {
                report(error.problem(device: session.camera.path))
                return
            }
            guard let buffer else { continue }
            if !owner.deliversFrames {
                // Nobody looks at frames now: hand the buffer straight back; the stream (and the
                // stall watchdog) go on, so frames return at once when wanted again.
                lastFrameTime = now
                lastDeviceSequence = buffer.sequence
                do { try session.requeue(buffer) } catch {
                    report(error.problem(device: session.camera.path))
                    return
                }
                continue
            }
            let cpu1 = threadCPUSeconds()
            let frame = session.frame(from: buffer, sequence: sequence)
            let cpu2 = threadCPUSeconds()
            var requeueFailure: V4L2Failure?
            do { try session.requeue(buffer) } catch { requeueFailure = error }
            defer {
                if let requeueFailure { report(requeueFailure.problem(device: session.camera.path)) }
            }
            if requeueFailure != nil && frame == nil { return }
            guard let frame else { continue }
            sequence += 1
            lastFrameTime = now
            windowFrames += 1
            let skipped = lastDeviceSequence.map { buffer.sequence > $0 + 1 ? UInt64(buffer.sequence - $0 - 1) : 0 } ?? 0
            lastDeviceSequence = buffer.sequence
            var rate: Double?
            if now - windowStart >= V4L2Capture.rateWindow {
                rate = Double(windowFrames) / (now - windowStart)
                windowStart = now
                windowFrames = 0
            }
            owner.publish {
                $0.framesDelivered += 1
                $0.framesDropped += skipped
                $0.dequeueCPUSeconds += cpu1 - cpu0
                $0.conversionCPUSeconds += cpu2 - cpu1
                if let rate { $0.measuredFramesPerSecond = rate }
            }
            handler(.frame(frame))
            if requeueFailure != nil { return }
        }
    }

    func applyRequests(_ session: CaptureSession, appliedBoost: inout Bool) {
        let requests = owner.takeRequests()
        var changed = false
        if requests.boost != appliedBoost {
            if requests.boost {
                session.apply(LowLightBoost.targets(for: session.controls))
            } else {
                session.restoreControls(Set(CameraControlKind.allCases).subtracting(CameraControlKind.lens))
            }
            appliedBoost = requests.boost
            changed = true
        }
        if !requests.controls.isEmpty {
            session.apply(requests.controls)
            changed = true
        }
        if changed {
            let controls = session.controls
            owner.publish { $0.controls = controls }
        }
    }
}

extension CameraProblem {
    /// Busy and permission problems can clear without any device node changing.
    fileprivate var isRetriedOnTimer: Bool {
        switch self {
        case .busy, .permissionDenied, .failed: return true
        case .noCamera, .unplugged, .noUsableFormat, .awaitingPortal, .portalDenied, .portalUnavailable: return false
        }
    }
}
