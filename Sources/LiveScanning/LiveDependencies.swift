// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Foundation
import SaomaCore

/// The decoder each decode worker thread creates for live frames: a client of a decoder process
/// of its own, which runs the engines `Engines.live` names.
public let makeLiveDecoder: @Sendable () -> BarcodeDecoder? = { DecoderClient() }

/// Whether the decode worker averages still frames over a region left unread: on unless
/// `SAOMA_DEBUG_AVERAGING=0` (a benchmark switch, `scripts/bench-scanner` compares both; any
/// other value leaves it on).
let liveAveragingEnabled = ProcessInfo.processInfo.environment["SAOMA_DEBUG_AVERAGING"] != "0"

/// The camera service: V4L2 (tests reach it through the LD_PRELOAD fake device) and PipeWire
/// cameras (tests reach them through a private daemon and PipeWireTestCamera).
@MainActor
public func makeCameraService() -> CameraService {
    PipeWireCameraService()
}

/// The live decode worker steers the decoder process: a stage table per request, its CPU time
/// counted against the decode budget.
extension DecoderClient: SteerableLiveDecoder {}
