// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire
import Foundation
import SaomaCore
import Synchronization

/// Camera capture through PipeWire: a `FrameSource` consuming a `Video/Source` node.
///
/// `start` opens a connection with its own `pw_thread_loop`, follows the registry
/// (`NodeTracker`), chooses the node its spec names and a plan by `PipeWireCapturePlan` (the
/// camera's full mode where it has one, as on V4L2), and connects a `pw_stream` asking for
/// exactly that mode (then the standard mode, should the node refuse it). Frames become the same
/// `VideoFrame`s the V4L2 path produces (a full mode's reduced to the working size, with its
/// pixels as `FrameDetail`) and reach the handler on the PipeWire thread.
///
/// The node's lens controls (`PipeWireLensControls`: focus and zoom as PipeWire's V4L2 source
/// publishes them) are set through `Props` params on the node (`LensAdjustable`); every value
/// Saoma changed is set back before the stream closes. The node disappearing
/// is `.unplugged`; when a matching node appears again the stream is connected anew (the
/// source recovers by itself, like `V4L2Capture`). The daemon going away is `.unplugged` too:
/// the connection is retried (`Reconnector`) until the daemon lists the node again.
public final class PipeWireCapture: FrameSource, FrameDemandAdjustable, LensAdjustable {
    /// How the capture is set up.
    public struct Configuration: Sendable {
        /// Which node to use.
        public var spec: PipeWireDeviceSpec
        /// How to reach PipeWire (the session daemon, or the camera portal's descriptor).
        public var connection: PipeWireConnection
        /// Decodes one Motion-JPEG frame; without it MJPG modes are never chosen.
        public var decodeJPEG: (@Sendable (UnsafeRawBufferPointer, _ timestamp: Double, _ sequence: UInt64) -> VideoFrame?)?
        /// Whether a full mode may be streamed (see `CaptureModePlan`).
        public var resolution: CaptureModePlan.Resolution

        public init(
            spec: PipeWireDeviceSpec, connection: PipeWireConnection = .defaultRemote,
            decodeJPEG: (@Sendable (UnsafeRawBufferPointer, Double, UInt64) -> VideoFrame?)? = nil,
            resolution: CaptureModePlan.Resolution = .full
        ) {
            self.spec = spec
            self.connection = connection
            self.decodeJPEG = decodeJPEG
            self.resolution = resolution
        }
    }

    public let configuration: Configuration
    /// The running session; guarded by the mutex.
    private let running = Mutex<CaptureSessionBox?>(nil)
    /// Whether frames are converted and delivered; read by the PipeWire thread.
    private let deliversFrames = Atomic<Bool>(true)
    /// Frames delivered since `start`.
    private let delivered = Atomic<UInt64>(0)
    /// The streaming node's lens controls as last set, and the values asked for and not yet sent.
    private let lens = Mutex<(controls: [CameraControlState], requests: [CameraControlKind: Int])>(([], [:]))

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    deinit { stop() }

    /// Frames handed to the handler since `start`.
    public var framesDelivered: UInt64 { delivered.load(ordering: .relaxed) }

    public func setDeliversFrames(_ on: Bool) { deliversFrames.store(on, ordering: .relaxed) }

    public var lensControls: [CameraControlState] { lens.withLock { $0.controls } }

    /// Asks for lens controls to be set (other kinds are ignored); the PipeWire thread sends them
    /// after the frame being handled, and sets every changed value back when the stream closes.
    public func setLens(_ targets: [CameraControlKind: Int]) {
        let wanted = targets.filter { CameraControlKind.lens.contains($0.key) }
        guard !wanted.isEmpty else { return }
        lens.withLock { $0.requests.merge(wanted) { $1 } }
    }

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
        lens.withLock { $0 = ([], [:]) }
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
    /// Publishes the streaming node's lens controls (empty: none, or not streaming); pending requests go.
    fileprivate func publishLens(_ controls: [CameraControlState]) { lens.withLock { $0 = (controls, [:]) } }
    /// Publishes the controls as now set, keeping requests made meanwhile.
    fileprivate func updateLens(_ controls: [CameraControlState]) { lens.withLock { $0.controls = controls } }
    fileprivate func takeLensRequests() -> [CameraControlKind: Int] {
        lens.withLock { shared in
            defer { shared.requests = [:] }
            return shared.requests
        }
    }
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
    /// The node streamed from and the plan it streams by, while a stream exists.
    var streamed: (node: PipeWireNode, plan: CaptureModePlan)?
    /// The node's lens controls as now set, and the values they had before Saoma set them.
    var lens: [PipeWireLensControls.Control] = []
    var originalLens: [CameraControlKind: Int] = [:]

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
        if stream != nil {
            originalLens = [:]
            apply(state.daemonLost())
        }
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
                // an unplugged one until the daemon is back and lists its node again (nothing
                // can be set back over a broken connection).
                self.originalLens = [:]
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
            closeStream()
            report(problem)
        case .connect(let node):
            closeStream()
            connect(node)
        }
    }

    /// Sets the lens back where Saoma changed it (while the node is still there) and destroys
    /// the stream (loop-locked). `publishing` tells the capture its controls are gone (not while
    /// it ends: `stop()` clears them, and from its `deinit` it may not be touched).
    func closeStream(publishing: Bool = true) {
        restoreLens()
        stream?.destroy()
        stream = nil
        streamed = nil
        lens = []
        if publishing { owner.publishLens([]) }
    }

    func report(_ problem: CameraProblem) {
        guard !ended else { return }
        handler(.problem(problem))
    }

    func connect(_ node: PipeWireNode) {
        let resolution = owner.configuration.resolution
        guard let core = loop.core, let plan = PipeWireCapturePlan.choose(from: node.modes, resolution: resolution) else {
            report(.noUsableFormat(device: state.deviceLabel))
            return
        }
        let device = node.camera
        handler(.opening(device))
        stream = StreamConsumer(
            core: core, node: node, modes: PipeWireCapturePlan.requests(for: plan, among: node.modes),
            onStreaming: { [unowned self] negotiated in
                guard !self.ended else { return }
                self.handler(.streaming(device, negotiated))
            },
            onFailure: { [unowned self] message in self.apply(self.state.streamFailed(message: message)) },
            onFrame: { [unowned self] planes, format, width, height in self.deliver(planes, format, width, height) })
        guard stream != nil else {
            apply(state.streamFailed(message: "cannot create a stream"))
            return
        }
        streamed = (node, plan)
        // The values this capture's own listing read as the node appeared: what is set back.
        lens = node.lensControls
        originalLens = [:]
        owner.publishLens(lens.map(\.state))
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
            // A node that answers another size than asked streams unreduced (as on V4L2).
            let working = streamed?.plan.workingSize(forFrameWidth: width, height: height) ?? (width: width, height: height)
            frame = StreamFrame(format: format, width: width, height: height, workingWidth: working.width, workingHeight: working.height)
                .frame(from: planes, timestamp: now, sequence: sequence)
        }
        guard let frame else { return }
        sequence += 1
        owner.countDelivered()
        handler(.frame(frame))
        applyLens(owner.takeLensRequests())
    }

    /// Sends the lens values asked for (clamped to each control's range), remembering the
    /// values they replace (loop thread).
    func applyLens(_ targets: [CameraControlKind: Int]) {
        guard !targets.isEmpty, let node = streamed?.node, let tracker else { return }
        var settings: [(PipeWireLensControls.Control, Int)] = []
        for kind in PipeWireLensControls.order {
            guard let wanted = targets[kind], let index = lens.firstIndex(where: { $0.state.kind == kind }) else { continue }
            let value = lens[index].state.clamped(wanted)
            if originalLens[kind] == nil { originalLens[kind] = lens[index].state.value }
            lens[index].state.value = value
            settings.append((lens[index], value))
        }
        SpaProps.withProps(settings) { props in
            if let props { _ = tracker.setProps(nodeID: node.id, props) }
        }
        owner.updateLens(lens.map(\.state))
    }

    /// Sends every lens value Saoma changed back to what it was, when the node is still there
    /// (loop-locked); the values are forgotten either way.
    func restoreLens() {
        let originals = originalLens
        originalLens = [:]
        guard !originals.isEmpty, let node = streamed?.node, let tracker, tracker.tracks(nodeID: node.id) else { return }
        let settings = PipeWireLensControls.order.reversed().compactMap { kind -> (PipeWireLensControls.Control, Int)? in
            guard let value = originals[kind], let control = lens.first(where: { $0.state.kind == kind }) else { return nil }
            return (control, value)
        }
        SpaProps.withProps(settings) { props in
            if let props { _ = tracker.setProps(nodeID: node.id, props) }
        }
    }

    /// Seconds `end()` waits for the daemon to take the lens values set back before closing.
    static let restoreTimeout = 2.0

    /// Ends the session: no events after it returns (off the loop thread, waits for it). The
    /// lens values Saoma changed are set back first; off the loop thread the close waits (at
    /// most `restoreTimeout`) until the daemon has them, or they would go with the connection.
    func end() {
        if loop.isLoopThread {
            closeStream(publishing: false)
            ended = true
            return
        }
        loop.locked {
            let restoring = !originalLens.isEmpty
            closeStream(publishing: false)
            ended = true
            if restoring, let tracker { waitForDaemon(tracker) }
            reconnector?.destroy()
            reconnector = nil
            tracker?.destroy()
            tracker = nil
        }
        loop.close()
    }

    /// Waits (loop-locked, off the loop thread) until the daemon has handled what was sent.
    private func waitForDaemon(_ tracker: NodeTracker) {
        let done = RoundTrip()
        tracker.roundTrip { [loop] in
            done.finished = true
            loop.signal()
        }
        let deadline = monotonicSeconds() + Self.restoreTimeout
        while !done.finished, monotonicSeconds() < deadline {
            _ = loop.wait(seconds: max(0.001, deadline - monotonicSeconds()))
        }
    }
}

/// Whether a round trip came back (set and read on the loop's thread or under its lock).
private final class RoundTrip {
    var finished = false
}
