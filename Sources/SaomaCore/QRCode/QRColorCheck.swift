// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether a foreground/background pair makes a code people's phones can read.
public struct QRColorCheck: Hashable, Sendable {
    /// Below this WCAG contrast ratio a code is refused: the modules are all but invisible.
    ///
    /// 1.5:1 is the contrast of mid-grey on light grey; decoders that binarise with a local
    /// threshold may still read it on a perfect screen capture, but a print or a photo of a screen
    /// will not survive, so Saoma does not make such codes at all.
    public static let minimumRatio = 1.5

    /// Below this WCAG contrast ratio Saoma warns that phones may not read the code.
    ///
    /// 4.5:1 is WCAG's level AA for normal text. Phone scanners binarise camera frames that lose
    /// contrast to glare, screen brightness, ink spread and dim light; ISO/IEC 18004's print
    /// quality grading already marks a symbol contrast below 40 % (about 2.5:1 in luminance) as
    /// failing, and a camera image of a code loses roughly half of its contrast again. 4.5:1 leaves
    /// that margin while still allowing dark brand colours (navy, dark green, maroon on white).
    public static let recommendedRatio = 4.5

    public enum Verdict: Hashable, Sendable {
        /// Dark on light with enough contrast.
        case good
        /// Readable but below `recommendedRatio`: warn.
        case lowContrast
        /// Light modules on a dark background: Saoma reads it, many phone scanners do not: warn.
        case inverted
        /// Below `minimumRatio`: refuse.
        case invisible
    }

    public let foreground: RGBColor
    public let background: RGBColor
    /// The WCAG 2 contrast ratio of the pair, 1…21.
    public let ratio: Double
    /// Every verdict that applies (`good` alone when nothing is wrong).
    public let verdicts: Set<Verdict>

    public init(foreground: RGBColor, background: RGBColor) {
        self.foreground = foreground
        self.background = background
        ratio = RGBColor.contrastRatio(foreground, background)
        var found = Set<Verdict>()
        if ratio < QRColorCheck.minimumRatio {
            found.insert(.invisible)
        } else if ratio < QRColorCheck.recommendedRatio {
            found.insert(.lowContrast)
        }
        if foreground.relativeLuminance > background.relativeLuminance { found.insert(.inverted) }
        verdicts = found.isEmpty ? [.good] : found
    }

    /// Whether the pair must be refused.
    public var isRefused: Bool { verdicts.contains(.invisible) }

    /// The ratio as people read it, e.g. `3.2:1`.
    public var ratioText: String {
        let tenths = (ratio * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10):1"
    }
}
