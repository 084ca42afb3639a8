// SPDX-License-Identifier: GPL-3.0-or-later

extension QRMatrix {
    /// ANSI escape that selects black text on a white background, whatever the terminal's theme.
    public static let terminalColorsOn = "\u{1B}[30;47m"
    /// ANSI escape that restores the terminal's colours.
    public static let terminalColorsOff = "\u{1B}[0m"

    /// The code as text for a terminal: each character cell shows two module rows with Unicode half blocks.
    ///
    /// Dark modules are drawn with block characters in black on a white background (forced with
    /// ANSI colours when `ansiColors` is true, so a dark terminal theme cannot invert the code).
    /// Without colours the blocks are drawn in the terminal's text colour, which suits dark text on
    /// a light background. Every line ends with a newline.
    public func terminalText(quietZone: Int, ansiColors: Bool = true) -> String {
        let side = sizeInModules(quietZone: quietZone)
        var out = ""
        var y = 0
        while y < side {
            if ansiColors { out += QRMatrix.terminalColorsOn }
            for x in 0..<side {
                let top = isDark(x: x - quietZone, y: y - quietZone)
                let bottom = y + 1 < side && isDark(x: x - quietZone, y: y + 1 - quietZone)
                switch (top, bottom) {
                case (true, true): out += "\u{2588}"
                case (true, false): out += "\u{2580}"
                case (false, true): out += "\u{2584}"
                case (false, false): out += " "
                }
            }
            if ansiColors { out += QRMatrix.terminalColorsOff }
            out += "\n"
            y += 2
        }
        return out
    }
}
