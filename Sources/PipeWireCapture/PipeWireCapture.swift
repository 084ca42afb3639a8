// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire
import Foundation
import SaomaCore
import Synchronization

/// Camera capture through PipeWire: a `FrameSource` consuming a `Video/Source` node.
///
/// `start` opens a connection with its own `pw_thread_loop`, follows the registry
/// (`NodeTracker`), chooses the node its spec names and a mode by `CameraModePolicy`, and
/// connects a `pw_stream` asking for exactly that mode. Frames become the same `VideoFrame`s
/// the V4L2 path produces and reach the handler on the PipeWire thread. The node disappearing
/// is `.unplugged`; when a matching node appears again the stream is connected anew (the
/// source recovers by itself, like `V4L2Capture`). The daemon going away is `.unplugged` too:
/// the connection is retried (`Reconnector`) until the daemon lists the node again.
public final class PipeWireCapture: FrameSource, FrameDemandAdjustable {
    /// How the capture is set up.
    public struct Configuration: Sendable {
        /// Which node to use.
        public var spec: PipeWireDeviceSpec
        /// How to reach PipeWire (the session daemon, or the camera portal's descriptor).
        public var connection: PipeWireConnection
        /// Decodes one Motion-JPEG frame; without it MJPG modes are never chosen.
        public var decodeJPEG: (@Sendable (UnsafeRawBufferPointer, _ timestamp: Double, _ sequence: UInt64) -> VideoFrame?)?

        public init(
            spec: PipeWireDeviceSpec, connection: PipeWireConnection = .defaultRemote,
            decodeJPEG: (@Sendable (UnsafeRawBufferPointer, Double, UInt64) -> VideoFrame?)? = nil
        ) {
            self.spec = spec
            self.connection = connection
            self.decodeJPEG = decodeJPEG
        }
    }

    public let configuration: Configuration
    /// The running session; guarded by the mutex.
    private let running = Mutex<CaptureSessionBox?>(nil)
    /// Whether frames are converted and delivered; read by the PipeWire thread.
    private let deliversFrames = Atomic<Bool>(true)
    /// Frames delivered since `start`.
    private let delivered = Atomic<UInt64>(0)

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    deinit { stop() }

    /// Frames handed to the handler since `start`.
    public var framesDelivered: UInt64 { delivered.load(ordering: .relaxed) }

    public func setDeliversFrames(_ on: Bool) { deliversFrames.store(on, ordering: .relaxed) }

    /// Starts; `handler` runs on the PipeWire thread for every event until `stop()` returns.
    ///
    /// The handler must return quickly and never wait for a thread that may be calling `stop()`.
    public func start(handler: @escaping @Sendable (FrameSourceEvent) -> Void) {
        stop()
        delivered.store(0, ordering: .relaxed)
        let label = Self.label(configuration.spec)
        let loop: PipeWireLoop
        do {
            loop = try PipeWireLoop(name: "saoma-pw-capture")
        } catch {
            handler(.problem(.failed(device: label, message: error.message)))
            return
        }
        let session = CaptureSession(
            owner: self, loop: loop, handler: handler,
            state: PipeWireStreamState(spec: configuration.spec, deviceLabel: label))
        loop.locked { session.start() }
        running.withLock { $0 = CaptureSessionBox(session: session) }
    }

    /// Stops capturing and waits for the PipeWire thread; no events after it returns. Called
    /// from the handler itself, it only stops the stream (the thread ends at the next `start`
    /// or when the capture is released).
    public func stop() {
        guard let box = running.take() else { return }
        box.session.end()
    }

    /// How a problem names the camera: the spec as given on the command line.
    static func label(_ spec: PipeWireDeviceSpec) -> String {
        switch spec {
        case .any: return "pipewire"
        case .id(let id): return PipeWireDeviceSpec.prefix + String(id)
        case .name(let name): return PipeWireDeviceSpec.prefix + name
        }
    }

    fileprivate var wantsFrames: Bool { deliversFrames.load(ordering: .relaxed) }
    fileprivate func countDelivered() { delivered.add(1, ordering: .relaxed) }
}

/// A started session, handed between threads only under the capture's mutex.
private struct CaptureSessionBox: @unchecked Sendable {
    let session: CaptureSession
}

/// One started capture: its loop, registry tracker, state machine and stream. Loop thread
/// (or loop-locked) only, except `end()`.
private final class CaptureSession {
    unowned let owner: PipeWireCapture
    let loop: PipeWireLoop
    let handler: @Sendable (FrameSourceEvent) -> Void
    var state: PipeWireStreamState
    var tracker: NodeTracker?
    var reconnector: Reconnector?
    var stream: StreamConsumer?
    var ended = false
    var sequence: UInt64 = 0

    init(owner: PipeWireCapture, loop: PipeWireLoop, handler: @escaping @Sendable (FrameSourceEvent) -> Void, state: PipeWireStreamState) {
        self.owner = owner
        self.loop = loop
        self.handler = handler
        self.state = state
    }

    /// Connects and follows the registry (loop-locked); when the daemon cannot be reached the
    /// problem is reported and the connection retried until it can.
    func start() {
        reconnector = Reconnector(loop: loop) { [unowned self] in self.connect() == nil }
        if let failure = connect() {
            report(.failed(device: state.deviceLabel, message: failure.message))
            reconnector?.schedule()
        }
    }

    /// (Re)connects to the daemon and starts following its registry; the failure, or nil.
    func connect() -> PipeWireFailure? {
        guard !ended else { return nil }
        // The stream goes with the old connection: the state machine must know, or the new
        // listing (with the same node) would leave it believing it is still connected.
        if stream != nil { apply(state.daemonLost()) }
        let previous = tracker
        tracker = nil
        let connected = NodeTracker.reconnecting(
            previous, loop: loop, connection: owner.configuration.connection,
            onChange: { [unowned self] nodes in
                self.reconnector?.succeeded()
                self.apply(self.state.camerasChanged(self.usable(nodes)))
            },
            onError: { [unowned self] message, connectionLost in
                guard connectionLost else {
                    // One request failed (the node went away under the stream, say).
                    self.apply(self.state.streamFailed(message: message))
                    if self.stream == nil { self.report(.failed(device: self.state.deviceLabel, message: message)) }
                    return
                }
                // The connection broke: the daemon stopped or restarted. The camera is gone like
                // an unplugged one until the daemon is back and lists its node again.
                self.apply(self.state.daemonLost())
                self.reconnector?.schedule()
            })
        switch connected {
        case .success(let made):
            tracker = made
            return nil
        case .failure(let failure): return failure
        }
    }

    /// Nodes with the modes this capture can convert (MJPG only with a decoder).
    func usable(_ nodes: [PipeWireNode]) -> [PipeWireNode] {
        guard owner.configuration.decodeJPEG == nil else { return nodes }
        return nodes.map { node in
            var node = node
            node.modes = node.modes.filter { $0.pixelFormat != PipeWireVideoFormat.mjpg.rawValue }
            return node
        }
    }

    func apply(_ action: PipeWireStreamState.Action) {
        guard !ended else { return }
        switch action {
        case .none: break
        case .report(let problem): report(problem)
        case .disconnect(let problem):
            stream?.destroy()
            stream = nil
            report(problem)
        case .connect(let node):
            stream?.destroy()
            stream = nil
            connect(node)
        }
    }

    func report(_ problem: CameraProblem) {
        guard !ended else { return }
        handler(.problem(problem))
    }

    func connect(_ node: PipeWireNode) {
        guard let core = loop.core, let mode = CameraModePolicy.choose(from: node.modes) else {
            report(.noUsableFormat(device: state.deviceLabel))
            return
        }
        let device = node.camera
        handler(.opening(device))
        stream = StreamConsumer(
            core: core, node: node, mode: mode,
            onStreaming: { [unowned self] negotiated in
                guard !self.ended else { return }
                self.handler(.streaming(device, negotiated))
            },
            onFailure: { [unowned self] message in self.apply(self.state.streamFailed(message: message)) },
            onFrame: { [unowned self] planes, format, width, height in self.deliver(planes, format, width, height) })
        if stream == nil { apply(state.streamFailed(message: "cannot create a stream")) }
    }

    func deliver(_ planes: [StreamFrame.Plane], _ format: PipeWireVideoFormat, _ width: Int, _ height: Int) {
        guard !ended, owner.wantsFrames else { return }
        let now = monotonicSeconds()
        let frame: VideoFrame?
        if format == .mjpg {
            frame = planes.first.flatMap { plane in
                owner.configuration.decodeJPEG?(UnsafeRawBufferPointer(start: plane.base, count: plane.count), now, sequence)
            }
        } else {
            frame = StreamFrame(format: format, width: width, height: height).frame(from: planes, timestamp: now, sequence: sequence)
        }
        guard let frame else { return }
        sequence += 1
        owner.countDelivered()
        handler(.frame(frame))
    }

    /// Ends the session: no events after it returns (off the loop thread, waits for it).
    func end() {
        if loop.isLoopThread {
            ended = true
            stream?.destroy()
            stream = nil
            return
        }
        loop.locked {
            ended = true
            reconnector?.destroy()
            reconnector = nil
            stream?.destroy()
            stream = nil
            tracker?.destroy()
            tracker = nil
        }
        loop.close()
    }
}
