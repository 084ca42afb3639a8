// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// How a message names things: tersely on the command line (`invalid URL “…”`), or in words that
/// sit inside a sentence in the window ("Fill in the network name.").
public enum MessageVoice: Sendable {
    case terse
    case sentence
}

extension ContentField {
    /// The name of this field as `voice` writes it inside a message.
    public func name(in voice: MessageVoice) -> String {
        let names = self.names
        return voice == .terse ? names.terse : names.sentence
    }

    /// One row per field: the terse name and the sentence name.
    private var names: (terse: String, sentence: String) {
        switch self {
        case .text: (tr("text"), tr("text"))
        case .url: (tr("URL"), tr("web address"))
        case .host: (tr("host"), tr("host"))
        case .warnings: (tr("warnings"), tr("warnings"))
        case .ssid: (tr("network name (SSID)"), tr("network name"))
        case .security: (tr("security"), tr("security"))
        case .password: (tr("password"), tr("password"))
        case .hidden: (tr("hidden flag"), tr("hidden-network setting"))
        case .eapMethod: (tr("EAP method"), tr("sign-in method"))
        case .identity: (tr("identity"), tr("user name"))
        case .anonymousIdentity: (tr("anonymous identity"), tr("anonymous identity"))
        case .phase2: (tr("phase 2 method"), tr("inner sign-in method"))
        case .name: (tr("name"), tr("name"))
        case .organization: (tr("organization"), tr("organization"))
        case .title: (tr("title"), tr("job title"))
        case .phones: (tr("phone numbers"), tr("phone numbers"))
        case .emails: (tr("e-mail addresses"), tr("e-mail addresses"))
        case .urls: (tr("URLs"), tr("websites"))
        case .address: (tr("postal address"), tr("postal address"))
        case .note: (tr("note"), tr("note"))
        case .to: (tr("recipient address"), tr("recipient’s address"))
        case .subject: (tr("subject"), tr("subject"))
        case .body: (tr("message body"), tr("message"))
        case .cc: (tr("copy recipients"), tr("copy recipients"))
        case .bcc: (tr("blind copy recipients"), tr("blind copy recipients"))
        case .number: (tr("phone number"), tr("phone number"))
        case .numbers: (tr("phone numbers"), tr("phone numbers"))
        case .latitude: (tr("latitude"), tr("latitude"))
        case .longitude: (tr("longitude"), tr("longitude"))
        case .altitude: (tr("altitude"), tr("altitude"))
        case .query: (tr("place name"), tr("place name"))
        case .summary: (tr("summary"), tr("event title"))
        case .start: (tr("start"), tr("start"))
        case .end: (tr("end"), tr("end"))
        case .allDay: (tr("all-day flag"), tr("all-day setting"))
        case .location: (tr("location"), tr("location"))
        case .description: (tr("description"), tr("description"))
        case .type: (tr("type"), tr("type"))
        case .issuer: (tr("issuer"), tr("issuer"))
        case .account: (tr("account"), tr("account"))
        case .algorithm: (tr("algorithm"), tr("algorithm"))
        case .digits: (tr("digits"), tr("number of digits"))
        case .period: (tr("period"), tr("code lifetime"))
        case .counter: (tr("counter"), tr("counter"))
        case .secret: (tr("secret"), tr("secret key"))
        case .scheme: (tr("scheme"), tr("payment standard"))
        case .iban: (tr("IBAN"), tr("IBAN"))
        case .ibanValid: (tr("IBAN check"), tr("IBAN check"))
        case .bic: (tr("BIC"), tr("BIC"))
        case .amount: (tr("amount"), tr("amount"))
        case .currency: (tr("currency"), tr("currency"))
        case .reference: (tr("reference"), tr("payment reference"))
        case .referenceValid: (tr("reference check"), tr("reference check"))
        case .message: (tr("message"), tr("message"))
        case .gtin: (tr("GTIN"), tr("product number"))
        case .addOn: (tr("add-on"), tr("add-on number"))
        case .isbn: (tr("ISBN"), tr("book number (ISBN)"))
        case .isbn10: (tr("ISBN-10"), tr("ten-digit book number (ISBN-10)"))
        }
    }
}
