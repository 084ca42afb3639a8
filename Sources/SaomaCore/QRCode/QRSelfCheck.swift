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
    /// Text payloads also pass when the decoder returns the same text from differently
    /// represented bytes (a decoder that strips the ECI designator's effect, for example).
    public static func verify(_ image: LumaImage, holds payload: QRPayload, decoder: any BarcodeDecoder) throws(QRSelfCheckError) {
        let symbols = decoder.decode(image, options: DecodeOptions(symbologies: [.qrCode], effort: .thorough))
            .filter { $0.format == .qrCode }
        guard let first = symbols.first else { throw .unreadable }
        let expected = payload.bytes
        for symbol in symbols {
            if symbol.bytes == expected { return }
            if case .text(let text) = payload, symbol.text == text { return }
        }
        throw .mismatch(expected: expected, decoded: first.bytes)
    }
}
