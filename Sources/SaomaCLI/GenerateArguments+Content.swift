// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore

extension GenerateArguments {
    /// The content the template and its fields describe, or `nil` for plain text and `--input`.
    public func scannedContent() throws(GenerateFailure) -> ScannedContent? {
        guard let template else { return nil }
        let maximumPositional: Int
        switch template {
        case .sms: maximumPositional = 2
        case .text, .url, .wifi, .contact, .email, .phone, .geo: maximumPositional = 1
        }
        guard positional.count <= maximumPositional else { throw .usage(.tooManyArguments(Array(positional.dropFirst(maximumPositional)))) }
        let first = positional.first ?? ""
        func fieldOrFirst(_ name: String) -> String { fields[name] == nil ? first : field(name) }

        switch template {
        case .text:
            return .text(first)
        case .url:
            return .url(first)
        case .wifi:
            let security: WiFiNetwork.Security
            let name = field("security")
            switch name.lowercased() {
            case "", "wpa", "wpa2", "wpa/wpa2": security = .wpa
            case "wpa3", "sae": security = .sae
            case "wep": security = .wep
            case "nopass", "open", "none": security = .open
            default: throw .usage(.invalidValue(option: "--security", value: name))
            }
            return .wifi(
                WiFiNetwork(ssid: fieldOrFirst("ssid"), password: field("password"), security: security, hidden: flags.contains("hidden")))
        case .contact:
            return .contact(
                Contact(
                    name: fieldOrFirst("name"), organization: field("org"), title: field("title"), phones: fields["phone"] ?? [],
                    emails: fields["email"] ?? [], urls: fields["url"] ?? [], address: field("address"), note: field("note")))
        case .email:
            return .email(EmailMessage(to: fieldOrFirst("to"), subject: field("subject"), body: field("body")))
        case .phone:
            return .phone(fieldOrFirst("number"))
        case .sms:
            let number = fields["number"] == nil ? first : field("number")
            let body = fields["body"] == nil ? (fields["number"] == nil ? positional.dropFirst().first : first) ?? "" : field("body")
            return .sms(SMSMessage(number: number, body: body))
        case .geo:
            return .geo(try geoLocation())
        }
    }

    /// `--lat`/`--lon`/`--alt`/`--query`, or one positional `LAT,LON[,ALT]`.
    private func geoLocation() throws(GenerateFailure) -> GeoLocation {
        var lat = field("lat")
        var lon = field("lon")
        var alt = field("alt")
        if let first = positional.first {
            let parts = first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard (2...3).contains(parts.count) else { throw .usage(.invalidValue(option: "LAT,LON", value: first)) }
            lat = parts[0]
            lon = parts[1]
            if parts.count == 3 { alt = parts[2] }
        }
        guard !lat.isEmpty else { throw .content(.missingField(.latitude)) }
        guard !lon.isEmpty else { throw .content(.missingField(.longitude)) }
        guard let latitude = Double(lat.trimmingCharacters(in: .whitespaces)) else {
            throw .usage(.invalidValue(option: "--lat", value: lat))
        }
        guard let longitude = Double(lon.trimmingCharacters(in: .whitespaces)) else {
            throw .usage(.invalidValue(option: "--lon", value: lon))
        }
        var altitude: Double?
        if !alt.isEmpty {
            guard let value = Double(alt.trimmingCharacters(in: .whitespaces)) else {
                throw .usage(.invalidValue(option: "--alt", value: alt))
            }
            altitude = value
        }
        return GeoLocation(latitude: latitude, longitude: longitude, altitude: altitude, query: field("query"))
    }

    /// What to encode: the file's bytes, the template's text, or the plain text.
    ///
    /// `readFile` reads `--input` (a path, or `-` for standard input).
    public func payload(readFile: (String) throws(GenerateFailure) -> [UInt8]) throws(GenerateFailure) -> QRPayload {
        // Arguments keep raw bytes (`RawArgument`); text to encode must be UTF-8, never altered.
        if let text = positional.first(where: { !RawArgument.isUTF8($0) }) { throw .textNotUTF8("“" + VisibleText.shortened(text) + "”") }
        for (name, values) in fields.sorted(by: { $0.key < $1.key }) where values.contains(where: { !RawArgument.isUTF8($0) }) {
            throw .textNotUTF8("--" + name)
        }
        if let inputPath {
            guard template == nil, positional.isEmpty else { throw .usage(.textAndInput) }
            let bytes = try readFile(inputPath)
            guard !bytes.isEmpty else { throw .emptyInput(inputPath) }
            return .bytes(bytes)
        }
        if let content = try scannedContent() {
            let text: String
            do {
                text = try content.encodedText(contactFormat: flags.contains("vcard") ? .vcard : .mecard)
            } catch {
                throw .content(error)
            }
            guard !text.isEmpty else { throw .emptyText }
            return .text(text)
        }
        guard positional.count <= 1 else { throw .usage(.tooManyArguments(Array(positional.dropFirst()))) }
        guard let text = positional.first, !text.isEmpty else { throw .emptyText }
        return .text(text)
    }
}
