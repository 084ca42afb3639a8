// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// The words for the link warnings of `URLAnalysis`.
extension ResultPage {
    /// One sentence describing `warning` to the person about to open the link.
    static func describe(_ warning: URLAnalysis.Warning) -> String {
        switch warning {
        case .dangerousScheme(let scheme):
            return tr(
                "This is a “{scheme}:” link: it can run code or reach files and apps on this computer. Saoma will not open it.",
                ["scheme": scheme])
        case .unusualScheme(let scheme):
            return tr("This is not a web link: opening it hands a “{scheme}:” link to another app.", ["scheme": scheme])
        case .unencrypted:
            return tr("The connection is not encrypted (http).")
        case .ipAddressHost(let host):
            return tr("The link goes to a bare IP address ({host}), not to a named site.", ["host": visible(host, multiline: false)])
        case .internationalHost(let host):
            return tr(
                "The address uses international characters: {host}. Check that it is the site you expect.",
                ["host": visible(host, multiline: false)])
        case .mixedScripts(let label, let scripts):
            return tr(
                "“{name}” mixes letters from different alphabets ({scripts}), a common trick to imitate another site.",
                ["name": visible(label, multiline: false), "scripts": scripts.map(scriptName).joined(separator: ", ")])
        case .confusableLetters(let label, let script):
            return tr(
                "“{name}” is written in {script} letters that look like Latin ones; it may imitate another site.",
                ["name": visible(label, multiline: false), "script": scriptName(script)])
        case .malformedPunycode(let label):
            return tr("The address contains a malformed international name ({name}).", ["name": visible(label, multiline: false)])
        case .userInfo(let userInfo):
            return tr(
                "The link starts with “{prefix}” before an “@”: that part is not where it goes.",
                ["prefix": visible(userInfo, multiline: false)])
        case .invisibleCharacters:
            return tr("The link contains invisible or direction-changing characters that can disguise it.")
        case .separatorLookalike(let characters):
            return tr(
                "The address contains “{characters}”, which looks like a slash or a dot but is not one: the site is not the one it seems.",
                ["characters": visible(characters, multiline: false)])
        case .encodedAt:
            return tr("The address hides an “@” written as “{encoded}”, a trick to disguise where the link goes.", ["encoded": "%40"])
        case .veryLong(let length):
            return trn(
                "The link is very long ({count} character); check where it goes.",
                "The link is very long ({count} characters); check where it goes.", length)
        }
    }

    /// The translated name of a writing system.
    static func scriptName(_ script: UnicodeScript) -> String {
        switch script {
        case .latin: return tr("Latin")
        case .greek: return tr("Greek")
        case .cyrillic: return tr("Cyrillic")
        case .armenian: return tr("Armenian")
        case .hebrew: return tr("Hebrew")
        case .arabic: return tr("Arabic")
        case .devanagari: return tr("Devanagari")
        case .thai: return tr("Thai")
        case .georgian: return tr("Georgian")
        case .cherokee: return tr("Cherokee")
        case .hangul: return tr("Hangul")
        case .hiragana: return tr("Hiragana")
        case .katakana: return tr("Katakana")
        case .bopomofo: return tr("Bopomofo")
        case .han: return tr("Han")
        case .other: return tr("other")
        }
    }
}
