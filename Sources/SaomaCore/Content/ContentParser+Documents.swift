// SPDX-License-Identifier: GPL-3.0-or-later

/// Documents in codes: boarding passes and AAMVA cards by their text's layout, rail tickets by
/// their bytes' header.
extension ContentParser {
    /// What a symbol's payload means: a rail ticket when its bytes start with a ticket header,
    /// else what its text means in a code of its symbology; `nil` for any other binary payload.
    public static func parse(_ symbol: Symbol) -> ScannedContent? {
        if let ticket = RailTicket(bytes: symbol.bytes) { return .railTicket(ticket) }
        return symbol.text.map { parse($0, symbology: symbol.format) }
    }

    /// A boarding pass or an AAMVA card, read from the text as scanned (their fixed widths and
    /// trailing terminators count), `nil` for anything else.
    static func parseDocument(_ text: String) -> ScannedContent? {
        if text.hasPrefix("M"), let pass = BoardingPass(bcbp: text) { return .boardingPass(pass) }
        if text.hasPrefix("@"), let card = IdentityDocument(aamva: text) { return .identityDocument(card) }
        return nil
    }
}
