// SPDX-License-Identifier: GPL-3.0-or-later

/// JSON string literals for the hand-written JSON lines (`saoma scan --json`, history export):
/// written by hand so fields keep their documented order.
public enum JSONString {
    /// A JSON string literal: quotes, backslashes, C0 and C1 control characters, DEL and line
    /// separators escaped, the rest UTF-8.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C1 controls and line separators too: the value stays exact, and no terminal acts on them.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
