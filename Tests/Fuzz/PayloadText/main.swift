// SPDX-License-Identifier: GPL-3.0-or-later
@testable import CharsetConversion

/// Payload text decoding: any bytes a code may carry give text or `nil` (binary), never a crash,
/// and the text is a faithful reading of the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayloadText(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let result = PayloadText.decodeWithEncoding(bytes)
    let isBinary = PayloadText.looksBinary(bytes)
    guard let (encoding, text) = result else {
        // Bytes that are not binary and have no C1 byte are always readable as ISO-8859-1.
        let latin1 = !bytes.contains { (0x80...0x9F).contains($0) }
        fuzzCheck(isBinary || !latin1, "text bytes without C1 controls were called binary: \(Array(bytes.prefix(64)))")
        return 0
    }
    fuzzCheck(!isBinary, "binary bytes decoded as text")
    fuzzCheck(!text.unicodeScalars.contains("\0"), "decoded text holds a NUL")
    fuzzCheck(text.utf8.count <= bytes.count * 4, "decoded text grew more than 4×")
    switch encoding {
    case nil:
        fuzzCheck(Array(text.utf8) == bytes, "UTF-8 text differs from its bytes")
    case .isoLatin1:
        fuzzCheck(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } == bytes, "ISO-8859-1 text differs from its bytes")
        fuzzCheck(text.unicodeScalars.allSatisfy { $0.value <= 0xFF }, "ISO-8859-1 text outside Latin-1")
    case let legacy?:
        fuzzCheck(String(validating: bytes, as: UTF8.self) == nil, "valid UTF-8 read as \(legacy)")
        fuzzCheck(PayloadText.plausibility(of: bytes, as: legacy) != nil, "\(legacy) chosen for bytes it does not accept")
    }
    return 0
}
