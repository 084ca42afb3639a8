// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// Lists cameras, watches for hot-plug and opens frame sources: the seam between the live
/// scanner and a capture layer (V4L2 in the app, a pushed source in `LiveScannerTests`; a
/// PipeWire camera service plugs in here too).
///
/// Its sources recover by themselves: after a problem (busy, denied, unplugged) they keep
/// trying and report `.streaming` again, so the scanner only shows the problem meanwhile.
@MainActor
public protocol CameraService: AnyObject {
    /// The usable capture devices now, best first.
    func cameras() -> [CameraDevice]
    /// Why there is no usable camera when `cameras()` is empty (a node that cannot be opened
    /// says more than "no camera").
    func problemWithoutCameras() -> CameraProblem
    /// A frame source for `device` (not started).
    func makeSource(for device: CameraDevice) -> FrameSource
    /// Starts watching for cameras plugged in or out; `changed` runs on the UI thread.
    func startMonitoring(_ changed: @escaping @MainActor () -> Void)
    /// Starts watching, knowing which camera the controller will want first (`--device` or the
    /// remembered one): a service may wait for a slow listing only when that camera may be in it.
    func startMonitoring(preferring preference: String?, _ changed: @escaping @MainActor () -> Void)
    /// The person pressed Retry on the camera-problem page (a service may ask for access again).
    func retry()
    /// Stops watching.
    func stopMonitoring()
    /// Raises exposure/gain on `source`'s camera for a dark scene (or restores them), where supported.
    func setLowLightBoost(_ on: Bool, on source: FrameSource)
}

extension CameraService {
    public func startMonitoring(preferring preference: String?, _ changed: @escaping @MainActor () -> Void) {
        startMonitoring(changed)
    }

    public func retry() {}
}
