// SPDX-License-Identifier: GPL-3.0-or-later

/// Readers for the URI forms: `mailto:` (RFC 6068), `tel:` (RFC 3966), `sms:` (RFC 5724) and
/// `SMSTO:`, `geo:` (RFC 5870).
extension ContentParser {
    /// `mailto:a@example.org,b@example.org?subject=Hi&body=…&cc=…&bcc=…` (`+` is not a space
    /// here); the recipients may all be in `to=`, `cc=` or `bcc=` (`mailto:?cc=a@example.org`).
    static func parseMailto(_ rest: String) -> ScannedContent? {
        let (path, query) = splitQuery(rest)
        func addresses(_ list: String) -> [String] { list.split(separator: ",").map { trimmingSpace(String($0)) }.filter { !$0.isEmpty } }
        var recipients = addresses(percentDecoded(path))
        var cc: [String] = []
        var bcc: [String] = []
        var subject = ""
        var body = ""
        for item in queryItems(query) {
            switch item.name {
            case "to": recipients += addresses(item.value)
            case "cc": cc += addresses(item.value)
            case "bcc": bcc += addresses(item.value)
            case "subject" where subject.isEmpty: subject = item.value
            case "body" where body.isEmpty: body = item.value
            default: break
            }
        }
        guard !(recipients + cc + bcc).isEmpty || !subject.isEmpty || !body.isEmpty else { return nil }
        guard (recipients + cc + bcc).allSatisfy(isPlausibleAddress) else { return nil }
        return .email(
            EmailMessage(
                to: recipients.joined(separator: ", "), subject: subject, body: body, cc: cc.joined(separator: ", "),
                bcc: bcc.joined(separator: ", ")))
    }

    /// Whether `address` looks like one e-mail address: something, `@`, something, no spaces.
    static func isPlausibleAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { !$0.isEmpty } && isLinkShaped(address)
    }

    /// `tel:+1-555-0100` (parameters such as `;ext=2` are kept).
    static func parseTel(_ rest: String) -> ScannedContent? {
        let number = trimmingSpace(percentDecoded(rest))
        guard isPhoneNumber(number) else { return nil }
        return .phone(number)
    }

    /// Whether `number` is a dialable string: digits with the usual separators (at least one
    /// digit, at most 64 characters), optionally followed by `;parameters` without spaces.
    static func isPhoneNumber(_ number: String) -> Bool {
        let scalars = number.unicodeScalars
        guard scalars.count <= 64 else { return false }
        let dialable = scalars.prefix { $0 != ";" }
        let parameters = scalars.dropFirst(dialable.count)
        let allowed = Set("0123456789+-.() /*#pPwW".unicodeScalars)
        return dialable.contains { ("0"..."9").contains($0) } && dialable.allSatisfy(allowed.contains)
            && (parameters.isEmpty || isLinkShaped(String(parameters)))
    }

    /// `SMSTO:+15550100:body text` (the body may hold further colons).
    static func parseSMSTO(_ rest: String) -> ScannedContent? {
        // Split on the scalar: a colon followed by a combining mark is one Character (found by fuzzing).
        let scalars = rest.unicodeScalars
        let colon = scalars.firstIndex(of: ":")
        let number = trimmingSpace(String(scalars[..<(colon ?? scalars.endIndex)]))
        guard isPhoneNumber(number) else { return nil }
        return .sms(SMSMessage(number: number, body: colon.map { String(scalars[scalars.index(after: $0)...]) } ?? ""))
    }

    /// `sms:+15550100?body=Hi%20there` (RFC 5724), also the common `sms:+15550100:body`; several
    /// recipients are separated by commas, and each recipient's `;parameters` (`;via=…`) are
    /// dropped: they are not part of the number.
    static func parseSMSURI(_ rest: String) -> ScannedContent? {
        let (path, query) = splitQuery(rest)
        if query.isEmpty, path.unicodeScalars.contains(":") { return parseSMSTO(path) }
        let recipients = percentDecoded(path).split(separator: ",", omittingEmptySubsequences: false).map { recipient in
            trimmingSpace(String(recipient.unicodeScalars.prefix { $0 != ";" }))
        }
        guard let first = recipients.first, recipients.allSatisfy(isPhoneNumber) else { return nil }
        let body = queryItems(query).first { $0.name == "body" }?.value ?? ""
        return .sms(SMSMessage(number: first, body: body, otherNumbers: Array(recipients.dropFirst())))
    }

    /// `geo:48.2010,16.3695,183;crs=wgs84;u=40?q=Vienna` (RFC 5870; only WGS-84).
    static func parseGeo(_ rest: String) -> ScannedContent? {
        let (path, query) = splitQuery(rest)
        let parameters = path.split(separator: ";", omittingEmptySubsequences: false)
        let coordinates = parameters[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard (2...3).contains(coordinates.count), let latitude = decimal(coordinates[0]), let longitude = decimal(coordinates[1]),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        var altitude: Double?
        if coordinates.count == 3 {
            guard let value = decimal(coordinates[2]) else { return nil }
            altitude = value
        }
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.lowercased() }
            if pair.first == "crs", pair.count == 2, pair[1] != "wgs84" { return nil }
        }
        let label = queryItems(query, plusIsSpace: true).first { $0.name == "q" }?.value ?? ""
        return .geo(GeoLocation(latitude: latitude, longitude: longitude, altitude: altitude, query: label))
    }

    /// A plain decimal (`-12.5`, `+3`, `7.`); rejects `nan`, `inf`, exponents and hex.
    static func decimal(_ text: String) -> Double? {
        var digits = 0
        var dots = 0
        for (i, s) in text.unicodeScalars.enumerated() {
            if ("0"..."9").contains(s) {
                digits += 1
            } else if s == "." {
                dots += 1
            } else if !(i == 0 && (s == "-" || s == "+")) {
                return nil
            }
        }
        guard digits > 0, digits <= 32, dots <= 1 else { return nil }
        return Double(text)
    }

    /// Splits at the first `?`: the part before and the query after (without any `#fragment`).
    static func splitQuery(_ text: String) -> (path: String, query: String) {
        let scalars = text.unicodeScalars
        guard let mark = scalars.firstIndex(of: "?") else { return (text, "") }
        let query = scalars[scalars.index(after: mark)...].prefix { $0 != "#" }
        return (String(scalars[..<mark]), String(query))
    }
}
