// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import ZBarDecoding

/// The decoder each decode worker thread creates for live frames.
let makeLiveDecoder: @Sendable () -> BarcodeDecoder? = { ZBarDecoder() }

/// The camera service: V4L2 (tests reach it through the LD_PRELOAD fake device) and PipeWire
/// cameras (tests reach them through a private daemon and PipeWireTestCamera).
@MainActor
func makeCameraService() -> CameraService {
    PipeWireCameraService()
}
