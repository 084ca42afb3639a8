// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// What the desktop's search shows for a history row: a title, the kind's name and an icon.
/// Plain text, one line, control characters visible; never a Wi-Fi password or a login secret.
struct SearchResultMeta: Hashable, Sendable {
    var title: String
    var kind: String
    /// A themed icon name for the kind.
    var iconName: String
}

/// The rule that titles history rows for the search provider (pluggable: the lists' rule).
protocol SearchResultTitling: Sendable {
    func meta(for record: HistoryRecord) -> SearchResultMeta
}

/// Titles from the parsed content: the network's name for Wi-Fi, the issuer and account for a
/// login code, the host for a link, else the first line of the text.
struct ContentSearchResultTitling: SearchResultTitling {
    /// Longest title, in characters.
    static let maximumTitleCharacters = 80

    func meta(for record: HistoryRecord) -> SearchResultMeta {
        guard let text = record.text else {
            return SearchResultMeta(title: record.label ?? tr("Binary data"), kind: Self.kindName(nil), iconName: Self.iconName(nil))
        }
        let content = ContentParser.parse(text)
        let kind = record.kind == .content(.wifi) ? ContentKind.wifi : content.kind
        let subject: String
        switch content {
        case .wifi(let network): subject = network.ssid
        case .otp(let key): subject = [key.issuer, key.account].filter { !$0.isEmpty }.joined(separator: " · ")
        case .url(let url): subject = URLSafety.analyze(url).displayHost ?? url
        default:
            // A Wi-Fi or login payload the parser could not read shows nothing of itself.
            subject = kind == .wifi || record.kind == .content(.otp) ? "" : text
        }
        let firstLine = subject.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let shown = VisibleText.shortened(VisibleText.of(firstLine), limit: Self.maximumTitleCharacters)
        let title = record.label.map { VisibleText.shortened(VisibleText.of($0), limit: Self.maximumTitleCharacters) } ?? shown
        return SearchResultMeta(title: title.isEmpty ? Self.kindName(kind) : title, kind: Self.kindName(kind), iconName: Self.iconName(kind))
    }

    /// The kind as the search shows it (`nil`: not text).
    static func kindName(_ kind: ContentKind?) -> String {
        switch kind {
        case nil: return tr("Binary Data")
        case .text: return tr("Text")
        case .link: return tr("Link")
        case .wifi: return tr("Wi-Fi Network")
        case .contact: return tr("Contact")
        case .email: return tr("E-mail")
        case .phone: return tr("Phone Number")
        case .sms: return tr("Text Message")
        case .geo: return tr("Place")
        case .event: return tr("Event")
        case .otp: return tr("Login Code")
        case .payment: return tr("Payment")
        }
    }

    /// A symbolic icon for the kind.
    static func iconName(_ kind: ContentKind?) -> String {
        switch kind {
        case nil: return "application-x-executable-symbolic"
        case .text: return "text-x-generic-symbolic"
        case .link: return "web-browser-symbolic"
        case .wifi: return "network-wireless-symbolic"
        case .contact: return "avatar-default-symbolic"
        case .email: return "mail-unread-symbolic"
        case .phone: return "call-start-symbolic"
        case .sms: return "mail-send-symbolic"
        case .geo: return "mark-location-symbolic"
        case .event: return "x-office-calendar-symbolic"
        case .otp: return "dialog-password-symbolic"
        case .payment: return "money-symbolic"
        }
    }
}
