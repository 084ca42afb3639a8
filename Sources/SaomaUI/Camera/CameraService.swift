// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// Lists cameras, watches for hot-plug and opens frame sources: the seam between the window and
/// the capture layer (V4L2 in the app, an image-file fake in development).
@MainActor
protocol CameraService: AnyObject {
    /// Whether its sources retry by themselves after a problem (else the controller reopens them).
    var sourcesRecover: Bool { get }
    /// The usable capture devices now, best first.
    func cameras() -> [CameraDevice]
    /// Why there is no usable camera when `cameras()` is empty (a node that cannot be opened
    /// says more than "no camera").
    func problemWithoutCameras() -> CameraProblem
    /// A frame source for `device` (not started).
    func makeSource(for device: CameraDevice) -> FrameSource
    /// Starts watching for cameras plugged in or out; `changed` runs on the UI thread.
    func startMonitoring(_ changed: @escaping @MainActor () -> Void)
    /// Stops watching.
    func stopMonitoring()
    /// Raises exposure/gain on `source`'s camera for a dark scene (or restores them), where supported.
    func setLowLightBoost(_ on: Bool, on source: FrameSource)
}
