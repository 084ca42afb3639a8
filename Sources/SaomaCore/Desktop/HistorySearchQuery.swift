// SPDX-License-Identifier: GPL-3.0-or-later

/// The desktop's search over the history (GNOME Shell's search provider): the terms the Shell
/// sends made safe to query with, the result ids it gets back, and which rows a search may show.
///
/// The terms come from any client of the session bus: they are bounded in number and length, and
/// a result id that is not one of ours is refused. A row is shown only when every term is found
/// in what the row shows or may show: a Wi-Fi code's password (and the other secrets of its
/// payload) is never searched, so a search cannot tell it. Pure; safe from any thread.
public struct HistorySearchQuery: Hashable, Sendable {
    /// Most terms searched (the Shell splits what is typed at white space); further ones are dropped.
    public static let maximumTerms = 8
    /// Longest term, in characters; longer terms are cut.
    public static let maximumTermCharacters = 100
    /// Most results handed to the Shell (it shows five per provider).
    public static let maximumResults = 10
    /// Prefix of every result id (`history-42`).
    static let resultIDPrefix = "history-"
    /// Longest result id read (a prefix and an `Int64`).
    static let maximumResultIDCharacters = 40

    /// The terms to search for: trimmed, none empty, at most `maximumTerms` of `maximumTermCharacters`.
    public let terms: [String]

    /// The query for the terms the Shell sent (`nil` when none is left to search for).
    public init?(terms raw: [String]) {
        var terms: [String] = []
        for term in raw {
            let trimmed = ContentParser.trimmingSpace(term)
            guard !trimmed.isEmpty else { continue }
            terms.append(String(trimmed.prefix(Self.maximumTermCharacters)))
            if terms.count == Self.maximumTerms { break }
        }
        guard !terms.isEmpty else { return nil }
        self.terms = terms
    }

    /// The result id of the row with `id`.
    public static func resultID(rowID id: Int64) -> String { resultIDPrefix + String(id) }

    /// The row id a result id names, `nil` for anything that is not one of ours.
    public static func rowID(resultID: String) -> Int64? {
        guard resultID.utf8.count <= maximumResultIDCharacters, resultID.hasPrefix(resultIDPrefix) else { return nil }
        let digits = resultID.dropFirst(resultIDPrefix.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(digits), id > 0 else { return nil }
        return id
    }

    /// Whether `record`, which the store matched on its text or label, may be shown for these
    /// terms: each term must be in its searchable parts, case-insensitively.
    public func shows(_ record: HistoryRecord) -> Bool {
        let parts = Self.searchableParts(of: record).map { $0.lowercased() }
        return terms.allSatisfy { term in
            let needle = term.lowercased()
            return parts.contains { $0.contains(needle) }
        }
    }

    /// What of `record` a search may match: its label, and its text, except that a Wi-Fi code
    /// offers only its network name (its password, identity and other fields are never searched).
    static func searchableParts(of record: HistoryRecord) -> [String] {
        var parts = record.label.map { [$0] } ?? []
        guard let text = record.text else { return parts }
        if record.kind == .content(.wifi) || ContentParser.schemePrefix(of: ContentParser.trimmingSpace(text))?.lowercased() == "wifi" {
            if case .wifi(let network) = ContentParser.parse(text) { parts.append(network.ssid) }
            return parts
        }
        parts.append(text)
        return parts
    }
}
