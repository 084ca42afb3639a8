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
    /// `text` turns a joined payload into text (the engines' payload-text rule).
    public static func assembled(_ symbols: [Symbol], text: ([UInt8]) -> String?) -> [Symbol] {
        var groups: [Key: [Symbol]] = [:]
        var order: [Key] = []
        var whole: [Symbol] = []
        for symbol in symbols {
            guard let sequence = symbol.sequence else {
                whole.append(symbol)
                continue
            }
            let key = Key(format: symbol.format, id: sequence.id, count: sequence.count)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(symbol)
        }
        var out = whole
        for key in order {
            guard let parts = groups[key] else { continue }
            // One read per part (the first), in part order.
            var byIndex: [Int: Symbol] = [:]
            for part in parts where byIndex[part.sequence?.index ?? -1] == nil { byIndex[part.sequence?.index ?? -1] = part }
            let indices = byIndex.keys.sorted()
            let total = max(key.count, (indices.last ?? 0) + 1)
            let missing = (0..<min(total, maximumParts)).filter { byIndex[$0] == nil }
            let bytes = indices.flatMap { byIndex[$0]?.bytes ?? [] }
            if whole.contains(where: { $0.format == key.format && $0.bytes == bytes }) { continue }
            let corners = indices.flatMap { byIndex[$0]?.corners ?? [] }
            let box = Rect(bounding: corners)
            var message = Symbol(
                format: key.format, bytes: bytes, text: text(bytes),
                corners: [
                    Point(x: box.minX, y: box.minY), Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY),
                    Point(x: box.maxX, y: box.minY),
                ],
                isGS1: byIndex[indices.first ?? 0]?.isGS1 ?? false)
            message.assembly = Symbol.Assembly(total: total, missing: missing)
            out.append(message)
        }
        return out.sortedInReadingOrder()
    }

    /// Most parts a message may name (QR's limit is 16, PDF417's far more): bounds the missing list.
    public static let maximumParts = 99_999

    /// What the parts of one message share.
    struct Key: Hashable {
        var format: Symbology
        var id: [UInt8]
        var count: Int
    }
}
