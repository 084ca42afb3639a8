// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCore

/// Routes a frame source's events: frames to the decode worker and (newest only) to the preview
/// on the UI thread; everything else to the UI thread in order.
///
/// `handle` runs on the capture thread. At most one preview hop is queued on the main loop at a
/// time (`previewScheduled`); a newer frame replaces the one waiting. State guarded by `lock`.
final class FramePipeline: @unchecked Sendable {
    /// A frame ready for the UI: packed pixels and its mean brightness.
    struct PreviewFrame: Sendable {
        var image: PreviewImage
        var meanLuma: Double
        var timestamp: Double
        var sequence: UInt64
    }

    let worker: DecodeWorker
    private let lock = NSLock()
    private var pendingPreview: PreviewFrame?
    private var previewScheduled = false
    private var paused = false
    /// Called on the UI thread with the newest frame.
    private let onPreview: @Sendable @MainActor (PreviewFrame) -> Void
    /// Called on the UI thread with non-frame events.
    private let onEvent: @Sendable @MainActor (FrameSourceEvent) -> Void

    init(
        worker: DecodeWorker, onPreview: @escaping @Sendable @MainActor (PreviewFrame) -> Void,
        onEvent: @escaping @Sendable @MainActor (FrameSourceEvent) -> Void
    ) {
        self.worker = worker
        self.onPreview = onPreview
        self.onEvent = onEvent
    }

    /// Drops frames (while a result or markers show) or lets them through again.
    func setPaused(_ on: Bool) {
        lock.lock()
        paused = on
        if on { pendingPreview = nil }
        lock.unlock()
    }

    /// The frame source's handler (capture thread).
    func handle(_ event: FrameSourceEvent) {
        guard case .frame(let frame) = event else {
            let onEvent = self.onEvent
            runOnMainLoop { onEvent(event) }
            return
        }
        lock.lock()
        let isPaused = paused
        lock.unlock()
        if isPaused { return }
        worker.submit(frame)
        let image = worker.currentRegion.map { PreviewImage(frame: frame, display: $0.display) } ?? PreviewImage(frame: frame)
        let preview = PreviewFrame(
            image: image, meanLuma: frame.luma.meanLuma(), timestamp: frame.timestamp, sequence: frame.sequence)
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
