// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCore

/// The wiring of one camera frame: sampled once for the preview's viewport, the sample and the
/// frame handed to the decode worker, and the newest sample to the UI thread.
///
/// `handle` runs on the capture thread; the other methods on the UI thread. At most one preview
/// hop is queued on the main loop at a time (`previewScheduled`); a newer frame replaces the one
/// waiting. State guarded by `lock`.
public final class FramePipeline: @unchecked Sendable {
    /// A frame ready for the UI: its pixels sampled for the viewport and its mean brightness.
    public struct PreviewFrame: Sendable {
        public var image: PreviewImage
        public var meanLuma: Double
        public var sequence: UInt64
    }

    private let worker: DecodeWorker
    private let lock = NSLock()
    private var pendingPreview: PreviewFrame?
    private var previewScheduled = false
    /// Mirrors the scan state's `deliversFrames` for the capture thread (set by the engine).
    private var delivering = true
    /// Where to look and how the preview is shown; `nil` until the view is laid out.
    private var region: ScanRegion?
    /// The source frames come from, told when frames are not wanted.
    private var source: FrameSource?
    /// Called on the UI thread with the newest frame.
    private let onPreview: @Sendable @MainActor (PreviewFrame) -> Void
    /// Steers the camera's focus and zoom from the looks' results (capture thread only); `nil`
    /// while the source offers no lens controls.
    private var lens: LensControlPolicy?
    /// Looks the lens policy has seen (capture thread only).
    private var looksSeen = 0

    init(worker: DecodeWorker, onPreview: @escaping @Sendable @MainActor (PreviewFrame) -> Void) {
        self.worker = worker
        self.onPreview = onPreview
    }

    /// Sets where frames are decoded and how they are sampled for the preview.
    func setRegion(_ newRegion: ScanRegion?) {
        lock.lock()
        region = newRegion
        lock.unlock()
    }

    /// Lets frames through or drops them (and tells the source it may skip preparing them).
    func setDelivering(_ on: Bool) {
        lock.lock()
        delivering = on
        if !on { pendingPreview = nil }
        let source = self.source
        lock.unlock()
        if !on { worker.discardPending() }
        (source as? FrameDemandAdjustable)?.setDeliversFrames(on)
    }

    /// The source now feeding `handle` (or none), told whether frames are wanted.
    func attach(_ newSource: FrameSource?) {
        lock.lock()
        source = newSource
        lens = nil
        let on = delivering
        lock.unlock()
        (newSource as? FrameDemandAdjustable)?.setDeliversFrames(on)
    }

    /// Hands the newest look's result to the lens policy and its values to the camera (capture
    /// thread). A source whose lens controls vanish (the camera closed) starts a new policy with
    /// the next camera's.
    private func steerLens() {
        lock.lock()
        let source = self.source as? LensAdjustable
        var policy = lens
        lock.unlock()
        guard let source else { return }
        let controls = source.lensControls
        var targets: [CameraControlKind: Int] = [:]
        if controls.isEmpty {
            policy = nil
        } else if policy == nil {
            policy = LensControlPolicy(controls: controls)
            looksSeen = worker.framesDecoded
            targets = policy?.start() ?? [:]
        } else {
            let looks = worker.framesDecoded
            if looks != looksSeen, let look = worker.lastLook {
                looksSeen = looks
                let largest = look.regionBoxes.max { $0.width * $0.height < $1.width * $1.height }
                let observation = LensControlPolicy.Observation(
                    time: monotonicSeconds(), unreadRegion: look.found == 0 ? largest : nil, scanFrame: look.scanFrame,
                    frameWidth: look.frameWidth, frameHeight: look.frameHeight, read: look.found > 0)
                targets = policy?.observe(observation) ?? [:]
            }
        }
        lock.lock()
        // A source attached meanwhile starts its own policy.
        if self.source === source { lens = policy }
        lock.unlock()
        guard !targets.isEmpty else { return }
        if debugGeometryEnabled {
            debugLog(
                "lens "
                    + targets.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: " "))
        }
        source.setLens(targets)
    }

    /// A frame from the source (capture thread).
    func handle(_ frame: VideoFrame) {
        lock.lock()
        let (on, region) = (delivering, self.region)
        lock.unlock()
        guard on else { return }
        // Sampled once: the same pixels are shown live and, if codes are found, frozen.
        let image = region.map { PreviewImage(frame: frame, viewport: $0.viewport) } ?? PreviewImage(frame: frame)
        if let region {
            // Checked again where it is set: a pause that came after the check above has
            // already dropped the waiting frame, and this one must not take its place.
            lock.lock()
            if delivering { worker.submit(frame, preview: image, region: region) }
            lock.unlock()
        }
        steerLens()
        let preview = PreviewFrame(image: image, meanLuma: frame.luma.meanLuma(), sequence: frame.sequence)
        lock.lock()
        pendingPreview = preview
        let schedule = !previewScheduled
        previewScheduled = true
        lock.unlock()
        guard schedule else { return }
        runOnMainLoop { [self] in
            self.lock.lock()
            let next = self.pendingPreview
            self.pendingPreview = nil
            self.previewScheduled = false
            self.lock.unlock()
            if let next { self.onPreview(next) }
        }
    }
}
