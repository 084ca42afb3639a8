// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Glibc
import SaomaCore
import ZBarDecoding

/// A decoder process for tests (never a product): Saoma's own, with one more engine after the
/// others that aborts the process, the way zxing-cpp 1.4's assertions do, on any image showing a QR
/// code whose payload is the `SAOMA_TEST_ABORTING_PAYLOAD` environment variable. Tests point
/// Saoma at it with `SAOMA_DECODER`.
final class AbortingEngine: BarcodeDecoder {
    let payload: [UInt8]
    let reader = ZBarDecoder()
    init(payload: [UInt8]) { self.payload = payload }

    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        var look = options
        look.symbologies = [.qrCode]
        if reader.decode(image, options: look).contains(where: { $0.bytes == payload }) { abort() }
        return []
    }
}

let payload = Array(String(cString: getenv("SAOMA_TEST_ABORTING_PAYLOAD") ?? strdup("")).utf8)
let everything = Set(Symbology.allCases)
let engine = AbortingEngine(payload: payload)
exit(
    DecoderService.main(extra: [
        (EngineStage(engine: "test-abort", symbologies: everything, effort: .thorough), engine),
        (EngineStage(engine: "test-abort", symbologies: everything, effort: .fast), engine),
    ]))
