// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The kinds of content the generator offers a form for.
public enum ContentTemplate: String, CaseIterable, Sendable, Hashable {
    case text
    case url
    case wifi
    case contact
    case email
    case phone
    case sms
    case geo
}

/// The two contact-card notations.
public enum ContactCardFormat: String, CaseIterable, Sendable, Hashable {
    /// `MECARD:N:…;TEL:…;;`: compact, read by most phone scanners.
    case mecard
    /// vCard 3.0 (RFC 2426): longer, more widely understood by address books.
    case vcard
}

/// Why content cannot be written as a code's text.
public enum ContentTemplateError: Error, Hashable, Sendable {
    /// A required field is empty.
    case missingField(ContentField)
    /// A field holds a value the notation cannot carry (the field, the value, and why).
    case invalidField(field: ContentField, value: String, reason: Reason)

    public enum Reason: Hashable, Sendable {
        /// Characters the notation does not allow (whitespace in a URL, letters in a phone number).
        case invalidCharacters
        /// A WPA passphrase that is not 8…63 characters or 64 hex digits.
        case passphraseLength
        /// A number outside its range (latitude −90…90, longitude −180…180).
        case outOfRange
        /// An e-mail address without an `@`.
        case notAnAddress
    }
}

extension ScannedContent {
    /// The template that writes this kind of content.
    public var template: ContentTemplate {
        switch self {
        case .url: .url
        case .wifi: .wifi
        case .contact: .contact
        case .email: .email
        case .phone: .phone
        case .sms: .sms
        case .geo: .geo
        case .text, .event, .otp, .payment, .product, .boardingPass, .identityDocument, .railTicket: .text
        }
    }

    /// The text to put in a QR code so that scanners recognise this content.
    public func encodedText(contactFormat: ContactCardFormat = .mecard) throws(ContentTemplateError) -> String {
        switch self {
        case .text(let text): return text
        case .url(let url): return try ContentTemplates.url(url)
        case .wifi(let network): return try ContentTemplates.wifi(network)
        case .contact(let contact):
            switch contactFormat {
            case .mecard: return try ContentTemplates.mecard(contact)
            case .vcard: return try ContentTemplates.vcard(contact)
            }
        case .email(let message): return try ContentTemplates.mailto(message)
        case .phone(let number): return try ContentTemplates.tel(number)
        case .sms(let message): return try ContentTemplates.smsto(message)
        case .geo(let location): return try ContentTemplates.geo(location)
        case .event(let event): return event.source
        case .otp(let key): return ContentTemplates.otpauth(key)
        case .payment(let order): return order.source
        case .product(let product): return product.addOn.isEmpty ? product.number : product.number + " " + product.addOn
        case .boardingPass(let pass): return pass.source
        case .identityDocument(let card): return card.source
        // A ticket is binary: its bytes, one character each (generate it from `--input` instead).
        case .railTicket(let ticket): return String(isoLatin1: ticket.bytes)
        }
    }
}

/// The writers behind `ScannedContent.encodedText`, one per notation, each with its own escaping.
public enum ContentTemplates {
    /// A URL as given (trimmed); a bare host such as `example.org/path` gets `https://`.
    public static func url(_ url: String) throws(ContentTemplateError) -> String {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .missingField(.url) }
        // Control characters too: scanners (and ContentParser) read a link holding one as text.
        guard !trimmed.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) }),
            ContentParser.isLinkShaped(trimmed)
        else {
            throw .invalidField(field: .url, value: url, reason: .invalidCharacters)
        }
        let link = hasScheme(trimmed) ? trimmed : "https://" + trimmed
        // Nothing but a scheme and slashes (`/`, `https://`) is no address at all.
        guard link.drop(while: { $0 != ":" }).dropFirst().contains(where: { $0 != "/" }) else { throw .missingField(.url) }
        return link
    }

    /// `WIFI:T:WPA;S:name;P:secret;H:true;;` with `\ ; , : "` escaped by a backslash.
    ///
    /// `T:` is `nopass` for open networks (which carry no `P:`); `H:true` appears only for hidden networks.
    public static func wifi(_ network: WiFiNetwork) throws(ContentTemplateError) -> String {
        guard !network.ssid.isEmpty else { throw .missingField(.ssid) }
        var out = "WIFI:T:\(network.security.rawValue);S:\(wifiSSID(network));"
        switch network.security {
        case .open:
            break
        case .wep:
            guard !network.password.isEmpty else { throw .missingField(.password) }
            out += "P:\(escapeWiFi(network.password));"
        case .wpa, .sae:
            guard !network.password.isEmpty else { throw .missingField(.password) }
            guard isValidPassphrase(network.password) else {
                throw .invalidField(field: .password, value: network.password, reason: .passphraseLength)
            }
            out += "P:\(escapeWiFi(network.password));"
        case .eap:
            let login = network.enterprise ?? EnterpriseLogin(method: "")
            guard !login.identity.isEmpty else { throw .missingField(.identity) }
            if !login.method.isEmpty { out += "E:\(escapeWiFi(login.method));" }
            if !login.anonymousIdentity.isEmpty { out += "A:\(escapeWiFi(login.anonymousIdentity));" }
            out += "I:\(escapeWiFi(login.identity));"
            if !login.phase2.isEmpty { out += "PH2:\(escapeWiFi(login.phase2));" }
            if !network.password.isEmpty { out += "P:\(escapeWiFi(network.password));" }
        }
        if network.hidden { out += "H:true;" }
        return out + ";"
    }

    /// `MECARD:N:…;ORG:…;TEL:…;EMAIL:…;URL:…;ADR:…;NOTE:…;;` with `\ ; , : "` escaped by a backslash.
    public static func mecard(_ contact: Contact) throws(ContentTemplateError) -> String {
        guard !contact.name.isEmpty else { throw .missingField(.name) }
        var fields = [("N", contact.name)]
        if !contact.organization.isEmpty { fields.append(("ORG", contact.organization)) }
        if !contact.title.isEmpty { fields.append(("TITLE", contact.title)) }
        fields += contact.phones.map { ("TEL", $0) }
        fields += contact.emails.map { ("EMAIL", $0) }
        fields += contact.urls.map { ("URL", $0) }
        if !contact.address.isEmpty { fields.append(("ADR", contact.address)) }
        if !contact.note.isEmpty { fields.append(("NOTE", contact.note)) }
        return "MECARD:" + fields.map { "\($0.0):\(escapeMECARD($0.1));" }.joined() + ";"
    }

    /// A vCard 3.0 (RFC 2426) with CRLF line ends and `\ ; ,` and line breaks escaped.
    ///
    /// The full name goes in `FN` and, whole, as the family name in `N` (splitting names into
    /// given and family parts is a guess that fails for many cultures). The one-line address is
    /// the street part of `ADR`. Lines are not folded: QR readers rarely unfold them.
    public static func vcard(_ contact: Contact) throws(ContentTemplateError) -> String {
        guard !contact.name.isEmpty else { throw .missingField(.name) }
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "N:\(escapeVCard(contact.name));;;;", "FN:\(escapeVCard(contact.name))"]
        if !contact.organization.isEmpty { lines.append("ORG:\(escapeVCard(contact.organization))") }
        if !contact.title.isEmpty { lines.append("TITLE:\(escapeVCard(contact.title))") }
        lines += contact.phones.map { "TEL:\(escapeVCard($0))" }
        lines += contact.emails.map { "EMAIL;TYPE=INTERNET:\(escapeVCard($0))" }
        lines += contact.urls.map { "URL:\(escapeVCard($0))" }
        if !contact.address.isEmpty { lines.append("ADR:;;\(escapeVCard(contact.address));;;;") }
        if !contact.note.isEmpty { lines.append("NOTE:\(escapeVCard(contact.note))") }
        lines.append("END:VCARD")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `mailto:to?subject=…&body=…` (RFC 6068): subject and body percent-encoded as UTF-8, line breaks as `%0D%0A`.
    public static func mailto(_ message: EmailMessage) throws(ContentTemplateError) -> String {
        let to = message.to.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !to.isEmpty else { throw .missingField(.to) }
        // Each comma-separated address as scanners read it back: `local@domain`, no spaces or controls.
        let addresses = to.split(separator: ",").map { ContentParser.trimmingSpace(String($0)) }.filter { !$0.isEmpty }
        guard !addresses.isEmpty, addresses.allSatisfy(ContentParser.isPlausibleAddress) else {
            throw .invalidField(field: .to, value: message.to, reason: .notAnAddress)
        }
        var query = [String]()
        if !message.subject.isEmpty { query.append("subject=" + percentEncode(message.subject, allowing: unreserved)) }
        if !message.body.isEmpty { query.append("body=" + percentEncode(crlfLineBreaks(message.body), allowing: unreserved)) }
        let address = percentEncode(to, allowing: mailtoAddressCharacters)
        return "mailto:" + address + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// `tel:` and the number without spaces (RFC 3966 allows `- . ( )` as visual separators).
    public static func tel(_ number: String) throws(ContentTemplateError) -> String {
        "tel:" + (try phoneNumber(number, field: .number))
    }

    /// `SMSTO:number:body` (the body is not escaped: everything after the second colon is the body).
    public static func smsto(_ message: SMSMessage) throws(ContentTemplateError) -> String {
        let number = try phoneNumber(message.number, field: .number)
        return "SMSTO:\(number):\(message.body)"
    }

    /// The largest altitude `geo` writes, in metres (above or below sea level).
    public static let maximumAltitude = 1e9

    /// `geo:lat,lon[,alt][?q=…]` (RFC 5870) with the query percent-encoded as UTF-8.
    public static func geo(_ location: GeoLocation) throws(ContentTemplateError) -> String {
        guard location.latitude.isFinite, (-90...90).contains(location.latitude) else {
            throw .invalidField(field: .latitude, value: "\(location.latitude)", reason: .outOfRange)
        }
        guard location.longitude.isFinite, (-180...180).contains(location.longitude) else {
            throw .invalidField(field: .longitude, value: "\(location.longitude)", reason: .outOfRange)
        }
        var out = "geo:\(decimal(location.latitude)),\(decimal(location.longitude))"
        if let altitude = location.altitude {
            // Up to a million kilometres: beyond that the digits outgrow what readers (and ContentParser) accept.
            guard altitude.isFinite, abs(altitude) <= maximumAltitude else {
                throw .invalidField(field: .altitude, value: "\(altitude)", reason: .outOfRange)
            }
            out += ",\(decimal(altitude))"
        }
        if !location.query.isEmpty { out += "?q=" + percentEncode(location.query, allowing: unreserved) }
        return out
    }
}
