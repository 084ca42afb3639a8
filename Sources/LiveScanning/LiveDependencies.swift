// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import SaomaCore

/// The decoder each decode worker thread creates for live frames: a client of a decoder process
/// of its own, which runs the engines `Engines.live` names.
public let makeLiveDecoder: @Sendable () -> BarcodeDecoder? = { DecoderClient() }

/// The camera service: V4L2 (tests reach it through the LD_PRELOAD fake device) and PipeWire
/// cameras (tests reach them through a private daemon and PipeWireTestCamera).
@MainActor
public func makeCameraService() -> CameraService {
    PipeWireCameraService()
}

/// The live decode worker steers the decoder process: a stage table per request, its CPU time
/// counted against the decode budget.
extension DecoderClient: SteerableLiveDecoder {}
