// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// Live scanning, UI-free: owns the camera (its frame source), the decode worker and the
/// preview sampling, and the one `ScanState`; the window composes it with the scanner view.
///
/// Inputs: the viewport, the scan frame's rectangle in it and the symbologies. Outputs, on the
/// UI thread: `onPreview` (a frame sampled for the viewport), `onDetection` (codes were found
/// and the state is now choosing), `onHint` (what would help read a code-like region that stays
/// unread, only while scanning), `onPhaseChanged` and the camera's state and list. `hold` and
/// `resume` pause and restart scanning; whether frames are delivered or decoded follows the
/// state (applied in `LiveScanner+Pause.swift`). Modelled on GNOME Snapshot's `aperture`
/// viewfinder. UI thread only.
@MainActor
public final class LiveScanner {
    /// What the camera is doing.
    public typealias CameraState = CameraController.State

    /// The scan state; every change is applied to the pipeline and reported.
    private(set) var state = ScanState() {
        didSet {
            guard state != oldValue else { return }
            applyState()
            if state.phase != oldValue.phase {
                // A hint from before a pause or a result is stale: the worker says it again.
                if state.phase == .scanning { workerHint = nil }
                updateHint()
                onPhaseChanged?(state.phase)
            }
        }
    }

    /// Which codes of a decoded frame may show: two frames must agree on a weakly checked code
    /// (one frame's read of it may be noise). UI thread.
    private var confirmation = LiveConfirmation()

    /// Called with each live frame to show (only while scanning).
    public var onPreview: ((FramePipeline.PreviewFrame) -> Void)?
    /// Called when codes were found; the state is `.choosing` them.
    public var onDetection: ((Detection) -> Void)?
    /// The decoder failed on a frame (reported once; scanning goes on).
    public var onDecoderProblem: ((DecoderFailure) -> Void)?
    /// Called when the phase changed.
    public var onPhaseChanged: ((ScanState.Phase) -> Void)?
    /// Called when the hint to show changed (`nil`: none).
    public var onHint: ((LiveHint?) -> Void)?
    /// The hint shown: the decode worker's latest, while scanning.
    public private(set) var hint: LiveHint?
    /// The decode worker's latest hint.
    private var workerHint: LiveHint?
    /// Called with every camera state change.
    public var onCameraStateChanged: ((CameraState) -> Void)?
    /// Called when the list of cameras changed.
    public var onCamerasChanged: (([CameraDevice]) -> Void)?

    /// The preview's viewport (`nil` until laid out).
    public var viewport: Viewport? {
        didSet { if viewport != oldValue { regionChanged() } }
    }
    /// The scan frame in the viewport's points (`nil` until laid out).
    public var frameInView: Rect? {
        didSet { if frameInView != oldValue { regionChanged() } }
    }
    /// The symbologies to look for.
    public var symbologies: Set<Symbology> = Set(Symbology.allCases) {
        didSet { if symbologies != oldValue { regionChanged() } }
    }

    public let pipeline: FramePipeline
    private let worker: DecodeWorker
    private let camera: CameraController

    /// A scanner for `service`'s cameras decoding with what `makeDecoder` makes (once, on the
    /// decode thread). Call `start` to open a camera.
    public init(service: CameraService, makeDecoder: @escaping @Sendable () -> BarcodeDecoder?) {
        // The worker and the pipeline call back from their threads: hop to the UI, then check
        // the state (a detection or frame may arrive after scanning paused).
        let box = WeakBox()
        worker = DecodeWorker(
            makeDecoder: makeDecoder, averaging: liveAveragingEnabled,
            onProblem: { failure in runOnMainLoop { box.scanner?.onDecoderProblem?(failure) } },
            onHint: { hint in runOnMainLoop { box.scanner?.hintArrived(hint) } },
            onDetection: { detection in runOnMainLoop { box.scanner?.detected(detection) } })
        pipeline = FramePipeline(worker: worker) { frame in box.scanner?.previewArrived(frame) }
        camera = CameraController(service: service, frames: pipeline)
        box.scanner = self
        camera.onStateChanged = { [weak self] state in self?.cameraStateChanged(state) }
        camera.onCamerasChanged = { [weak self] cameras in self?.onCamerasChanged?(cameras) }
    }

    /// The camera's state.
    public var cameraState: CameraState { camera.state }
    /// The cameras found, best first.
    public var cameras: [CameraDevice] { camera.cameras }
    /// The camera in use or wanted.
    public var currentCamera: CameraDevice? { camera.current }

    /// Opens the preferred camera (a path or bus info; else the best) and follows hot-plug.
    public func start(preferring preference: String?) {
        camera.start(preferring: preference)
    }

    /// Switches to `device` and scans again.
    public func select(_ device: CameraDevice) {
        confirmation.reset()
        state.resume(at: monotonicSeconds())
        camera.select(device)
    }

    /// Tries the camera again after a problem.
    public func retry() { camera.retry() }

    /// Raises the camera's exposure and gain for a dark scene (or restores them).
    public func setLowLightBoost(_ on: Bool) { camera.setLowLightBoost(on) }

    /// Pauses while the window is hidden (minimised or unmapped), and scans again once it shows.
    public func setHidden(_ hidden: Bool) {
        if hidden { state.pause(.hidden) } else { state.endPause(.hidden) }
    }

    /// Stops the camera and the decode thread; the scanner cannot be started again.
    public func stop() {
        camera.stop()
        worker.stop()
    }

    /// Pauses scanning for `reason` (a choice in progress is dropped).
    public func hold(_ reason: ScanState.PauseReason = .otherPage) { state.pause(reason) }

    /// Scans again: after a cancelled choice, a result, or another page (a code just chosen is
    /// not taken again until it has left the view).
    public func resume() { state.resume(at: monotonicSeconds()) }

    /// Pauses while the side panel covers the preview, and scans again once it no longer does.
    public func setCovered(_ covered: Bool) {
        if covered { state.pause(.covered) } else { state.endPause(.covered) }
    }

    /// The person (or the automatic choice) chose `symbol` among the codes shown; returns
    /// `false` when it is not one of them.
    @discardableResult
    public func choose(_ symbol: Symbol) -> Bool { state.choose(symbol) }

    private func regionChanged() {
        guard let viewport, let frameInView, !viewport.isEmpty else {
            pipeline.setRegion(nil)
            return
        }
        pipeline.setRegion(ScanRegion(frameInView: frameInView, viewport: viewport, symbologies: symbologies))
    }

    private func hintArrived(_ hint: LiveHint?) {
        workerHint = hint
        updateHint()
    }

    private func updateHint() {
        let shown = state.phase == .scanning ? workerHint : nil
        guard shown != hint else { return }
        hint = shown
        onHint?(shown)
    }

    private func previewArrived(_ frame: FramePipeline.PreviewFrame) {
        guard state.deliversFrames else { return }
        onPreview?(frame)
    }

    /// Continuous mode: when set, codes found go here and scanning goes on (no choice, no result).
    public var onContinuousDetection: ((Detection) -> Void)?

    private func detected(_ detection: Detection) {
        guard state.decodesFrames else { return }
        let now = monotonicSeconds()
        var confirmed = detection
        confirmed.symbols = confirmation.confirm(detection.symbols, at: now)
        if let onContinuousDetection, case .scanning = state.phase {
            if !confirmed.symbols.isEmpty { onContinuousDetection(confirmed) }
            return
        }
        guard state.found(confirmed.symbols, at: now) else { return }
        // A code just handled that is still in view is left out.
        confirmed.symbols = state.codes
        onDetection?(confirmed)
    }

    private func cameraStateChanged(_ cameraState: CameraState) {
        switch cameraState {
        case .streaming: state.endPause(.cameraProblem)
        case .problem: state.pause(.cameraProblem)
        case .idle, .opening: break
        }
        onCameraStateChanged?(cameraState)
    }
}

/// The scanner as seen from other threads' hops: weak, so a queued hop never keeps it alive.
private final class WeakBox: @unchecked Sendable {
    /// Set once on the UI thread right after creation; read on the UI thread only.
    weak var scanner: LiveScanner?
}
