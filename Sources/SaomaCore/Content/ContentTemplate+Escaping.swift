// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ContentTemplates {
    /// RFC 3986 unreserved characters: the only ones left as they are in percent-encoded components.
    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// Characters an RFC 6068 `mailto:` address keeps as they are: unreserved, `@` and the allowed sub-delimiters.
    static let mailtoAddressCharacters = unreserved.union("@!$'()*+,;:=".utf8)

    /// Backslash before `\ ; , : "` (the `WIFI:` notation's special characters).
    public static func escapeWiFi(_ value: String) -> String { backslashEscape(value, special: "\\;,:\"") }

    /// Backslash before `\ ; , :` (MECARD's separators) and `"` (readers unwrap a quoted value).
    public static func escapeMECARD(_ value: String) -> String { backslashEscape(value, special: "\\;,:\"") }

    /// RFC 2426 text escaping: `\\`, `\;`, `\,`, and line breaks (CRLF, CR or LF) as `\n`.
    ///
    /// Scalar by scalar, as readers split: a `;` carrying a combining mark is still a separator.
    public static func escapeVCard(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\".unicodeScalars
            case ";": out += "\\;".unicodeScalars
            case ",": out += "\\,".unicodeScalars
            case "\n" where previousWasCR: break
            case "\n", "\r": out += "\\n".unicodeScalars
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// `value`'s UTF-8 bytes, those outside `allowed` written as `%XX` (upper-case hex).
    public static func percentEncode(_ value: String, allowing allowed: Set<UInt8>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        for byte in value.utf8 {
            if allowed.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A backslash before every scalar of `value` that is in `special` (scalars, not characters:
    /// a `;` followed by a combining mark is one character but still a separator to readers).
    static func backslashEscape(_ value: String, special: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if special.unicodeScalars.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }

    /// Every line break (LF, CR or CRLF) as CRLF, as RFC 6068 requires in a `mailto:` body.
    static func crlfLineBreaks(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\r\n", "\n", "\r": out += "\r\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// Whether `value` starts with a URI scheme (`letter *(letter / digit / + - .)` then `:`), e.g. `https:`.
    ///
    /// `example.org:8080/x` is a host and port, not a scheme: digits up to the end, `/`, `?` or `#` make a port.
    static func hasScheme(_ value: String) -> Bool {
        guard let colon = value.firstIndex(of: ":") else { return false }
        let scheme = value[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return false }
        let rest = value[value.index(after: colon)...]
        let port = rest.prefix { $0.isASCII && $0.isNumber }
        guard !port.isEmpty else { return true }
        let next = rest.dropFirst(port.count).first
        return !(next == nil || "/?#".contains(next ?? "/"))
    }

    /// A WPA/WPA3 passphrase: 8…63 printable characters, or exactly 64 hex digits (a raw key).
    static func isValidPassphrase(_ value: String) -> Bool {
        if value.count == 64, value.allSatisfy({ $0.isASCII && $0.isHexDigit }) { return true }
        return (8...63).contains(value.count)
    }

    /// `number` without whitespace, checked to be digits, `+`, `*`, `#` and visual separators `- . ( )`.
    static func phoneNumber(_ number: String, field: ContentField) throws(ContentTemplateError) -> String {
        let compact = String(number.filter { !$0.isWhitespace })
        guard !compact.isEmpty else { throw .missingField(field) }
        let allowed = Set("0123456789+*#-.()")
        guard compact.allSatisfy({ allowed.contains($0) }), compact.contains(where: \.isNumber) else {
            throw .invalidField(field: field, value: number, reason: .invalidCharacters)
        }
        return compact
    }

    /// A coordinate as plain decimal digits (never exponent notation), exactly as Swift prints the double when possible.
    static func decimal(_ value: Double) -> String {
        let shortest = "\(value)"
        if !shortest.contains("e") {
            return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
        }
        var fixed = String(format: "%.12f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }
}

extension ContentTemplates {
    /// The `S:` value of a `WIFI:` code: hex when the SSID's bytes are not its UTF-8 text, in
    /// double quotes when it would otherwise read as hex (`"cafe"`), else escaped as it is.
    static func wifiSSID(_ network: WiFiNetwork) -> String {
        if network.ssidBytes != Array(network.ssid.utf8) {
            return network.ssidBytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        }
        let utf8 = Array(network.ssid.utf8)
        let looksHex = utf8.count >= 2 && utf8.count % 2 == 0 && utf8.allSatisfy { ContentParser.hexValue($0) != nil }
        return looksHex ? "\"" + escapeWiFi(network.ssid) + "\"" : escapeWiFi(network.ssid)
    }

    /// An `otpauth://` Key URI for `key` (label `issuer:account`, every parameter written).
    public static func otpauth(_ key: OTPKey) -> String {
        let labelCharacters = unreserved.union("@".utf8)
        var label = percentEncode(key.account, allowing: labelCharacters)
        if !key.issuer.isEmpty { label = percentEncode(key.issuer, allowing: labelCharacters) + ":" + label }
        var query = ["secret=" + key.secretBase32]
        if !key.issuer.isEmpty { query.append("issuer=" + percentEncode(key.issuer, allowing: unreserved)) }
        query += ["algorithm=" + key.algorithm.rawValue, "digits=\(key.digits)"]
        if let period = key.period { query.append("period=\(period)") }
        if let counter = key.counter { query.append("counter=\(counter)") }
        return "otpauth://\(key.kind.rawValue)/\(label)?" + query.joined(separator: "&")
    }
}
