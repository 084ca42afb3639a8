// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a payload cannot be drawn in a format.
public enum BarcodeInputError: Error, Hashable, Sendable {
    /// Nothing to encode.
    case empty
    /// EAN-13 and UPC-A take digits only; the first character that is not one.
    case notDigits(format: BarcodeFormat, character: String)
    /// The wrong number of digits (EAN-13: 12 or 13; UPC-A: 11 or 12).
    case digitCount(format: BarcodeFormat, count: Int)
    /// The last digit is not the check digit of the others.
    case checkDigit(format: BarcodeFormat, given: Int, expected: Int)
    /// A character the format cannot carry (Code 128: beyond ISO-8859-1; Micro QR: beyond ASCII).
    case unsupportedCharacter(format: BarcodeFormat, character: String)
    /// More data than the format holds: the count and the limit, in characters.
    case tooLong(format: BarcodeFormat, count: Int, limit: Int)
}

/// What the encoder gets for a payload: its bytes in the format's character set, and whether
/// they are UTF-8 text that needs the UTF-8 ECI designator to read back as the same text.
public struct BarcodeInput: Hashable, Sendable {
    public let format: BarcodeFormat
    /// The bytes to encode: digits with their check digit for EAN-13 and UPC-A, ISO-8859-1 for
    /// Code 128, ASCII for Micro QR, UTF-8 (or the `--input` bytes) otherwise.
    public let bytes: [UInt8]
    /// Whether the bytes are non-ASCII UTF-8 text, marked with ECI 26 (Data Matrix, Aztec, PDF417).
    public let usesUTF8ECI: Bool
    /// The text a reader gives back (the payload with the check digit added), `nil` for bytes.
    public let expectedText: String?

    /// Longest Code 128 payload drawn, in characters (about 1 m of bars at 0.25 mm a module).
    public static let maximumCode128Characters = 80
    /// Longest Micro QR payload, in characters (M4 at level L holds 35 digits, 21 letters or 15 bytes).
    public static let maximumMicroQRCharacters = 35

    /// Checks `payload` for `format` and gives the bytes to draw.
    ///
    /// Pure: every rule of the formats Saoma draws through libzint is here, so a problem is a
    /// clear one-line message before anything is drawn (`BarcodeInputError`).
    public static func prepare(_ payload: QRPayload, for format: BarcodeFormat) throws(BarcodeInputError) -> BarcodeInput {
        let bytes = payload.bytes
        guard !bytes.isEmpty else { throw .empty }
        let text: String? = if case .text(let t) = payload { t } else { nil }
        switch format {
        case .ean13, .upcA:
            let digits = try checkedDigits(text ?? String(decoding: bytes, as: UTF8.self), format: format)
            return BarcodeInput(format: format, bytes: Array(digits.utf8), usesUTF8ECI: false, expectedText: digits)
        case .code128:
            let scalars = text.map { Array($0.unicodeScalars) } ?? bytes.map { Unicode.Scalar($0) }
            if let bad = scalars.first(where: { $0.value > 0xFF }) {
                throw .unsupportedCharacter(format: format, character: String(bad))
            }
            guard scalars.count <= maximumCode128Characters else {
                throw .tooLong(format: format, count: scalars.count, limit: maximumCode128Characters)
            }
            return BarcodeInput(
                format: format, bytes: scalars.map { UInt8($0.value) }, usesUTF8ECI: false,
                expectedText: String(String.UnicodeScalarView(scalars)))
        case .microQR:
            if let bad = bytes.first(where: { $0 >= 0x80 }) {
                let shown = text.flatMap { $0.unicodeScalars.first { $0.value >= 0x80 } }.map(String.init) ?? "\\x" + String(bad, radix: 16)
                throw .unsupportedCharacter(format: format, character: shown)
            }
            guard bytes.count <= maximumMicroQRCharacters else {
                throw .tooLong(format: format, count: bytes.count, limit: maximumMicroQRCharacters)
            }
            return BarcodeInput(format: format, bytes: bytes, usesUTF8ECI: false, expectedText: text)
        case .qr, .dataMatrix, .aztec, .pdf417:
            return BarcodeInput(format: format, bytes: bytes, usesUTF8ECI: payload.usesUTF8ECI, expectedText: text)
        }
    }

    /// EAN-13 (12 or 13 digits) or UPC-A (11 or 12): the digits with their check digit, which
    /// must be right when given.
    static func checkedDigits(_ text: String, format: BarcodeFormat) throws(BarcodeInputError) -> String {
        if let bad = text.unicodeScalars.first(where: { !("0"..."9").contains($0) }) {
            throw .notDigits(format: format, character: String(bad))
        }
        let withoutCheck = format == .ean13 ? 12 : 11
        let digits = text.unicodeScalars.map { Int($0.value) - 48 }
        guard digits.count == withoutCheck || digits.count == withoutCheck + 1 else {
            throw .digitCount(format: format, count: digits.count)
        }
        let check = checkDigit(Array(digits.prefix(withoutCheck)))
        if digits.count == withoutCheck + 1, digits[withoutCheck] != check {
            throw .checkDigit(format: format, given: digits[withoutCheck], expected: check)
        }
        return String(text.prefix(withoutCheck)) + String(check)
    }

    /// The GS1 check digit (mod 10, weights 3 and 1 from the right) of `digits`.
    public static func checkDigit(_ digits: [Int]) -> Int {
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() { sum += digit * (index % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}
