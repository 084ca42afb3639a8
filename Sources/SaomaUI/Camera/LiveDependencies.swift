// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// The decoder each decode worker thread creates for live frames (`nil`: no decoder available).
let makeLiveDecoder: @Sendable () -> BarcodeDecoder? = { nil }

/// The camera service: the image-file fake when `SAOMA_FAKE_CAMERA_IMAGE` is set, else the system's cameras.
@MainActor
func makeCameraService() -> CameraService {
    if let fake = ImageFileCameraService.fromEnvironment() { return fake }
    return NoCameraService()
}

/// A service with no cameras (until the V4L2 capture layer is wired in).
@MainActor
final class NoCameraService: CameraService {
    func cameras() -> [CameraDevice] { [] }
    func makeSource(for device: CameraDevice) -> FrameSource { fatalError("no cameras to open") }
    func startMonitoring(_ changed: @escaping @MainActor () -> Void) {}
    func stopMonitoring() {}
    func setLowLightBoost(_ on: Bool, on source: FrameSource) {}
}
