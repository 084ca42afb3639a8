// SPDX-License-Identifier: GPL-3.0-or-later

/// JSON string literals for the hand-written JSON lines (`saoma scan --json`, history export):
/// written by hand so fields keep their documented order.
public enum JSONString {
    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest UTF-8.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
