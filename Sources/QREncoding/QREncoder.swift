// SPDX-License-Identifier: GPL-3.0-or-later
import CQREncode
import Foundation
import SaomaCore

/// Why a payload could not be made into a QR code.
public enum QREncodingError: Error, Hashable, Sendable {
    /// Nothing to encode.
    case empty
    /// More bytes than one code holds at this level.
    case tooLarge(byteCount: Int, capacity: Int, level: ErrorCorrectionLevel)
    /// A minimum version outside 1…40.
    case versionOutOfRange(Int)
    /// libqrencode failed for another reason (its `errno`).
    case failed(errno: Int32)
}

/// Makes QR code module matrices with libqrencode: the only place that calls `QRcode_*`/`QRinput_*`.
///
/// Stateless and thread-safe (Debian's libqrencode 4 guards its shared tables with a mutex).
public enum QREncoder {
    /// The ECI assignment number of UTF-8.
    static let utf8ECI: UInt32 = 26

    /// Encodes `payload` at `level` in the smallest version not below `minimumVersion`.
    ///
    /// Plain ASCII text without NULs goes through libqrencode's mode optimiser (numeric,
    /// alphanumeric and 8-bit segments); other text is UTF-8 in 8-bit mode behind the UTF-8 ECI
    /// designator; bytes are 8-bit mode as they are.
    public static func encode(_ payload: QRPayload, level: ErrorCorrectionLevel, minimumVersion: Int = 1) throws(QREncodingError)
        -> QRMatrix
    {
        guard (1...QRCapacity.maximumVersion).contains(minimumVersion) else { throw .versionOutOfRange(minimumVersion) }
        let bytes = payload.bytes
        guard !bytes.isEmpty else { throw .empty }
        let capacity = QRCapacity.maximumBytes(for: payload, level: level)
        let qrLevel = level.libqrencodeLevel

        let code: UnsafeMutablePointer<QRcode>?
        errno = 0
        if case .text(let text) = payload, !payload.usesUTF8ECI, !bytes.contains(0) {
            code = QRcode_encodeString(text, Int32(minimumVersion), qrLevel, QR_MODE_8, 1)
        } else {
            code = encodeEightBit(bytes, eci: payload.usesUTF8ECI, level: qrLevel, minimumVersion: minimumVersion)
        }
        guard let code else {
            let error = errno
            if error == ERANGE || bytes.count > capacity {
                throw .tooLarge(byteCount: bytes.count, capacity: capacity, level: level)
            }
            throw .failed(errno: error)
        }
        defer { QRcode_free(code) }
        let side = Int(code.pointee.width)
        var modules = [Bool](repeating: false, count: side * side)
        // Transfer: `code.pointee.data` belongs to `code`; copied here, freed by `QRcode_free`.
        if let data = code.pointee.data {
            for i in 0..<(side * side) { modules[i] = data[i] & 1 != 0 }
        }
        guard let matrix = QRMatrix(size: side, version: Int(code.pointee.version), level: level, modules: modules) else {
            throw .failed(errno: EINVAL)
        }
        return matrix
    }

    /// One 8-bit segment (optionally behind the UTF-8 ECI designator) through a `QRinput`.
    private static func encodeEightBit(_ bytes: [UInt8], eci: Bool, level: QRecLevel, minimumVersion: Int) -> UnsafeMutablePointer<QRcode>?
    {
        // Transfer: `QRinput_new2` returns an owned input, freed here; `QRinput_append` copies the bytes.
        guard let input = QRinput_new2(Int32(minimumVersion), level) else { return nil }
        defer { QRinput_free(input) }
        if eci, QRinput_appendECIheader(input, utf8ECI) != 0 { return nil }
        let appended = bytes.withUnsafeBufferPointer { QRinput_append(input, QR_MODE_8, Int32($0.count), $0.baseAddress) }
        guard appended == 0 else { return nil }
        return QRcode_encodeInput(input)
    }
}

extension ErrorCorrectionLevel {
    /// libqrencode's constant for this level.
    var libqrencodeLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
