// SPDX-License-Identifier: GPL-3.0-or-later

/// JSON string literals for the hand-written JSON lines (`saoma scan --json`, history export):
/// written by hand so fields keep their documented order.
public enum JSONString {
    /// A JSON string literal: quotes, backslashes, C0 and C1 control characters, DEL, line
    /// separators and bidirectional controls escaped, the rest UTF-8.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C1 controls, line separators and bidirectional controls too (an override or isolate
            // in a payload would reorder the rest of the line on a terminal): the value stays
            // exact, and no terminal acts on them.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || JSONString.escapedFormats.contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Format characters written as `\uXXXX`: the line and paragraph separators, and the
    /// bidirectional marks, embeddings, overrides and isolates (Unicode's Bidi_Control).
    static let escapedFormats: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
}
