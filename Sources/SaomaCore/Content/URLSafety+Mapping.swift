// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The host as browsers map it before looking it up (UTS #46), and the characters that only
/// pose as the separators of a link.
extension URLSafety {
    /// Characters that look like `/` or `.` (or map to them, or to `@ : ? # \`) without being
    /// them: in a host they make `bank.example⁄login.evil.example` read as a bank's page.
    static let separatorLookalikes: Set<Unicode.Scalar> = [
        // Slashes.
        "\u{2044}", "\u{2215}", "\u{29F8}", "\u{2571}", "\u{FF0F}", "\u{1735}", "\u{0338}", "\u{29F5}", "\u{FE68}", "\u{FF3C}",
        // Dots.
        "\u{00B7}", "\u{0387}", "\u{2022}", "\u{2024}", "\u{2027}", "\u{2219}", "\u{22C5}", "\u{30FB}", "\u{FF65}", "\u{0701}",
        "\u{0702}", "\u{A60E}", "\u{0589}", "\u{06D4}", "\u{3002}", "\u{FF0E}", "\u{FF61}", "\u{FE52}", "\u{2E31}", "\u{2E33}",
        "\u{A4F8}", "\u{1427}", "\u{2E3C}",
    ]

    /// Characters UTS #46 maps to nothing (soft hyphen, zero-width space, variation selectors…).
    static func isIgnoredByIDNA(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0xAD, 0x34F, 0x180B...0x180D, 0x180F, 0x200B, 0x2060, 0x2064, 0xFE00...0xFE0F, 0xFEFF, 0x1BCA0...0x1BCA3, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    /// Whether `s` poses as a separator: listed, or a non-ASCII character whose compatibility
    /// form holds one (`⒈` is `1.`, `／` is `/`, `＠` is `@`).
    static func isSeparatorLookalike(_ s: Unicode.Scalar) -> Bool {
        if separatorLookalikes.contains(s) { return true }
        guard !s.isASCII else { return false }
        return String(s).precomposedStringWithCompatibilityMapping.unicodeScalars.contains { "./\\@:?#".unicodeScalars.contains($0) }
    }

    /// The host as browsers look it up (UTS #46 mapping, as the WHATWG URL standard applies it):
    /// percent escapes decoded, ignored characters removed, compatibility forms and case folded
    /// (NFKC: `ＡＢＣ` is `abc`, `⒈` is `1.`), ideographic full stops as dots, without one
    /// trailing dot.
    static func normalizedHost(_ raw: String) -> String {
        let decoded = ContentParser.percentDecoded(raw)
        let kept = String(String.UnicodeScalarView(decoded.unicodeScalars.filter { !isIgnoredByIDNA($0) }))
        var host = kept.precomposedStringWithCompatibilityMapping.lowercased().precomposedStringWithCompatibilityMapping
        host = String(String.UnicodeScalarView(host.unicodeScalars.map { ["\u{3002}", "\u{FF0E}", "\u{FF61}"].contains($0) ? "." : $0 }))
        if host.count > 1, host.hasSuffix(".") { host.removeLast() }
        return host
    }

    /// Whether the authority hides an `@` as `%40`: decoded later by some handlers, it can
    /// move where the user info ends.
    static func hasEncodedAt(_ authority: String) -> Bool { authority.lowercased().contains("%40") }
}
