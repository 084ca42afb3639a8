// SPDX-License-Identifier: GPL-3.0-or-later

/// Makes text safe to print on a terminal: control characters become visible symbols.
///
/// Minimal and local to the history command until SaomaCore's shared terminal-safety function
/// (branch `clisafe`) is on main. C0 controls show as their Control Pictures (U+2400…), DEL as ␡;
/// C1 controls, bidirectional overrides and isolates, and line/paragraph separators as `<U+XXXX>`.
enum HistoryTerminalText {
    static func safe(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F: out.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case 0x7F: out.append("\u{2421}")
            case 0x80...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out.append(contentsOf: "<U+\(String(scalar.value, radix: 16, uppercase: true))>".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
