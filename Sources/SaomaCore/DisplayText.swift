// SPDX-License-Identifier: GPL-3.0-or-later

/// Text from outside cut for display by a budget of Unicode scalars and UTF-8 bytes, before it
/// reaches a label, a row, a tooltip, a toast or an accessible name.
///
/// Pure; safe from any thread; its cost is bounded by the budget, never by the text's length.
/// Cutting by `Character`s cannot bound anything: one character can be a base letter with tens of
/// thousands of combining marks (24 KB of them kept the History page's UI thread busy for 21 s,
/// the cost growing with the square of the length, in Swift's grapheme breaking and in Pango's
/// shaping alike). So the text is walked scalar by scalar and stops at the budget; and after
/// `maximumMarksInARow` extending scalars in a row (combining marks, joiners, variation
/// selectors, tags, emoji modifiers: what grows one character) the rest of that run is dropped,
/// as the stream-safe text format of UAX #15 bounds such runs (it allows 30), so a character never
/// grows into a tower that covers the lines around it. `isCut` says something was left out (the
/// caller shows `…`; copying still copies everything).
public enum DisplayText {
    /// How much text one place shows.
    public struct Budget: Hashable, Sendable {
        /// Most Unicode scalars shown.
        public var scalars: Int
        /// Most UTF-8 bytes shown.
        public var bytes: Int

        /// A one-line title, row, toast, tooltip or accessible name: 200 scalars, 800 bytes.
        public static let line = Budget(scalars: 200, bytes: 800)
        /// A field's value on the result page (an address, a note): 2000 scalars, 8000 bytes.
        public static let field = Budget(scalars: 2000, bytes: 8000)
        /// The text of a text result: 8000 scalars, 32 000 bytes.
        public static let page = Budget(scalars: 8000, bytes: 32000)
    }

    /// Most extending scalars kept after one another (the rest of the run is dropped).
    public static let maximumMarksInARow = 16

    /// The start of `text` within `budget`, and whether anything was left out.
    public static func cut(_ text: String, _ budget: Budget) -> (text: String, isCut: Bool) {
        var out = String.UnicodeScalarView()
        var scalars = 0
        var bytes = 0
        var marksInARow = 0
        var isCut = false
        // Dropped marks are looked at too: at most this many scalars in all.
        var visitsLeft = budget.scalars * 4
        for scalar in text.unicodeScalars {
            visitsLeft -= 1
            guard visitsLeft >= 0 else {
                isCut = true
                break
            }
            if extends(scalar) {
                marksInARow += 1
                if marksInARow > maximumMarksInARow {
                    isCut = true
                    continue
                }
            } else {
                marksInARow = 0
            }
            let size = UTF8.width(scalar)
            guard scalars < budget.scalars, bytes + size <= budget.bytes else {
                isCut = true
                break
            }
            out.append(scalar)
            scalars += 1
            bytes += size
        }
        return (String(out), isCut)
    }

    /// `text` cut to `budget`, with `…` after it when something was left out.
    public static func shown(_ text: String, _ budget: Budget = .line) -> String {
        let (start, isCut) = cut(text, budget)
        return isCut ? start + "…" : start
    }

    /// Whether `scalar` extends the character before it rather than starting one: combining
    /// marks (Mn, Mc, Me), the zero-width joiner and non-joiner, variation selectors, tag
    /// characters and emoji skin-tone modifiers.
    public static func extends(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
        case 0...0x02FF: return false
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }
}
