// SPDX-License-Identifier: GPL-3.0-or-later

/// A code in one short line for lists — history and session rows, tooltips, search results,
/// notifications: what it is about (`subject`: "Home Network", "Jane Roe", "gnome.org",
/// "4006381333931") and its kind; the window shows them as "Home Network · Wi-Fi".
///
/// Never holds a secret: a Wi-Fi password, a login code's key, or any part of a payload that
/// could be one (a `WIFI:` or `otpauth:` text the parser could not read gives only its network
/// name or label). The subject is one line with control characters shown as symbols and at most
/// `maximumSubjectCharacters` long. Pure; safe from any thread.
public struct ContentSummary: Hashable, Sendable {
    /// What a summary can be about: a parser kind, a book (a product number that is an ISBN),
    /// GS1 product data, or a payload that is not text.
    public enum Kind: Hashable, Sendable {
        case content(ContentKind)
        case book
        case gs1
        case binary
    }

    /// Longest subject, in Unicode scalars (and four times as many UTF-8 bytes); longer ones end
    /// in `…` (`DisplayText`: the cost is bounded whatever the payload's characters).
    public static let maximumSubjectCharacters = 80

    /// The subject's budget.
    static let subjectBudget = DisplayText.Budget(scalars: maximumSubjectCharacters, bytes: maximumSubjectCharacters * 4)

    /// What the code is about, shown as it is (visible, one line, short); empty when nothing
    /// names it better than its kind (an event without a title, a payload that is not text).
    public var subject: String
    public var kind: Kind

    public init(subject: String, kind: Kind) {
        self.subject = subject
        self.kind = kind
    }

    /// The summary of a decoded code (GS1 element strings, product numbers and text by kind).
    public init(symbol: Symbol) {
        if let gs1 = GS1ElementString(symbol: symbol, referenceYear: 2000) {
            let gtin = gs1.elements.first { $0.ai == "01" } ?? gs1.elements.first
            self.init(subject: ContentSummary.shown(gtin?.value ?? ""), kind: .gs1)
            return
        }
        if let ticket = RailTicket(bytes: symbol.bytes) {
            self.init(.railTicket(ticket))
            return
        }
        self.init(text: symbol.text, symbology: symbol.format)
    }

    /// The summary of a history row (its secrets are already removed; this never shows them anyway).
    public init(record: HistoryRecord) {
        if let ticket = RailTicket(bytes: record.bytes) {
            self.init(.railTicket(ticket))
            return
        }
        self.init(text: record.text, symbology: Symbology(rawValue: record.format))
    }

    /// The summary of a code's text (`nil`: not text) read from a code of `symbology`.
    public init(text: String?, symbology: Symbology?) {
        guard let text else {
            self.init(subject: "", kind: .binary)
            return
        }
        let content = ContentParser.parse(text, symbology: symbology)
        switch content {
        case .wifi, .otp: break
        default:
            // An authenticator's export reads as a link, a malformed key as text: neither may show.
            if let guarded = ContentSummary.unreadSecretCarrier(text) {
                self = guarded
                return
            }
        }
        self.init(content)
    }

    /// The summary of parsed content.
    public init(_ content: ScannedContent) {
        let kind = Kind.content(content.kind)
        switch content {
        case .text(let text): self.init(subject: ContentSummary.firstLine(text), kind: kind)
        case .url(let url):
            let analysis = URLSafety.analyze(url)
            self.init(subject: ContentSummary.shown(analysis.displayHost ?? analysis.scheme + ":"), kind: kind)
        case .wifi(let network): self.init(subject: ContentSummary.shown(network.ssid), kind: kind)
        case .contact(let contact):
            let name = [contact.name, contact.organization].first { !$0.isEmpty } ?? (contact.phones + contact.emails).first ?? ""
            self.init(subject: ContentSummary.shown(name), kind: kind)
        case .email(let message):
            let to = [message.to, message.cc, message.bcc].first { !$0.isEmpty } ?? ""
            let first = to.split(separator: ",").first.map(String.init) ?? ""
            self.init(subject: ContentSummary.shown(first.isEmpty ? message.subject : first), kind: kind)
        case .phone(let number): self.init(subject: ContentSummary.shown(number), kind: kind)
        case .sms(let message): self.init(subject: ContentSummary.shown(message.number), kind: kind)
        case .geo(let location):
            let place = location.query.isEmpty ? "\(location.latitude), \(location.longitude)" : location.query
            self.init(subject: ContentSummary.shown(place), kind: kind)
        case .event(let event): self.init(subject: ContentSummary.firstLine(event.summary), kind: kind)
        case .otp(let key):
            self.init(subject: ContentSummary.shown(ContentSummary.loginName(issuer: key.issuer, account: key.account)), kind: kind)
        case .payment(let order): self.init(subject: ContentSummary.shown(order.name.isEmpty ? order.ibanGrouped : order.name), kind: kind)
        case .product(let product):
            self.init(subject: ContentSummary.shown(product.isbn13 ?? product.number), kind: product.isBook ? .book : kind)
        // Documents name their flight or issuer, never the person: lists are seen over shoulders.
        case .boardingPass(let pass):
            let leg = pass.legs.first
            let flight = [leg?.carrier ?? "", leg?.flightNumber ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
            let route = leg.map { $0.from + "–" + $0.to } ?? ""
            self.init(subject: ContentSummary.shown([flight, route].filter { !$0.isEmpty }.joined(separator: " ")), kind: kind)
        case .identityDocument(let card): self.init(subject: ContentSummary.shown(card.jurisdiction ?? ""), kind: kind)
        case .railTicket(let ticket):
            self.init(subject: ContentSummary.shown(ticket.issuerName ?? ticket.issuerCode.map { "RICS " + $0 } ?? ""), kind: kind)
        }
    }

    /// `text` cut to the subject's budget and made visible on one line.
    static func shown(_ text: String) -> String {
        let (start, isCut) = DisplayText.cut(ContentParser.trimmingSpace(text), subjectBudget)
        return VisibleText.of(start) + (isCut ? "…" : "")
    }

    /// The first line of `text` that is not blank, with runs of white space made one space
    /// (looked for in the start of `text`, a field's budget).
    static func firstLine(_ text: String) -> String {
        let (start, isCut) = DisplayText.cut(text, .field)
        let lines = start.unicodeScalars.split(omittingEmptySubsequences: false) {
            $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}"
        }.map { String(String.UnicodeScalarView($0)) }
        guard let index = lines.firstIndex(where: { !ContentParser.trimmingSpace($0).isEmpty }) else { return "" }
        let words = lines[index].unicodeScalars.split { $0 == " " || $0 == "\t" }.map { String(String.UnicodeScalarView($0)) }
        let subject = shown(words.joined(separator: " "))
        // A line the field's budget ended in was cut too.
        return isCut && index == lines.count - 1 && !subject.hasSuffix("…") ? subject + "…" : subject
    }

    /// "GitHub (jane@example.org)", "GitHub", or the account alone.
    static func loginName(issuer: String, account: String) -> String {
        if issuer.isEmpty { return account }
        if account.isEmpty || account == issuer { return issuer }
        return issuer + " (" + account + ")"
    }

    /// A summary without secrets for text that looks like a Wi-Fi or login-code payload but that
    /// the parser read as plain text (no network name, a login code without a valid secret, an
    /// authenticator's export); `nil` for other text.
    static func unreadSecretCarrier(_ text: String) -> ContentSummary? {
        let trimmed = ContentParser.trimmingSpace(text)
        let scheme = ContentParser.schemePrefix(of: trimmed)?.lowercased()
        if scheme == "wifi" {
            let body = String(trimmed.unicodeScalars.dropFirst(5))
            return ContentSummary(subject: shown(ContentParser.first("S", in: ContentParser.recordFields(body))), kind: .content(.wifi))
        }
        guard OTPSecretStripping.isOneTimePassword(trimmed) else { return nil }
        guard scheme == "otpauth" else { return ContentSummary(subject: "", kind: .content(.otp)) }
        let afterType = trimmed.unicodeScalars.dropFirst("otpauth://".count).drop { $0 != "/" }.dropFirst()
        let (path, query) = ContentParser.splitQuery(String(afterType))
        let label = ContentParser.percentDecoded(path)
        var issuer = ContentParser.queryItems(query).first { $0.name == "issuer" }?.value ?? ""
        var account = label
        if let colon = label.firstIndex(of: ":") {
            if issuer.isEmpty { issuer = String(label[..<colon]) }
            account = String(label[label.index(after: colon)...])
        }
        let name = loginName(issuer: ContentParser.trimmingSpace(issuer), account: ContentParser.trimmingSpace(account))
        return ContentSummary(subject: shown(name), kind: .content(.otp))
    }
}
