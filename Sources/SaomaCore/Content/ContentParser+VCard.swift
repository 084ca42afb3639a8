// SPDX-License-Identifier: GPL-3.0-or-later

/// The vCard reader (`BEGIN:VCARD`, versions 2.1, 3.0 and 4.0).
extension ContentParser {
    /// One content line: `[group.]NAME[;PARAM=…]:value`, the name upper-cased, the value raw.
    struct VCardLine {
        var name: String
        var parameters: [String]
        var value: String

        /// Whether the value is quoted-printable (vCard 2.1).
        var isQuotedPrintable: Bool {
            parameters.contains { $0.uppercased() == "ENCODING=QUOTED-PRINTABLE" || $0.uppercased() == "QUOTED-PRINTABLE" }
        }
    }

    /// A contact from a vCard: FN (else N), ORG, TITLE, TEL, EMAIL, URL, ADR, NOTE.
    static func parseVCard(_ text: String) -> ScannedContent? {
        let lines = vCardLines(text)
        guard let begin = lines.first, begin.name == "BEGIN", begin.value.uppercased() == "VCARD" else { return nil }
        var contact = Contact(name: "")
        var structuredName = ""
        for line in lines.dropFirst() {
            if line.name == "END" { break }
            let value = line.isQuotedPrintable ? quotedPrintableDecoded(line.value) : line.value
            switch line.name {
            case "FN" where contact.name.isEmpty: contact.name = vCardText(value)
            case "N" where structuredName.isEmpty: structuredName = displayName(components(value))
            case "ORG" where contact.organization.isEmpty:
                contact.organization = components(value).filter { !$0.isEmpty }.joined(separator: ", ")
            case "TITLE" where contact.title.isEmpty: contact.title = vCardText(value)
            case "TEL": contact.phones.append(stripping("tel:", from: vCardText(value)))
            case "EMAIL": contact.emails.append(stripping("mailto:", from: vCardText(value)))
            case "URL": contact.urls.append(vCardText(value))
            case "ADR" where contact.address.isEmpty:
                contact.address = components(value).map { trimmingSpace($0) }.filter { !$0.isEmpty }.joined(separator: ", ")
            case "NOTE" where contact.note.isEmpty: contact.note = vCardText(value)
            default: break
            }
        }
        if contact.name.isEmpty { contact.name = structuredName }
        contact.phones = contact.phones.filter { !$0.isEmpty }
        contact.emails = contact.emails.filter { !$0.isEmpty }
        contact.urls = contact.urls.filter { !$0.isEmpty }
        return contact.isEmpty ? nil : .contact(contact)
    }

    /// The content lines of a vCard, unfolded (a line starting with a space or tab continues the
    /// one before; a quoted-printable line ending in `=` continues on the next).
    static func vCardLines(_ text: String) -> [VCardLine] {
        let physical = physicalLines(text)
        var logical: [String.UnicodeScalarView] = []
        var continuesQuotedPrintable = false
        var currentIsQuotedPrintable = false
        for line in physical {
            let scalars = line.unicodeScalars
            if !logical.isEmpty, let first = scalars.first, first == " " || first == "\t" {
                logical[logical.count - 1].append(contentsOf: scalars.dropFirst())
            } else if continuesQuotedPrintable, !logical.isEmpty {
                logical[logical.count - 1].removeLast()
                logical[logical.count - 1].append(contentsOf: scalars)
            } else if !line.isEmpty {
                logical.append(scalars)
                let head = String(String.UnicodeScalarView(scalars.prefix { $0 != ":" }.prefix(256)))
                currentIsQuotedPrintable = head.uppercased().contains("QUOTED-PRINTABLE")
            }
            continuesQuotedPrintable = currentIsQuotedPrintable && logical.last?.last == "="
        }
        return logical.map(String.init).compactMap(vCardLine)
    }

    /// The lines of `text` split at every line break (LF, CR or CRLF); the text after the last
    /// break is the last line, empty when the text ends with a break.
    static func physicalLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for s in text.unicodeScalars {
            if s == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = s == "\r"
            if s == "\n" || s == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(s)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// Splits a content line at the first colon outside double quotes.
    static func vCardLine(_ line: String) -> VCardLine? {
        let scalars = line.unicodeScalars
        var inQuotes = false
        var colon: String.UnicodeScalarView.Index?
        for i in scalars.indices {
            if scalars[i] == "\"" { inQuotes.toggle() }
            if scalars[i] == ":" && !inQuotes {
                colon = i
                break
            }
        }
        guard let colon else { return nil }
        let head = String(scalars[..<colon]).split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let qualified = head[0].uppercased()
        let name = qualified.split(separator: ".").last.map(String.init) ?? qualified
        return VCardLine(name: name, parameters: Array(head.dropFirst()), value: String(scalars[scalars.index(after: colon)...]))
    }

    /// Undoes vCard text escapes: `\n` and `\N` are line breaks, `\,` `\;` `\\` `\:` the characters.
    static func vCardText(_ value: String) -> String {
        trimmingSpace(unescaped(value) { $0 == "n" || $0 == "N" ? "\n" : $0 })
    }

    /// The components of a structured value (N, ADR, ORG) split at unescaped `;`, each unescaped.
    static func components(_ value: String) -> [String] {
        splitUnescaped(value, at: ";").map(vCardText)
    }

    /// "Prefix Given Additional Family Suffix" from N's components (family; given; additional; prefix; suffix).
    static func displayName(_ parts: [String]) -> String {
        func part(_ i: Int) -> String { i < parts.count ? parts[i].replacingCommas() : "" }
        return [part(3), part(1), part(2), part(0), part(4)].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `value` without a leading `prefix` (case-insensitive).
    static func stripping(_ prefix: String, from value: String) -> String {
        value.lowercased().hasPrefix(prefix) ? String(value.unicodeScalars.dropFirst(prefix.unicodeScalars.count)) : value
    }

    /// Decodes quoted-printable (`=C3=A9`, soft breaks already joined) as UTF-8.
    static func quotedPrintableDecoded(_ value: String) -> String {
        let bytes = Array(value.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "="), i + 2 < bytes.count, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// Several values of one N component (`Anna,Maria`) joined with spaces.
    fileprivate func replacingCommas() -> String {
        split(separator: ",").map { ContentParser.trimmingSpace(String($0)) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
