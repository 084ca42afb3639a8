// SPDX-License-Identifier: GPL-3.0-or-later

/// The most a QR code can hold, for error messages and the generator's live counter.
public enum QRCapacity {
    /// The largest version.
    public static let maximumVersion = 40

    /// Data codewords of a version-40 symbol per level (ISO/IEC 18004 table 7).
    static func dataCodewordsOfLargestVersion(_ level: ErrorCorrectionLevel) -> Int {
        switch level {
        case .low: 2956
        case .medium: 2334
        case .quartile: 1666
        case .high: 1276
        }
    }

    /// The most bytes one code holds in 8-bit mode at `level`, with or without the UTF-8 ECI designator.
    ///
    /// 8-bit mode costs a 4-bit mode indicator and a 16-bit count; the ECI designator another 12 bits.
    public static func maximumBytes(level: ErrorCorrectionLevel, withECI: Bool) -> Int {
        let bits = dataCodewordsOfLargestVersion(level) * 8 - 4 - 16 - (withECI ? 12 : 0)
        return bits / 8
    }

    /// The most bytes `payload`'s kind of content holds at `level`.
    public static func maximumBytes(for payload: QRPayload, level: ErrorCorrectionLevel) -> Int {
        maximumBytes(level: level, withECI: payload.usesUTF8ECI)
    }
}
