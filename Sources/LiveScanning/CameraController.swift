// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// Opens the chosen camera, follows hot-plug and recovers from unplugging; frames go to the
/// frame pipeline, states to `onStateChanged`.
///
/// UI thread only; part of the live-scanning engine. Each started source is tagged with a
/// generation, so events still queued from a source that was stopped are ignored.
@MainActor
public final class CameraController {
    /// What the camera is doing.
    public enum State: Equatable {
        case idle
        case opening(CameraDevice)
        case streaming(CameraDevice, CameraMode)
        case problem(CameraProblem)
    }

    /// How often a missing camera is looked for again, in milliseconds.
    static let recoveryInterval: UInt32 = 1000

    let service: CameraService
    /// Where every source's frames go.
    private let frames: FramePipeline
    /// The cameras found, best first.
    private(set) var cameras: [CameraDevice] = []
    /// The camera in use or wanted.
    private(set) var current: CameraDevice?
    private(set) var state: State = .idle {
        didSet { if state != oldValue { onStateChanged?(state) } }
    }
    /// Called with every state change.
    var onStateChanged: ((State) -> Void)?
    /// Called when the list of cameras changed.
    var onCamerasChanged: (([CameraDevice]) -> Void)?

    private var source: FrameSource?
    private var generation = 0
    private var recoveryTimer: UInt32 = 0
    /// The camera the person asked for (`--device` path, or the `camera` setting: bus info or path).
    private var preference: String?

    init(service: CameraService, frames: FramePipeline) {
        self.service = service
        self.frames = frames
    }

    /// Lists cameras, starts watching for hot-plug and opens the preferred (else best) camera.
    func start(preferring preference: String?) {
        self.preference = preference.flatMap { $0.isEmpty ? nil : $0 }
        service.startMonitoring(preferring: self.preference) { [weak self] in self?.camerasChanged() }
        refreshCameras()
        openPreferred()
    }

    /// Switches to `device` (the picker's choice).
    func select(_ device: CameraDevice) {
        guard device != current || !isStreaming else { return }
        preference = device.busInfo.isEmpty ? device.path : device.busInfo
        open(device)
    }

    /// Tries the current (or best) camera again.
    func retry() {
        service.retry()
        refreshCameras()
        openPreferred()
    }

    /// Stops the camera and hot-plug watching.
    func stop() {
        stopSource()
        service.stopMonitoring()
        stopRecovery()
        state = .idle
    }

    /// Raises exposure/gain for a dark scene where the camera allows it.
    func setLowLightBoost(_ on: Bool) {
        guard let source else { return }
        service.setLowLightBoost(on, on: source)
    }

    private var isStreaming: Bool {
        if case .streaming = state { return true }
        return false
    }

    private func refreshCameras() {
        let found = service.cameras()
        if found != cameras {
            cameras = found
            onCamerasChanged?(found)
        }
    }

    private func preferredCamera() -> CameraDevice? {
        if let preference, let match = cameras.first(where: { $0.path == preference || (!$0.busInfo.isEmpty && $0.busInfo == preference) })
        {
            return match
        }
        return cameras.first
    }

    private func openPreferred() {
        guard let device = preferredCamera() else {
            stopSource()
            state = .problem(service.problemWithoutCameras())
            startRecovery()
            return
        }
        open(device)
    }

    private func open(_ device: CameraDevice) {
        stopSource()
        stopRecovery()
        current = device
        generation += 1
        let mine = generation
        let source = service.makeSource(for: device)
        frames.attach(source)
        self.source = source
        state = .opening(device)
        let frames = self.frames
        source.start { event in
            guard case .frame(let frame) = event else {
                runOnMainLoop { [weak self] in
                    guard let self, self.generation == mine else { return }
                    self.handle(event)
                }
                return
            }
            frames.handle(frame)
        }
    }

    private func stopSource() {
        generation += 1
        source?.stop()
        source = nil
        frames.attach(nil)
    }

    private func handle(_ event: FrameSourceEvent) {
        switch event {
        case .opening(let device): state = .opening(device)
        case .streaming(let device, let mode): state = .streaming(device, mode)
        case .frame: break
        case .problem(let problem):
            // The source keeps trying by itself (a busy, denied or unplugged camera is retried).
            state = .problem(problem)
        }
    }

    private func camerasChanged() {
        refreshCameras()
        // Nothing open (no camera, or one that could not even be listed): open one if it came.
        // An open source follows its own camera's unplugging and return.
        // Still none: the service may explain it differently now (the camera portal answered).
        guard source == nil else { return }
        if preferredCamera() != nil {
            openPreferred()
        } else {
            state = .problem(service.problemWithoutCameras())
        }
    }

    private func startRecovery() {
        guard recoveryTimer == 0 else { return }
        recoveryTimer = addTimeout(milliseconds: CameraController.recoveryInterval) { [weak self] in
            guard let self else { return false }
            self.refreshCameras()
            guard self.preferredCamera() != nil else { return true }
            self.recoveryTimer = 0
            self.openPreferred()
            return false
        }
    }

    private func stopRecovery() {
        if recoveryTimer != 0 { removeTimeout(recoveryTimer) }
        recoveryTimer = 0
    }
}
