// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import ZBarDecoding

/// The decoder each decode worker thread creates for live frames.
let makeLiveDecoder: @Sendable () -> BarcodeDecoder? = { ZBarDecoder() }

/// The camera service: the image-file fake when `SAOMA_FAKE_CAMERA_IMAGE` is set, else V4L2.
@MainActor
func makeCameraService() -> CameraService {
    if let fake = ImageFileCameraService.fromEnvironment() { return fake }
    return V4L2CameraService()
}
