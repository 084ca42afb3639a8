// SPDX-License-Identifier: GPL-3.0-or-later

/// The file name offered when a generated code is saved, from what it holds: the kind and its
/// subject (`wifi-Home-Network.png`, `link-gnome.org.png`, `contact-Jane-Roe.svg`).
///
/// The subject is typed text, so it is made safe for a file name: letters and digits of any
/// script stay, as do `-`, `_`, `+`, `@` and single dots inside the name; everything else
/// (slashes, spaces, control and invisible characters, quotes…) becomes one `-`; the name never
/// starts with a dot or a dash, never holds `..`, and is cut at a character boundary to
/// `maximumStemBytes`. Pure.
public enum GeneratedFileName {
    /// The name used when the content gives none.
    public static let fallback = "qr-code"
    /// Longest name before the extension, in UTF-8 bytes (well under any file system's 255).
    public static let maximumStemBytes = 64

    /// `prefix-subject.ext` for a code of `template` about `subject` (`ext` is `fileExtension`
    /// without its dot).
    public static func make(template: ContentTemplate, subject: String, fileExtension: String) -> String {
        let cleaned = sanitized(subject)
        let stem = cleaned.isEmpty ? prefix(for: template) : prefix(for: template) + "-" + cleaned
        return fitted(stem) + "." + fileExtension
    }

    /// The word a name starts with for each template.
    public static func prefix(for template: ContentTemplate) -> String {
        switch template {
        case .text: "text"
        case .url: "link"
        case .wifi: "wifi"
        case .contact: "contact"
        case .email: "email"
        case .phone: "phone"
        case .sms: "sms"
        case .geo: "place"
        }
    }

    /// `subject` reduced to the characters a file name keeps, runs of the others as one `-`,
    /// with no leading or trailing `-`, `_` or `.` and no dot next to another or to a dash.
    public static func sanitized(_ subject: String) -> String {
        var out = ""
        for character in subject {
            // Invisible parts (controls, joiners, direction marks) never reach a name.
            let visible = String(String.UnicodeScalarView(character.unicodeScalars.filter { !isInvisible($0) }))
            let kept = visible.first.map { $0.isLetter || $0.isNumber || "_+@.".contains($0) } ?? false
            let next: Character = kept ? Character(visible) : "-"
            if let last = out.last, next == "-" || next == ".", last == "-" || last == "." {
                // A dot wins over a dash beside it: "a - .b" reads "a.b", "../" goes.
                if next == "." { out.removeLast() } else { continue }
            }
            out.append(next)
        }
        return trimmed(out)
    }

    /// `stem` cut to `maximumStemBytes` at a character boundary, trimmed again after the cut.
    private static func fitted(_ stem: String) -> String {
        var out = ""
        var bytes = 0
        for character in stem {
            let size = String(character).utf8.count
            guard bytes + size <= maximumStemBytes else { break }
            out.append(character)
            bytes += size
        }
        let result = trimmed(out)
        return result.isEmpty ? fallback : result
    }

    /// Controls, format characters (joiners, direction overrides), separators and unassigned code points.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator, .spaceSeparator: true
        default: false
        }
    }

    private static func trimmed(_ text: String) -> String {
        let edge: (Character) -> Bool = { $0 == "-" || $0 == "." || $0 == "_" }
        return String(text.drop(while: edge).reversed().drop(while: edge).reversed())
    }
}
