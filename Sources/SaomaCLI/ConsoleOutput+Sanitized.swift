// SPDX-License-Identifier: GPL-3.0-or-later

extension ConsoleOutput {
    /// Longest outside text printed, in characters; longer text ends with "…".
    static let maximumOutsideText = 200

    /// `text` from outside (a PipeWire node's name, a daemon's message) made safe for a terminal:
    /// C0 controls as their visible control pictures (␛, ␊…), DEL and C1 controls as "�", on one
    /// line and at most `maximumOutsideText` characters.
    public static func sanitized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < maximumOutsideText else {
                out.append("…")
                break
            }
            switch scalar.value {
            case 0x00...0x1F: out.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F...0x9F: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
            count += 1
        }
        return String(out)
    }
}
