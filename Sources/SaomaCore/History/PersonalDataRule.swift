// SPDX-License-Identifier: GPL-3.0-or-later

/// Which chosen codes the history keeps by itself: every code except documents that carry
/// personal data (a boarding pass: name and booking reference; a driver's licence or ID card:
/// name, birth date, address; a rail ticket: its holder), which are kept only when the person
/// presses Keep on the result page.
///
/// Pure; the window's recorder, continuous scanning and the result page's button follow it.
public enum PersonalDataRule {
    /// What happens to a chosen code.
    public enum Decision: Hashable, Sendable {
        /// Recorded as it is chosen.
        case record
        /// Recorded only if the person asks (the result page offers Keep).
        case askFirst
    }

    /// The kinds of content that hold personal data.
    public static let personalKinds: Set<ContentKind> = [.boardingPass, .identityDocument, .railTicket]

    /// The decision for content of `kind`.
    public static func decision(for kind: ContentKind) -> Decision {
        personalKinds.contains(kind) ? .askFirst : .record
    }

    /// The decision for a decoded symbol (binary payloads that are no ticket are recorded).
    public static func decision(for symbol: Symbol) -> Decision {
        guard let content = ContentParser.parse(symbol) else { return .record }
        return decision(for: content.kind)
    }
}
