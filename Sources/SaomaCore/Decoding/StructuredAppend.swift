// SPDX-License-Identifier: GPL-3.0-or-later

/// Structured append: one message split over several symbols (QR, PDF417, Data Matrix, Aztec),
/// joined back into one report with its parts counted.
public enum StructuredAppend {
    /// `symbols` with the parts of each message replaced by one symbol for the message: its bytes
    /// the parts' in order, its outline the box around every part read, `assembled` saying how many
    /// parts it has and which are missing. A message with parts missing is still reported (with
    /// the parts read, joined in order) so the person can be told which are missing; a message
    /// also read whole by an engine that joins parts itself is reported once, as that read.
    ///
    /// Parts are never joined by guess: when one part of a message is read with two different
    /// payloads (two messages sharing an id and a count, as zint's QR codes with parity 0 do),
    /// every distinct part is reported by itself, as a message with all its other parts missing.
    /// Parts that do not give the message's count (PDF417 without its optional segment count:
    /// count 0) belong with the message whose last segment gives it; without that segment the
    /// message is open-ended (`Symbol.Assembly.isOpenEnded`), never whole.
    ///
    /// `text` turns a joined payload into text (the engines' payload-text rule).
    public static func assembled(_ symbols: [Symbol], text: ([UInt8]) -> String?) -> [Symbol] {
        var families: [Family: [Symbol]] = [:]
        var order: [Family] = []
        var whole: [Symbol] = []
        for symbol in symbols {
            guard let sequence = symbol.sequence else {
                whole.append(symbol)
                continue
            }
            let family = Family(format: symbol.format, id: sequence.id)
            if families[family] == nil { order.append(family) }
            families[family, default: []].append(symbol)
        }
        var out = whole
        for family in order {
            for group in messages(in: families[family] ?? []) {
                out += joined(group.parts, count: group.count, whole: whole, text: text)
            }
        }
        return out.sortedInReadingOrder()
    }

    /// The parts of one family split into messages by the count they give: parts with no count
    /// (0) join the message of the one count given, else make an open-ended message of their own
    /// (`count` nil).
    static func messages(in parts: [Symbol]) -> [(parts: [Symbol], count: Int?)] {
        var counts: [Int] = []
        for part in parts {
            if let count = part.sequence?.count, count > 0, !counts.contains(count) { counts.append(count) }
        }
        let unknown = parts.filter { ($0.sequence?.count ?? 0) <= 0 }
        var groups: [(parts: [Symbol], count: Int?)] = counts.map { count in
            (parts.filter { $0.sequence?.count == count } + (counts.count == 1 ? unknown : []), count)
        }
        if counts.count != 1, !unknown.isEmpty { groups.append((unknown, nil)) }
        return groups
    }

    /// One message from its `parts` (one reading per part, else each distinct part alone).
    static func joined(_ parts: [Symbol], count: Int?, whole: [Symbol], text: ([UInt8]) -> String?) -> [Symbol] {
        // The distinct readings of each part, in the order read.
        var byIndex: [Int: [Symbol]] = [:]
        for part in parts {
            let index = part.sequence?.index ?? 0
            if byIndex[index]?.contains(where: { $0.bytes == part.bytes }) != true { byIndex[index, default: []].append(part) }
        }
        let indices = byIndex.keys.sorted()
        let known = min(maximumParts, max(count ?? 0, (indices.last ?? 0) + 1))
        func message(_ chosen: [Int: Symbol]) -> Symbol {
            let read = chosen.keys.sorted()
            let bytes = read.flatMap { chosen[$0]?.bytes ?? [] }
            let box = Rect(bounding: read.flatMap { chosen[$0]?.corners ?? [] })
            var message = Symbol(
                format: parts.first?.format ?? .qrCode, bytes: bytes, text: text(bytes), corners: box.outline,
                isGS1: read.first.flatMap { chosen[$0]?.isGS1 } ?? false)
            message.assembly = Symbol.Assembly(
                total: known, missing: (0..<known).filter { chosen[$0] == nil }, isOpenEnded: count == nil)
            return message
        }
        guard byIndex.values.allSatisfy({ $0.count == 1 }) else {
            return byIndex.values.flatMap { $0 }.map { part in message([part.sequence?.index ?? 0: part]) }
        }
        let single = message(byIndex.compactMapValues(\.first))
        if whole.contains(where: { $0.format == single.format && $0.bytes == single.bytes }) { return [] }
        return [single]
    }

    /// Most parts a message may name (QR's limit is 16, PDF417's far more): bounds the missing list.
    public static let maximumParts = 99_999

    /// What the parts of one message or of messages sharing an id have in common.
    struct Family: Hashable {
        var format: Symbology
        var id: [UInt8]
    }
}
