// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SaomaCore

/// The decoder process's protocol, both ways: any bytes as a request or a response body are
/// refused with a `DecoderWire.Failure` or read into values within the protocol's limits, and
/// whatever is read is written back to a message that reads the same again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoderWire(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    // The first byte picks the direction; the rest is the body as it would arrive.
    guard let direction = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    // A length prefix is accepted only within the message limit.
    if let length = DecoderWire.bodyLength(prefix: Array(body.prefix(4))) {
        fuzzCheck(length <= DecoderWire.maximumMessage, "a length beyond the limit accepted")
    }
    if direction & 1 == 0 {
        guard let request = try? DecoderWire.decodeRequest(body) else { return 0 }
        fuzzCheck(
            request.width > 0 && request.height > 0 && request.width * request.height <= DecoderWire.maximumPixels,
            "an image size out of range")
        fuzzCheck((request.stages?.count ?? 0) <= EngineStage.maximumStages, "too many stages")
        let again = try? DecoderWire.decodeRequest(Array(DecoderWire.encode(request).dropFirst(4)))
        fuzzCheck(again == request, "a request that does not read back: \(request)")
    } else {
        guard let response = try? DecoderWire.decodeResponse(body) else { return 0 }
        fuzzCheck(response.symbols.count <= DecoderWire.maximumSymbols, "too many codes")
        for symbol in response.symbols {
            fuzzCheck(symbol.bytes.count <= DecoderWire.maximumPayload, "a payload beyond the limit")
            fuzzCheck(symbol.corners.count <= DecoderWire.maximumCorners, "too many corners")
            fuzzCheck(symbol.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "a corner that is not finite")
        }
        let again = try? DecoderWire.decodeResponse(Array(DecoderWire.encode(response).dropFirst(4)))
        fuzzCheck(again == response, "a response that does not read back")
    }
    return 0
}
