// SPDX-License-Identifier: GPL-3.0-or-later

/// The writing system of a letter, as far as homograph checks need it (by Unicode block ranges).
public enum UnicodeScript: String, Hashable, Sendable, CaseIterable {
    case latin = "Latin"
    case greek = "Greek"
    case cyrillic = "Cyrillic"
    case armenian = "Armenian"
    case hebrew = "Hebrew"
    case arabic = "Arabic"
    case devanagari = "Devanagari"
    case thai = "Thai"
    case georgian = "Georgian"
    case cherokee = "Cherokee"
    case hangul = "Hangul"
    case hiragana = "Hiragana"
    case katakana = "Katakana"
    case bopomofo = "Bopomofo"
    case han = "Han"
    /// A letter from a script not listed here.
    case other = "Other"

    /// Script sets that are normally written together in one label (Chrome's "highly restrictive" rule).
    static let allowedMixtures: [Set<UnicodeScript>] = [
        [.latin, .han, .hiragana, .katakana], [.latin, .han, .bopomofo], [.latin, .han, .hangul],
    ]

    /// Cyrillic letters that look like Latin ones (Chrome's whole-script confusable set).
    static let cyrillicLookalikes = Set("асԁеһіјӏорԛѕԝхуъьҽпгѵѡ".unicodeScalars)
    /// Greek letters that look like Latin ones.
    static let greekLookalikes = Set("αικνορτυχ".unicodeScalars)

    /// The script of `s`, or `nil` for characters shared by all scripts (digits, hyphen,
    /// punctuation, combining marks, symbols).
    public static func of(_ s: Unicode.Scalar) -> UnicodeScript? {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x250...0x2AF, 0x1D00...0x1D7F, 0x1E00...0x1EFF,
            0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
            return .latin
        case 0x30FB, 0x30FC: return nil
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x531...0x58F: return .armenian
        case 0x591...0x5FF, 0xFB1D...0xFB4F: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
        case 0x900...0x97F: return .devanagari
        case 0xE00...0xE7F: return .thai
        case 0x10A0...0x10FF, 0x2D00...0x2D2F: return .georgian
        case 0x13A0...0x13FF, 0xAB70...0xABBF: return .cherokee
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
        case 0x3041...0x309F: return .hiragana
        case 0x30A0...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .katakana
        case 0x3100...0x312F, 0x31A0...0x31BF: return .bopomofo
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F:
            return .han
        default:
            let props = s.properties
            return props.isAlphabetic && !props.isDiacritic && props.generalCategory != .nonspacingMark ? .other : nil
        }
    }

    /// The scripts used in `label`, in order of first use.
    public static func scripts(in label: String) -> [UnicodeScript] {
        var seen: [UnicodeScript] = []
        for s in label.unicodeScalars {
            if let script = of(s), !seen.contains(script) { seen.append(script) }
        }
        return seen
    }

    /// Homograph warnings for one Unicode label: scripts mixed, or a Latin look-alike spelled
    /// entirely in Cyrillic or Greek.
    static func labelWarnings(_ label: String) -> [URLAnalysis.Warning] {
        let used = scripts(in: label)
        if used.count > 1, !allowedMixtures.contains(where: { $0.isSuperset(of: used) }) {
            return [.mixedScripts(label: label, scripts: used)]
        }
        let letters = label.unicodeScalars.filter { of($0) != nil }
        if used == [.cyrillic], letters.allSatisfy(cyrillicLookalikes.contains) {
            return [.confusableLetters(label: label, script: .cyrillic)]
        }
        if used == [.greek], letters.allSatisfy(greekLookalikes.contains) { return [.confusableLetters(label: label, script: .greek)] }
        return []
    }
}
