// SPDX-License-Identifier: GPL-3.0-or-later

/// Text from outside (payloads, file names, option values) made safe to show: every control
/// character becomes a visible symbol, so nothing in it can drive a terminal or break a line.
///
/// Pure; safe from any thread. C0 controls show as their Control Pictures (U+2400…U+241F: `␛`
/// for ESC, `␊` for a line feed), DEL as `␡`, C1 controls (U+0080…U+009F, what a terminal reads
/// as CSI, OSC… when written as UTF-8), bidirectional overrides and line/paragraph separators as
/// `�`; bytes that are not UTF-8 (carried by `RawArgument`) as `\xNN`. Used by text-mode
/// `saoma scan`, `saoma --oneshot`, every line written to standard error and the result page.
public enum VisibleText {
    /// Longest option value echoed in a message, in characters (longer ones end in `…`).
    public static let echoLimit = 60

    /// `text` with its controls shown as symbols; `keepingLineBreaks` keeps line feeds and tabs
    /// (for multi-line labels), otherwise the result is always a single line.
    public static func of(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            switch s.value {
            case 0x0A where keepingLineBreaks, 0x09 where keepingLineBreaks: out.append(s)
            case 0x00...0x1F: out.append(Unicode.Scalar(0x2400 + s.value) ?? "\u{FFFD}")
            case 0x7F: out.append("\u{2421}")
            case 0x80...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: out.append("\u{FFFD}")
            default:
                if let byte = RawArgument.escapedByte(s) {
                    out.append(contentsOf: "\\x".unicodeScalars)
                    out.append(contentsOf: hexByte(byte).unicodeScalars)
                } else {
                    out.append(s)
                }
            }
        }
        return String(out)
    }

    /// `value` made visible and cut to `limit` Unicode scalars (an ellipsis marks the cut), for
    /// echoing what someone typed in a one-line message. Cut by `DisplayText` first, so the cost
    /// is bounded by `limit` whatever the value's length.
    public static func shortened(_ value: String, limit: Int = echoLimit) -> String {
        let (start, wasCut) = DisplayText.cut(value, DisplayText.Budget(scalars: limit, bytes: limit * 4))
        let visible = of(start).unicodeScalars
        guard wasCut || visible.count > limit else { return String(visible) }
        return String(String.UnicodeScalarView(visible.prefix(max(1, limit - 1)))) + "…"
    }

    /// One line naming a code for a terminal: its text made visible, or `binaryLabel` and the
    /// bytes in hex when the payload is not text.
    public static func line(for symbol: Symbol, binaryLabel: String) -> String {
        guard let text = symbol.text else { return binaryLabel + " " + Symbol.hex(symbol.bytes) }
        return of(text)
    }

    /// Whether `text` would be shown as it is (no control, separator or raw byte in it).
    public static func isPlain(_ text: String) -> Bool { of(text, keepingLineBreaks: false) == text }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
