// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore

/// What the user typed into one template's form: texts, switches and choices by field key.
///
/// A plain value read from the widgets, so turning it into a code's text is tested without a display.
struct GeneratorFormValues: Equatable, Sendable {
    var texts: [String: String] = [:]
    var toggles: [String: Bool] = [:]
    /// The index of the chosen item of each drop-down.
    var choices: [String: Int] = [:]

    func text(_ key: String) -> String { texts[key] ?? "" }
    func toggle(_ key: String) -> Bool { toggles[key] ?? false }
    func choice(_ key: String) -> Int { choices[key] ?? 0 }
}

/// Why a form cannot be made into a code's text yet.
enum GeneratorInputError: Error, Equatable, Sendable {
    /// Nothing typed (not an error worth a red message: the preview just stays empty).
    case empty
    /// The template refused a field (missing or invalid).
    case content(ContentTemplateError)
    /// A field that needs a number holds something else (the field and its text).
    case notANumber(field: ContentField, text: String)
}

/// The field keys and drop-down orders of the generator's forms, and the mapping to content.
enum GeneratorContent {
    /// Wi-Fi security in the order the drop-down lists it.
    static let wifiSecurities: [WiFiNetwork.Security] = [.wpa, .sae, .wep, .open]
    /// Contact card notations in the order the drop-down lists them.
    static let contactFormats: [ContactCardFormat] = [.mecard, .vcard]

    /// The text to encode for `template` filled with `values`, through SaomaCore's templates.
    static func text(for template: ContentTemplate, _ values: GeneratorFormValues) throws(GeneratorInputError) -> String {
        guard !isBlank(values) else { throw .empty }
        do {
            switch template {
            case .text:
                return values.text("text")
            case .url:
                return try ScannedContent.url(values.text("url")).encodedText()
            case .wifi:
                let security = wifiSecurities[clamped: values.choice("security")]
                let network = WiFiNetwork(
                    ssid: values.text("ssid"), password: security == .open ? "" : values.text("password"), security: security,
                    hidden: values.toggle("hidden"))
                return try ScannedContent.wifi(network).encodedText()
            case .contact:
                let contact = Contact(
                    name: trimmed(values.text("name")), organization: trimmed(values.text("organization")),
                    title: trimmed(values.text("title")), phones: list(values.text("phone")), emails: list(values.text("email")),
                    urls: list(values.text("website")), address: trimmed(values.text("address")), note: values.text("note"))
                let format = contactFormats[clamped: values.choice("format")]
                return try ScannedContent.contact(contact).encodedText(contactFormat: format)
            case .email:
                let message = EmailMessage(to: values.text("to"), subject: values.text("subject"), body: values.text("body"))
                return try ScannedContent.email(message).encodedText()
            case .phone:
                return try ScannedContent.phone(values.text("number")).encodedText()
            case .sms:
                return try ScannedContent.sms(SMSMessage(number: values.text("number"), body: values.text("body"))).encodedText()
            case .geo:
                let location = GeoLocation(
                    latitude: try number(.latitude, values), longitude: try number(.longitude, values),
                    altitude: trimmed(values.text("altitude")).isEmpty ? nil : try number(.altitude, values),
                    query: values.text("query"))
                return try ScannedContent.geo(location).encodedText()
            }
        } catch let error as GeneratorInputError {
            throw error
        } catch let error as ContentTemplateError {
            throw .content(error)
        } catch {
            throw .empty
        }
    }

    /// What a saved file of `template`'s code is named after (`GeneratedFileName`): the
    /// network, the link's host, the person, the address or number, the place, a text's first line.
    static func fileNameSubject(for template: ContentTemplate, _ values: GeneratorFormValues) -> String {
        switch template {
        case .text: return String(values.text("text").split(whereSeparator: \.isNewline).first ?? "")
        case .url:
            let link = trimmed(values.text("url"))
            return URL(string: link.contains("://") ? link : "https://" + link)?.host ?? link
        case .wifi: return values.text("ssid")
        case .contact: return values.text("name")
        case .email: return values.text("to")
        case .phone, .sms: return values.text("number")
        case .geo: return trimmed(values.text("latitude")) + "," + trimmed(values.text("longitude"))
        }
    }

    /// Whether every text field of the form is empty (switches and choices alone encode nothing).
    static func isBlank(_ values: GeneratorFormValues) -> Bool {
        values.texts.values.allSatisfy { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// A decimal number; a comma is accepted as the decimal separator.
    private static func number(_ field: ContentField, _ values: GeneratorFormValues) throws(GeneratorInputError) -> Double {
        let text = trimmed(values.text(field.rawValue))
        let normalised = text.contains(".") ? text : text.replacingOccurrences(of: ",", with: ".")
        guard let value = Double(normalised), value.isFinite else { throw .notANumber(field: field, text: text) }
        return value
    }

    private static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Several values in one field, separated by commas or semicolons.
    private static func list(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == ";" }).map { trimmed(String($0)) }.filter { !$0.isEmpty }
    }
}

extension Array {
    /// The element at `index`, or the first one when `index` is out of range.
    fileprivate subscript(clamped index: Int) -> Element {
        indices.contains(index) ? self[index] : self[0]
    }
}
