// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Glibc
import SaomaCore
import ZBarDecoding

/// A decoder process for tests (never a product): Saoma's own, with one more engine after the
/// others that aborts the process, the way zxing-cpp 1.4's assertions do, on any image showing a QR
/// code whose payload is the `SAOMA_TEST_ABORTING_PAYLOAD` environment variable; on one saying
/// `SAOMA_TEST_SHRINKING_PAYLOAD` it first tries to shrink the shared memory to nothing (what a
/// decoder taken over by a hostile image could do to fault Saoma's mapping). Tests point Saoma at
/// it with `SAOMA_DECODER`.
final class AbortingEngine: BarcodeDecoder {
    let payload: [UInt8]
    let shrinkingPayload: [UInt8]
    let reader = ZBarDecoder()
    init(payload: [UInt8], shrinkingPayload: [UInt8]) {
        self.payload = payload
        self.shrinkingPayload = shrinkingPayload
    }

    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        var look = options
        look.symbologies = [.qrCode]
        let read = reader.decode(image, options: look)
        if !shrinkingPayload.isEmpty && read.contains(where: { $0.bytes == shrinkingPayload }) {
            _ = ftruncate(DecoderService.memoryDescriptor, 0)
            abort()
        }
        if read.contains(where: { $0.bytes == payload }) { abort() }
        return []
    }
}

func environmentBytes(_ name: String) -> [UInt8] {
    getenv(name).map { Array(String(cString: $0).utf8) } ?? []
}

let payload = environmentBytes("SAOMA_TEST_ABORTING_PAYLOAD")
let everything = Set(Symbology.allCases)
let engine = AbortingEngine(payload: payload, shrinkingPayload: environmentBytes("SAOMA_TEST_SHRINKING_PAYLOAD"))
exit(
    DecoderService.main(extra: [
        (EngineStage(engine: "test-abort", symbologies: everything, effort: .thorough), engine),
        (EngineStage(engine: "test-abort", symbologies: everything, effort: .fast), engine),
    ]))
