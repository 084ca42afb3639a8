// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// The CLI's names for content fields (terse, as in `invalid URL “…”`): one row per `ContentField`,
/// the same cases as the window's `WindowFieldNames`.
enum CLIFieldNames {
    /// The name of `field` as this voice writes it inside a message.
    static func name(_ field: ContentField) -> String {
        switch field {
        case .text: tr("text")
        case .url: tr("URL")
        case .host: tr("host")
        case .warnings: tr("warnings")
        case .ssid: tr("network name (SSID)")
        case .security: tr("security")
        case .password: tr("password")
        case .hidden: tr("hidden flag")
        case .eapMethod: tr("EAP method")
        case .identity: tr("identity")
        case .anonymousIdentity: tr("anonymous identity")
        case .phase2: tr("phase 2 method")
        case .name: tr("name")
        case .organization: tr("organization")
        case .title: tr("title")
        case .phones: tr("phone numbers")
        case .emails: tr("e-mail addresses")
        case .urls: tr("URLs")
        case .address: tr("postal address")
        case .note: tr("note")
        case .to: tr("recipient address")
        case .subject: tr("subject")
        case .body: tr("message body")
        case .number: tr("phone number")
        case .latitude: tr("latitude")
        case .longitude: tr("longitude")
        case .altitude: tr("altitude")
        case .query: tr("place name")
        case .summary: tr("summary")
        case .start: tr("start")
        case .end: tr("end")
        case .allDay: tr("all-day flag")
        case .location: tr("location")
        case .description: tr("description")
        case .type: tr("type")
        case .issuer: tr("issuer")
        case .account: tr("account")
        case .algorithm: tr("algorithm")
        case .digits: tr("digits")
        case .period: tr("period")
        case .counter: tr("counter")
        case .secret: tr("secret")
        case .scheme: tr("scheme")
        case .iban: tr("IBAN")
        case .ibanValid: tr("IBAN check")
        case .bic: tr("BIC")
        case .amount: tr("amount")
        case .currency: tr("currency")
        case .reference: tr("reference")
        case .referenceValid: tr("reference check")
        case .message: tr("message")
        }
    }
}
