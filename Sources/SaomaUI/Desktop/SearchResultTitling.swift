// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// What the desktop's search shows for a history row: a title, the kind's name and an icon.
/// Plain text, one line, control characters visible; never a Wi-Fi password or a login secret.
struct SearchResultMeta: Hashable, Sendable {
    var title: String
    var kind: String
    /// A themed icon name for the kind (the result page's and the lists').
    var iconName: String
}

/// The rule that titles history rows for the search provider (pluggable: the lists' rule).
protocol SearchResultTitling: Sendable {
    func meta(for record: HistoryRecord) -> SearchResultMeta
}

/// Titles by the lists' rule (`ContentSummary`: the network's name for Wi-Fi, the issuer and
/// account for a login code, the host for a link…, never a secret), the person's label first.
struct ContentSearchResultTitling: SearchResultTitling {
    func meta(for record: HistoryRecord) -> SearchResultMeta {
        let summary = ContentSummary(record: record)
        let label = record.label.map { VisibleText.shortened(VisibleText.of($0), limit: ContentSummary.maximumSubjectCharacters) } ?? ""
        let title = !label.isEmpty ? label : !summary.subject.isEmpty ? summary.subject : Self.kindName(summary.kind)
        return SearchResultMeta(title: title, kind: Self.kindName(summary.kind), iconName: ResultPage.icon(for: summary.kind))
    }

    /// The kind as the search shows it.
    static func kindName(_ kind: ContentSummary.Kind) -> String {
        switch kind {
        case .binary: return tr("Binary Data")
        case .book: return tr("Book")
        case .gs1: return tr("Product Data")
        case .content(.text): return tr("Text")
        case .content(.link): return tr("Link")
        case .content(.wifi): return tr("Wi-Fi Network")
        case .content(.contact): return tr("Contact")
        case .content(.email): return tr("E-mail")
        case .content(.phone): return tr("Phone Number")
        case .content(.sms): return tr("Text Message")
        case .content(.geo): return tr("Place")
        case .content(.event): return tr("Event")
        case .content(.otp): return tr("Login Code")
        case .content(.payment): return tr("Payment")
        case .content(.product): return tr("Product")
        case .content(.boardingPass): return tr("Boarding Pass")
        case .content(.identityDocument): return tr("Identity Document")
        case .content(.railTicket): return tr("Rail Ticket")
        }
    }
}
