// SPDX-License-Identifier: GPL-3.0-or-later
import DMTXDecoding
import SaomaCore
import ZBarDecoding

/// The decoder each decode worker thread creates for live frames.
let makeLiveDecoder: @Sendable () -> BarcodeDecoder? = {
    // Data Matrix (libdmtx, slow) every fourth frame, inside the scan frame like zbar.
    CombinedDecoder([ZBarDecoder(), IntermittentDecoder(DataMatrixDecoder(), period: 4)])
}

/// The camera service: V4L2 (tests reach it through the LD_PRELOAD fake device) and PipeWire
/// cameras (tests reach them through a private daemon and PipeWireTestCamera).
@MainActor
func makeCameraService() -> CameraService {
    PipeWireCameraService()
}
