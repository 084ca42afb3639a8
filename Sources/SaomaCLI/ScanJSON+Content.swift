// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// The `"content"` object of `saoma scan --json`: what `ContentParser` (the window's parser)
/// reads in a symbol's text, as `"kind"` and the kind's fields named by `ContentField`.
///
/// Fields the code does not give are `null`, never guessed.
extension ScanJSON {
    /// A JSON value, written compactly with keys in the order given.
    indirect enum Value {
        case string(String)
        case number(String)
        case bool(Bool)
        case null
        case array([Value])
        case object([(String, Value)])

        /// `text` as a string, or `null` when it is empty.
        static func optional(_ text: String) -> Value { text.isEmpty ? .null : .string(text) }

        var text: String {
            switch self {
            case .string(let s): return ScanJSON.quoted(s)
            case .number(let n): return n
            case .bool(let b): return b ? "true" : "false"
            case .null: return "null"
            case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
            case .object(let members): return "{" + members.map { ScanJSON.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
            }
        }
    }

    /// The content object for a symbol's text (`null` for binary payloads), read as a code of
    /// `symbology` (EAN/UPC/ISBN codes carry product numbers).
    static func content(of text: String?, symbology: Symbology? = nil) -> Value {
        guard let text else { return .null }
        return object(of: ContentParser.parse(text, symbology: symbology))
    }

    /// The content object of parsed content: `"kind"`, then its fields (a document's own, see
    /// `documentMembers`; a flight's day of the year is placed relative to `today`).
    static func object(of content: ScannedContent, scannedOn today: CivilDate = CivilDate.today()) -> Value {
        let members = documentMembers(content, scannedOn: today) ?? fields(of: content).map { ($0.0.rawValue, $0.1) }
        return .object([("kind", .string(content.kind.rawValue))] + members)
    }

    /// The fields of `content`, in the order the issue lists them.
    static func fields(of content: ScannedContent) -> [(ContentField, Value)] {
        switch content {
        case .text(let text): return [(.text, .string(text))]
        case .url(let url):
            let analysis = URLSafety.analyze(url)
            return [
                (.url, .string(url)), (.host, (analysis.displayHost ?? analysis.host).map(Value.string) ?? .null),
                (.warnings, .array(analysis.warnings.map { .string(warningName($0)) })),
            ]
        case .wifi(let network):
            return [
                (.ssid, .string(network.ssid)), (.security, .string(securityName(network.security))),
                (.password, .optional(network.password)), (.hidden, .bool(network.hidden)),
                (.eapMethod, network.enterprise.map { .optional($0.method) } ?? .null),
                (.identity, network.enterprise.map { .optional($0.identity) } ?? .null),
                (.anonymousIdentity, network.enterprise.map { .optional($0.anonymousIdentity) } ?? .null),
                (.phase2, network.enterprise.map { .optional($0.phase2) } ?? .null),
            ]
        case .contact(let contact):
            return [
                (.name, .optional(contact.name)), (.phones, .array(contact.phones.map(Value.string))),
                (.emails, .array(contact.emails.map(Value.string))), (.organization, .optional(contact.organization)),
                (.address, .optional(contact.address)), (.urls, .array(contact.urls.map(Value.string))), (.note, .optional(contact.note)),
            ]
        case .email(let message):
            return [
                (.to, .optional(message.to)), (.cc, .optional(message.cc)), (.bcc, .optional(message.bcc)),
                (.subject, .optional(message.subject)), (.body, .optional(message.body)),
            ]
        case .phone(let number): return [(.number, .string(number))]
        case .sms(let message):
            return [
                (.number, .string(message.number)), (.numbers, .array(message.numbers.map(Value.string))),
                (.body, .optional(message.body)),
            ]
        case .geo(let location):
            return [
                (.latitude, .number(decimal(location.latitude))), (.longitude, .number(decimal(location.longitude))),
                (.altitude, location.altitude.map { .number(decimal($0)) } ?? .null), (.query, .optional(location.query)),
            ]
        case .event(let event):
            return [
                (.summary, .optional(event.summary)), (.start, event.start.map { .string($0.iso8601) } ?? .null),
                (.end, event.end.map { .string($0.iso8601) } ?? .null), (.allDay, .bool(event.isAllDay)),
                (.location, .optional(event.location)), (.description, .optional(event.description)),
            ]
        case .otp(let key):
            return [
                (.type, .string(key.kind.rawValue)), (.issuer, .optional(key.issuer)), (.account, .optional(key.account)),
                (.algorithm, .string(key.algorithm.rawValue)), (.digits, .number(String(key.digits))),
                (.period, key.period.map { .number(String($0)) } ?? .null), (.counter, key.counter.map { .number(String($0)) } ?? .null),
                (.secret, .string(key.secretBase32)),
            ]
        case .payment(let order):
            return [
                (.scheme, .string(order.scheme.rawValue)), (.name, .optional(order.name)), (.iban, .optional(order.iban)),
                (.ibanValid, .bool(order.ibanValid)), (.bic, .optional(order.bic)), (.amount, order.amount.map(Value.string) ?? .null),
                (.currency, .optional(order.currency)), (.reference, .optional(order.reference)),
                (.referenceValid, order.referenceValid.map(Value.bool) ?? .null), (.message, .optional(order.message)),
                (.warnings, .array(order.warnings.map { .string($0.rawValue) })),
            ]
        case .product(let product):
            return [
                (.number, .string(product.number)), (.gtin, .string(product.gtin)), (.addOn, .optional(product.addOn)),
                (.isbn, product.isbn13.map(Value.string) ?? .null), (.isbn10, product.isbn10.map(Value.string) ?? .null),
            ]
        case .boardingPass, .identityDocument, .railTicket: return []
        }
    }

    /// The JSON name of a Wi-Fi security.
    static func securityName(_ security: WiFiNetwork.Security) -> String {
        switch security {
        case .open: "none"
        case .wep: "wep"
        case .wpa: "wpa"
        case .sae: "sae"
        case .eap: "wpa-eap"
        }
    }

    /// The JSON name of a link warning.
    static func warningName(_ warning: URLAnalysis.Warning) -> String {
        switch warning {
        case .dangerousScheme: "dangerous_scheme"
        case .unusualScheme: "unusual_scheme"
        case .unencrypted: "unencrypted"
        case .ipAddressHost: "ip_address_host"
        case .internationalHost: "international_host"
        case .mixedScripts: "mixed_scripts"
        case .confusableLetters: "confusable_letters"
        case .malformedPunycode: "malformed_punycode"
        case .userInfo: "user_info"
        case .invisibleCharacters: "invisible_characters"
        case .veryLong: "very_long"
        case .separatorLookalike: "separator_lookalike"
        case .encodedAt: "encoded_at"
        }
    }

    /// A coordinate as a JSON number: Swift's shortest round-tripping decimal.
    static func decimal(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }
}
