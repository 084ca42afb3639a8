// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a generated code failed its own check.
public enum QRSelfCheckError: Error, Hashable, Sendable {
    /// The decoder found no QR code in the image.
    case unreadable
    /// The decoder read a QR code, but not the payload that was encoded.
    case mismatch(expected: [UInt8], decoded: [UInt8])
}

/// Reads a generated code back before it is shown or written, so a code Saoma cannot read never leaves it.
public enum QRSelfCheck {
    /// Decodes `image` with `decoder` and checks that a QR code in it holds `payload`.
    ///
    /// The fast effort is tried first (a clean generated code reads in one pass); only when it
    /// does not confirm the payload does the thorough effort decide. Text payloads also pass when the decoder returns the same text from differently
    /// represented bytes (a decoder that strips the ECI designator's effect, for example).
    public static func verify(_ image: LumaImage, holds payload: QRPayload, decoder: any BarcodeDecoder) throws(QRSelfCheckError) {
        let expected = payload.bytes
        var firstRead: Symbol?
        for effort in [DecodeEffort.fast, .thorough] {
            let symbols = decoder.decode(image, options: DecodeOptions(symbologies: [.qrCode], effort: effort)).filter {
                $0.format == .qrCode
            }
            for symbol in symbols {
                if symbol.bytes == expected { return }
                if case .text(let text) = payload, symbol.text == text { return }
            }
            firstRead = firstRead ?? symbols.first
        }
        guard let firstRead else { throw .unreadable }
        throw .mismatch(expected: expected, decoded: firstRead.bytes)
    }
}
