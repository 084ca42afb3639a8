// SPDX-License-Identifier: GPL-3.0-or-later

/// Readers for the `KEY:value;KEY:value;;` records of `WIFI:`, `MECARD:`, `MATMSG:` and `MEBKM:`.
extension ContentParser {
    /// One `KEY:value` field of a record; the key upper-cased, the value unescaped.
    struct Field: Equatable {
        var key: String
        var value: String
        /// The value as written, escapes kept (for splitting at unescaped separators).
        var rawValue = ""

        static func == (a: Field, b: Field) -> Bool { a.key == b.key && a.value == b.value }
    }

    /// Splits a record body at unescaped `;` and each field at its first `:`, undoing `\`
    /// escapes (`\;`, `\:`, `\,`, `\\`, `\"`; a lone trailing `\` stays as is).
    ///
    /// A value wrapped in unescaped double quotes loses the quotes (`S:"my net"`). Fields without
    /// a colon are dropped; an empty field ends the record (`;;`), except one empty field at the
    /// very start (`WIFI:;S:…`, as some generators write).
    static func recordFields(_ body: String) -> [Field] {
        var fields: [Field] = []
        var key = String.UnicodeScalarView()
        var value = String.UnicodeScalarView()
        var rawValue = String.UnicodeScalarView()
        var inValue = false
        var quoted = false
        var lastWasEscaped = false
        var escaping = false
        var empty = true
        var atStart = true

        func finish() {
            if inValue {
                if quoted, value.count >= 2, value.last == "\"", !lastWasEscaped {
                    value = String.UnicodeScalarView(value.dropFirst().dropLast())
                }
                fields.append(Field(key: String(key).uppercased(), value: String(value), rawValue: String(rawValue)))
            }
            key = String.UnicodeScalarView()
            value = String.UnicodeScalarView()
            rawValue = String.UnicodeScalarView()
            (inValue, quoted, lastWasEscaped, empty) = (false, false, false, true)
        }

        func append(_ s: Unicode.Scalar, escaped: Bool) {
            empty = false
            atStart = false
            if !inValue {
                if s == ":" && !escaped {
                    inValue = true
                } else {
                    key.append(s)
                }
                return
            }
            if value.isEmpty && s == "\"" && !escaped { quoted = true }
            if escaped { rawValue.append("\\") }
            rawValue.append(s)
            value.append(s)
            lastWasEscaped = escaped
        }

        for s in body.unicodeScalars {
            if escaping {
                escaping = false
                append(s, escaped: true)
            } else if s == "\\" {
                escaping = true
            } else if s == ";" {
                if empty && atStart {
                    atStart = false
                    continue
                }
                atStart = false
                if empty { return fields }
                finish()
            } else {
                append(s, escaped: false)
            }
        }
        if escaping { append("\\", escaped: true) }
        finish()
        return fields
    }

    /// Splits `raw` at each `separator` not escaped by a backslash (escapes kept in the parts).
    static func splitUnescaped(_ raw: String, at separator: Unicode.Scalar) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        for s in raw.unicodeScalars {
            if escaping {
                escaping = false
            } else if s == "\\" {
                escaping = true
            } else if s == separator {
                parts.append(String(current))
                current = String.UnicodeScalarView()
                continue
            }
            current.append(s)
        }
        parts.append(String(current))
        return parts
    }

    /// `raw` with each `\x` escape replaced by `escape(x)`, by default `x` itself (a lone trailing
    /// `\` stays).
    static func unescaped(_ raw: String, escape: (Unicode.Scalar) -> Unicode.Scalar = { $0 }) -> String {
        var out = String.UnicodeScalarView()
        var escaping = false
        for s in raw.unicodeScalars {
            if escaping {
                out.append(escape(s))
                escaping = false
            } else if s == "\\" {
                escaping = true
            } else {
                out.append(s)
            }
        }
        if escaping { out.append("\\") }
        return String(out)
    }

    /// The first value for `key` among `fields`, or `""`.
    static func first(_ key: String, in fields: [Field]) -> String {
        fields.first { $0.key == key }?.value ?? ""
    }

    /// Every non-empty value for `key` among `fields`, in order.
    static func all(_ key: String, in fields: [Field]) -> [String] {
        fields.filter { $0.key == key && !$0.value.isEmpty }.map(\.value)
    }

    /// `WIFI:T:WPA;S:name;P:secret;H:true;;` (fields in any order), with the enterprise fields
    /// `E:` (EAP method), `I:` (identity), `A:` (anonymous identity) and `PH2:` (phase 2).
    static func parseWiFi(_ body: String) -> ScannedContent? {
        let fields = recordFields(body)
        let ssid = first("S", in: fields)
        guard !ssid.isEmpty else { return nil }
        let password = first("P", in: fields)
        let hidden = ["true", "1", "yes"].contains(first("H", in: fields).lowercased())
        let method = first("E", in: fields).uppercased()
        var security = security(first("T", in: fields), password)
        if !method.isEmpty, security == .wpa { security = .eap }
        let enterprise =
            security == .eap
            ? EnterpriseLogin(
                method: method, identity: first("I", in: fields), anonymousIdentity: first("A", in: fields),
                phase2: first("PH2", in: fields).uppercased()) : nil
        let rawSSID = fields.first { $0.key == "S" }?.rawValue ?? ""
        let (shown, bytes) = ssidBytes(ssid, quoted: rawSSID.hasPrefix("\"") && rawSSID.hasSuffix("\"") && !rawSSID.hasSuffix("\\\""))
        return .wifi(
            WiFiNetwork(ssid: shown, ssidBytes: bytes, password: password, security: security, hidden: hidden, enterprise: enterprise))
    }

    /// The SSID's bytes and its shown name: an unquoted even-length run of hex digits spells the
    /// bytes (shown as text when they are UTF-8 without control characters), anything else is UTF-8.
    static func ssidBytes(_ ssid: String, quoted: Bool) -> (shown: String, bytes: [UInt8]) {
        let utf8 = Array(ssid.utf8)
        guard !quoted, utf8.count >= 2, utf8.count % 2 == 0, utf8.count <= 64, utf8.allSatisfy({ hexValue($0) != nil }) else {
            return (ssid, utf8)
        }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: utf8.count, by: 2) {
            guard let hi = hexValue(utf8[i]), let lo = hexValue(utf8[i + 1]) else { return (ssid, utf8) }
            bytes.append(hi << 4 | lo)
        }
        if let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            return (text, bytes)
        }
        return (ssid, bytes)
    }

    /// The security of a `T:` value; no value means an open network unless there is a password.
    static func security(_ type: String, _ password: String) -> WiFiNetwork.Security {
        let t = type.uppercased()
        switch t {
        case "NOPASS", "NONE", "OPEN": return .open
        case "WEP": return .wep
        case "SAE", "WPA3": return .sae
        case "": return password.isEmpty ? .open : .wpa
        case _ where t.contains("EAP"): return .eap
        default: return t.hasPrefix("WPA") || !password.isEmpty ? .wpa : .open
        }
    }

    /// `MECARD:N:Doe,John;TEL:…;EMAIL:…;ADR:…;URL:…;NOTE:…;ORG:…;;`.
    static func parseMECARD(_ body: String) -> ScannedContent? {
        let fields = recordFields(body)
        let rawName = fields.first { $0.key == "N" }?.rawValue ?? ""
        let nameParts = splitUnescaped(rawName, at: ",").map { trimmingSpace(unescaped($0)) }.filter { !$0.isEmpty }
        let contact = Contact(
            name: nameParts.reversed().joined(separator: " "),
            organization: first("ORG", in: fields),
            title: first("TITLE", in: fields),
            phones: all("TEL", in: fields) + all("TEL-AV", in: fields),
            emails: all("EMAIL", in: fields),
            urls: all("URL", in: fields),
            address: first("ADR", in: fields),
            note: first("NOTE", in: fields))
        return contact.isEmpty ? nil : .contact(contact)
    }

    /// `MATMSG:TO:a@example.org;SUB:Subject;BODY:Text;;`.
    static func parseMATMSG(_ body: String) -> ScannedContent? {
        let fields = recordFields(body)
        let to = first("TO", in: fields)
        guard !to.isEmpty else { return nil }
        return .email(EmailMessage(to: to, subject: first("SUB", in: fields), body: first("BODY", in: fields)))
    }

    /// `MEBKM:TITLE:Name;URL:http://…;;` (a bookmark) as its link; a URL without a scheme that
    /// starts with a host name (`example.org/path`) is an `https://` link.
    static func parseMEBKM(_ body: String) -> ScannedContent? {
        let url = first("URL", in: recordFields(body))
        if let scheme = schemePrefix(of: url), !startsWithHost(url) {
            return parseLink(url, scheme: scheme.lowercased(), rest: String(url.unicodeScalars.dropFirst(scheme.count + 1)))
        }
        if let web = bareWebAddress(url) { return .url(web) }
        return startsWithHost(url) && isLinkShaped(url) ? .url("https://" + url) : nil
    }

    /// Whether `text` starts with a host name of two or more labels ending in a top-level domain
    /// of letters (`example.org`, `a.b.example`), optionally a port, then `/`, `?`, `#` or the end.
    static func startsWithHost(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        let hostAndPort = scalars.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let parts = String(hostAndPort).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, !(1...5).contains(parts[1].count) || !parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) { return false }
        let labels = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard (2...8).contains(labels.count), let top = labels.last, top.count >= 2,
            top.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                }
        }
    }

    /// Decodes `%XX` escapes as UTF-8 (malformed escapes stay as written; invalid UTF-8 becomes
    /// U+FFFD); with `plusIsSpace`, `+` is a space (form encoding).
    static func percentDecoded(_ text: String, plusIsSpace: Bool = false) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "%"), i + 2 < bytes.count, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The `name=value` pairs of a query string (names lower-cased, values percent-decoded).
    static func queryItems(_ query: String, plusIsSpace: Bool = false) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecoded(String(parts[0]), plusIsSpace: plusIsSpace).lowercased()
            let value = parts.count > 1 ? percentDecoded(String(parts[1]), plusIsSpace: plusIsSpace) : ""
            return (name, value)
        }
    }
}

extension Contact {
    /// Whether no field holds anything.
    var isEmpty: Bool {
        name.isEmpty && organization.isEmpty && title.isEmpty && phones.isEmpty && emails.isEmpty && urls.isEmpty && address.isEmpty
            && note.isEmpty
    }
}
