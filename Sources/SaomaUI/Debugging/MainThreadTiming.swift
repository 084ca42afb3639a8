// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import LiveScanning
import SaomaCore

/// Measures the UI thread's work per camera frame for `scripts/bench-scanner`: the time spent
/// taking a frame (`showFrame`) and each frame-clock paint cycle (tick callbacks, layout,
/// snapshot and rendering), logged once per `window` frames as `saoma-debug: timing …`.
///
/// Times are the UI thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), which other processes on a
/// busy machine do not inflate; `paintWall` is the paint cycles' elapsed time.
///
/// Enabled by `SAOMA_DEBUG_TIMING=1`. UI thread only.
@MainActor
final class MainThreadTiming {
    /// Frames per logged line.
    static let window = 30

    private var shown: [Double] = []
    private var painted: [Double] = []
    private var paintedWall: [Double] = []
    private var paintStarted: (cpu: Double, wall: Double)?

    /// A timer when `SAOMA_DEBUG_TIMING=1`, else `nil`.
    static func fromEnvironment() -> MainThreadTiming? {
        ProcessInfo.processInfo.environment["SAOMA_DEBUG_TIMING"] == "1" ? MainThreadTiming() : nil
    }

    /// Follows the paint cycles of `widget`'s frame clock (call once it is mapped).
    func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return }
        let raw = UnsafeMutableRawPointer(clock)
        onSimpleSignal(raw, "before-paint") { [weak self] in self?.paintStarted = (threadCPUSeconds(), monotonicSeconds()) }
        onSimpleSignal(raw, "after-paint") { [weak self] in
            guard let self, let start = self.paintStarted else { return }
            self.paintStarted = nil
            self.painted.append(threadCPUSeconds() - start.cpu)
            self.paintedWall.append(monotonicSeconds() - start.wall)
        }
    }

    /// A camera frame was taken in `seconds`.
    func frameShown(seconds: Double) {
        shown.append(seconds)
        guard shown.count >= MainThreadTiming.window else { return }
        func stats(_ values: [Double]) -> String {
            guard !values.isEmpty else { return "n=0" }
            let ms = values.map { $0 * 1000 }
            return String(format: "n=%d avg=%.2f max=%.2f", ms.count, ms.reduce(0, +) / Double(ms.count), ms.max() ?? 0)
        }
        debugLog("timing show[\(stats(shown))] paint[\(stats(painted))] paintWall[\(stats(paintedWall))]")
        shown.removeAll(keepingCapacity: true)
        painted.removeAll(keepingCapacity: true)
        paintedWall.removeAll(keepingCapacity: true)
    }
}
