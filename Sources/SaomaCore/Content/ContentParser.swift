// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads what a code's text means: a link, a Wi-Fi network, a contact, an e-mail, a phone number,
/// a text message, a place, an event, a login-code key, a payment, a product number, a boarding
/// pass, a driver's licence or ID card, or plain text (rail tickets are binary: `parse(_: Symbol)`).
///
/// Pure and total: any input gives a value, malformed or hostile payloads fall back to `.text`.
/// Safe to call from any thread.
public enum ContentParser {
    /// Longest payload, in UTF-8 bytes, that is parsed; longer ones are shown as text as they are.
    ///
    /// A QR code holds at most 7089 characters; this leaves room for concatenated codes.
    public static let maximumParsedLength = 64 * 1024

    /// Schemes recognised as links even without `//` after the colon (`mailto:`, `tel:`, `sms:`
    /// and `geo:` have their own cases).
    static let bareSchemes: Set<String> = [
        "http", "https", "javascript", "vbscript", "data", "file", "intent", "about", "blob", "market", "magnet",
        "bitcoin", "matrix", "xmpp", "urn", "facetime", "skype", "tg", "whatsapp",
    ]

    /// What `text` means, read from a code of `symbology` when it is known: the retail
    /// symbologies (EAN/UPC/ISBN) carry product numbers, which other codes' digits are not.
    public static func parse(_ text: String, symbology: Symbology?) -> ScannedContent {
        if let symbology, let product = ProductCode(text: text, symbology: symbology) { return .product(product) }
        return parse(text)
    }

    /// What `text` means, whatever code carried it.
    public static func parse(_ text: String) -> ScannedContent {
        guard text.utf8.count <= maximumParsedLength else { return .text(text) }
        if let document = parseDocument(text) { return document }
        let trimmed = trimmingSpace(text)
        guard let prefix = schemePrefix(of: trimmed) else {
            if let url = bareWebAddress(trimmed) { return .url(url) }
            let firstLine = String(String.UnicodeScalarView(trimmed.unicodeScalars.prefix { $0 != "\n" && $0 != "\r" }.prefix(4)))
            if firstLine == "BCD" { return parseEPC(trimmed) ?? .text(text) }
            if firstLine == "SPC" { return parseSwissQR(trimmed) ?? .text(text) }
            return .text(text)
        }
        let rest = String(trimmed.unicodeScalars.dropFirst(prefix.count + 1))
        let parsed: ScannedContent?
        switch prefix.lowercased() {
        case "wifi": parsed = parseWiFi(rest)
        case "mecard": parsed = parseMECARD(rest)
        case "begin" where rest.lowercased().hasPrefix("vcard"): parsed = parseVCard(trimmed)
        case "begin" where rest.lowercased().hasPrefix("vcalendar") || rest.lowercased().hasPrefix("vevent"):
            parsed = parseICalendar(trimmed)
        case "otpauth": parsed = parseOTPAuth(rest)
        case "mailto": parsed = parseMailto(rest)
        case "matmsg": parsed = parseMATMSG(rest)
        case "mebkm": parsed = parseMEBKM(rest)
        case "tel": parsed = parseTel(rest)
        case "smsto", "mmsto": parsed = parseSMSTO(rest)
        case "sms", "mms": parsed = parseSMSURI(rest)
        case "geo": parsed = parseGeo(rest)
        default: parsed = parseLink(trimmed, scheme: prefix.lowercased(), rest: rest)
        }
        return parsed ?? .text(text)
    }

    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trimmingSpace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{0B}" || s == "\u{0C}"
    }

    /// The scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`) before the first
    /// colon, or `nil` when the text does not start with one.
    static func schemePrefix(of text: String) -> String? {
        var scheme = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if s == ":" { return scheme.isEmpty ? nil : String(scheme) }
            let isLetter = ("a"..."z").contains(s) || ("A"..."Z").contains(s)
            let isOther = ("0"..."9").contains(s) || s == "+" || s == "-" || s == "."
            guard isLetter || (!scheme.isEmpty && isOther), scheme.count < 32 else { return nil }
            scheme.append(s)
        }
        return nil
    }

    /// Whether `text` could be a link: not empty, no spaces, no control characters.
    static func isLinkShaped(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// `scheme://…` or a known bare scheme (`javascript:…`), as a link.
    static func parseLink(_ text: String, scheme: String, rest: String) -> ScannedContent? {
        guard isLinkShaped(text) else { return nil }
        guard rest.hasPrefix("//") || bareSchemes.contains(scheme) else { return nil }
        guard rest.unicodeScalars.contains(where: { $0 != "/" }) else { return nil }
        return .url(text)
    }

    /// `www.example.com/…` (no scheme) as an `https://` link.
    static func bareWebAddress(_ text: String) -> String? {
        guard text.lowercased().hasPrefix("www."), isLinkShaped(text) else { return nil }
        let host = text.unicodeScalars.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let labels = String(host).split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 3, labels.allSatisfy({ !$0.isEmpty }) else { return nil }
        return "https://" + text
    }
}
