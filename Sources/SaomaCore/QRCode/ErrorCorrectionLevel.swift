// SPDX-License-Identifier: GPL-3.0-or-later

/// A QR code's error-correction level: the share of codewords that may be damaged and still read.
public enum ErrorCorrectionLevel: String, CaseIterable, Sendable, Hashable, Comparable {
    /// About 7 % recoverable.
    case low = "L"
    /// About 15 % recoverable.
    case medium = "M"
    /// About 25 % recoverable.
    case quartile = "Q"
    /// About 30 % recoverable.
    case high = "H"

    /// Reads `L`, `M`, `Q`, `H` (case-insensitive) or the names `low`, `medium`, `quartile`, `high`.
    public init?(userName: String) {
        switch userName.lowercased() {
        case "l", "low": self = .low
        case "m", "medium": self = .medium
        case "q", "quartile": self = .quartile
        case "h", "high": self = .high
        default: return nil
        }
    }

    /// 0 for L up to 3 for H.
    public var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    public static func < (a: ErrorCorrectionLevel, b: ErrorCorrectionLevel) -> Bool { a.rank < b.rank }
}
