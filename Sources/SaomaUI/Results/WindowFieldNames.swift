// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// The window's names for content fields, written to sit inside a sentence ("Fill in the network
/// name."): one row per `ContentField`, the same cases as the CLI's `CLIFieldNames`.
enum WindowFieldNames {
    /// The name of `field` as this voice writes it inside a message.
    static func name(_ field: ContentField) -> String {
        switch field {
        case .text: tr("text")
        case .url: tr("web address")
        case .host: tr("host")
        case .warnings: tr("warnings")
        case .ssid: tr("network name")
        case .security: tr("security")
        case .password: tr("password")
        case .hidden: tr("hidden-network setting")
        case .eapMethod: tr("sign-in method")
        case .identity: tr("user name")
        case .anonymousIdentity: tr("anonymous identity")
        case .phase2: tr("inner sign-in method")
        case .name: tr("name")
        case .organization: tr("organization")
        case .title: tr("job title")
        case .phones: tr("phone numbers")
        case .emails: tr("e-mail addresses")
        case .urls: tr("websites")
        case .address: tr("postal address")
        case .note: tr("note")
        case .to: tr("recipient’s address")
        case .subject: tr("subject")
        case .body: tr("message")
        case .number: tr("phone number")
        case .latitude: tr("latitude")
        case .longitude: tr("longitude")
        case .altitude: tr("altitude")
        case .query: tr("place name")
        case .summary: tr("event title")
        case .start: tr("start")
        case .end: tr("end")
        case .allDay: tr("all-day setting")
        case .location: tr("location")
        case .description: tr("description")
        case .type: tr("type")
        case .issuer: tr("issuer")
        case .account: tr("account")
        case .algorithm: tr("algorithm")
        case .digits: tr("number of digits")
        case .period: tr("code lifetime")
        case .counter: tr("counter")
        case .secret: tr("secret key")
        case .scheme: tr("payment standard")
        case .iban: tr("IBAN")
        case .ibanValid: tr("IBAN check")
        case .bic: tr("BIC")
        case .amount: tr("amount")
        case .currency: tr("currency")
        case .reference: tr("payment reference")
        case .referenceValid: tr("reference check")
        case .message: tr("message")
        }
    }
}
