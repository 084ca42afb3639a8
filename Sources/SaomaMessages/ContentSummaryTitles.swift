// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore

/// The words of a list title: the kind's name and "Home Network · Wi-Fi", for every front end
/// that lists codes (the History and Session pages, tooltips, the desktop's search results).
extension ContentSummary {
    /// "Home Network · Wi-Fi", or the kind's name alone when nothing names the code better.
    /// Never holds a secret (see `ContentSummary`).
    public var title: String {
        guard !subject.isEmpty else { return kindName }
        // Translators: a code in a list: what it is about ("Home Network", "gnome.org"), then its kind ("Wi-Fi", "Link").
        return tr("{subject} · {kind}", ["subject": subject, "kind": kindName])
    }

    /// The kind's name in a list ("Wi-Fi", "Contact", "Link", "Product").
    public var kindName: String {
        switch kind {
        case .content(let kind): kind.listName
        case .book: tr("Book")
        case .gs1: tr("Product Data")
        case .binary: tr("Binary Data")
        }
    }
}

extension ContentKind {
    /// The name of this kind in a list title.
    public var listName: String {
        switch self {
        case .text: tr("Text")
        case .link: tr("Link")
        case .wifi: tr("Wi-Fi")
        case .contact: tr("Contact")
        case .email: tr("E-mail")
        case .phone: tr("Phone Number")
        case .sms: tr("Text Message")
        case .geo: tr("Location")
        case .event: tr("Event")
        case .otp: tr("Login Code")
        case .payment: tr("Payment")
        case .product: tr("Product")
        case .boardingPass: tr("Boarding Pass")
        case .identityDocument: tr("ID Document")
        case .railTicket: tr("Rail Ticket")
        }
    }
}
