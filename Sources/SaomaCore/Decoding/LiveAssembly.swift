// SPDX-License-Identifier: GPL-3.0-or-later

/// Structured-append messages gathered over one live view: the parts of a message a camera shows
/// one or two at a time are kept for a while, and the message is reported once all of them have
/// been seen, or, when some never show up, once its first part has waited `patience` seconds (then
/// with the parts missing named). Times are monotonic seconds, passed in.
public struct LiveAssembly: Sendable {
    /// Seconds a part seen stays remembered after it was last in view.
    public static let memory = 5.0
    /// Seconds a message with parts missing waits for them before it is reported as it is.
    public static let patience = 2.0

    struct Seen: Sendable {
        var part: Symbol
        var lastSeen: Double
    }

    /// What the parts of one message, or of messages sharing an id, have in common.
    struct Key: Hashable, Sendable {
        var format: Symbology
        var id: [UInt8]
    }

    /// Distinct readings kept of one part (two messages sharing an id show two).
    static let readingsPerPart = 4

    /// The distinct readings of each part (its index, count and bytes), by message.
    private var parts: [Key: [Int: [Seen]]] = [:]
    private var firstSeen: [Key: Double] = [:]

    public init() {}

    /// The codes to report for a frame's `symbols` at `time`: whole codes as they are; a message's
    /// parts as one joined message when every part has now been seen (or its wait is over), with
    /// the outline of the parts in this frame, else nothing yet. Parts read with different
    /// payloads are never joined by guess (`StructuredAppend.assembled`): they are reported each
    /// by itself once the wait is over. `text` reads a joined payload.
    public mutating func frame(_ symbols: [Symbol], at time: Double, text: ([UInt8]) -> String?) -> [Symbol] {
        forget(before: time - Self.memory)
        var out: [Symbol] = []
        var inView: [Key: [Symbol]] = [:]
        for symbol in symbols {
            guard let sequence = symbol.sequence else {
                out.append(symbol)
                continue
            }
            let key = Key(format: symbol.format, id: sequence.id)
            var readings = parts[key]?[sequence.index] ?? []
            if let same = readings.firstIndex(where: { $0.part.bytes == symbol.bytes && $0.part.sequence == sequence }) {
                readings[same] = Seen(part: symbol, lastSeen: time)
            } else if readings.count < Self.readingsPerPart {
                readings.append(Seen(part: symbol, lastSeen: time))
            }
            parts[key, default: [:]][sequence.index] = readings
            if firstSeen[key] == nil { firstSeen[key] = time }
            inView[key, default: []].append(symbol)
        }
        for (key, visible) in inView {
            guard let seen = parts[key] else { continue }
            let messages = StructuredAppend.assembled(seen.values.flatMap { $0.map(\.part) }, text: text).filter { $0.assembly != nil }
            let complete = !messages.isEmpty && messages.allSatisfy { $0.assembly?.isComplete == true }
            guard complete || time - (firstSeen[key] ?? time) >= Self.patience else { continue }
            // Every part's bytes, the outline of the ones in this frame.
            let box = Rect(bounding: visible.flatMap(\.corners))
            for var message in messages {
                message.corners = box.outline
                out.append(message)
            }
            parts[key] = nil
            firstSeen[key] = nil
        }
        return out.sortedInReadingOrder()
    }

    /// Drops parts last seen before `time`, and messages left with none.
    private mutating func forget(before time: Double) {
        for (key, seen) in parts {
            let kept = seen.compactMapValues { readings -> [Seen]? in
                let recent = readings.filter { $0.lastSeen >= time }
                return recent.isEmpty ? nil : recent
            }
            parts[key] = kept.isEmpty ? nil : kept
            if kept.isEmpty { firstSeen[key] = nil }
        }
    }
}
