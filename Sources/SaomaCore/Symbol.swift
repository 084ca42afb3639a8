// SPDX-License-Identifier: GPL-3.0-or-later

/// One decoded code: what it says and where it sits.
public struct Symbol: Hashable, Sendable {
    public var format: Symbology
    /// The payload exactly as encoded (NULs included).
    public var bytes: [UInt8]
    /// The payload as text, or `nil` when it is not text in any encoding we recognise.
    public var text: String?
    /// The outline of the code in image pixels (display orientation): for QR codes the four
    /// corners top-left, bottom-left, bottom-right, top-right; for linear codes the same four
    /// corners of the box around the scan lines that read them.
    public var corners: [Point]
    /// Whether the code marks its data as a GS1 element string (FNC1 in first position: GS1-128,
    /// GS1 DataBar, GS1 DataMatrix); `bytes` then hold the element string, later FNC1s as GS.
    public var isGS1: Bool
    /// Where this symbol stands in a structured-append message (one message split over several
    /// symbols), or `nil` when it is a whole message.
    public var sequence: Sequence?
    /// For a message joined from structured-append parts: how many parts it has and which are
    /// missing; `nil` for a symbol read whole.
    public var assembly: Assembly?

    /// A symbol's place in a structured-append message.
    public struct Sequence: Hashable, Sendable {
        /// 0-based position of this part.
        public var index: Int
        /// How many parts the message has (0 when the symbology does not say).
        public var count: Int
        /// What the parts of one message share (QR: the parity byte as digits; PDF417: the file id).
        public var id: [UInt8]

        public init(index: Int, count: Int, id: [UInt8]) {
            self.index = index
            self.count = count
            self.id = id
        }
    }

    /// A message joined from structured-append parts.
    public struct Assembly: Hashable, Sendable {
        /// How many parts the message has (when `isOpenEnded`, how many are known: up to the last one read).
        public var total: Int
        /// The 0-based indices of the parts not read (empty when the message is whole).
        public var missing: [Int]
        /// Whether the parts do not say how many there are and the last was not read (a PDF417
        /// macro without its optional segment count): parts after `total` are missing too.
        public var isOpenEnded: Bool

        public init(total: Int, missing: [Int], isOpenEnded: Bool = false) {
            self.total = total
            self.missing = missing
            self.isOpenEnded = isOpenEnded
        }

        /// Whether every part was read.
        public var isComplete: Bool { missing.isEmpty && !isOpenEnded }
    }

    public init(format: Symbology, bytes: [UInt8], text: String?, corners: [Point], isGS1: Bool = false, sequence: Sequence? = nil) {
        self.format = format
        self.bytes = bytes
        self.text = text
        self.corners = corners
        self.isGS1 = isGS1
        self.sequence = sequence
    }

    /// What to show a person: the text, else the bytes as hex.
    public var displayText: String { text ?? Symbol.hex(bytes) }

    /// Whether the bytes are the UTF-8 encoding of `text` (so no separate bytes need reporting).
    public var isUTF8Text: Bool {
        guard let text else { return false }
        return Array(text.utf8) == bytes
    }

    /// The centre of the outline's bounding box, in image pixels.
    public var center: Point { Rect(bounding: corners).center }

    /// Lower-case hex of `bytes`, two digits per byte.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Array where Element == Symbol {
    /// Reading order (`ReadingOrder`): top-to-bottom rows, each left-to-right, by the centres of
    /// the outlines; codes at the same place are ordered by their text.
    public func sortedInReadingOrder(rowTolerance: Double = ReadingOrder.defaultRowTolerance) -> [Symbol] {
        ReadingOrder.indices(of: map { Rect(bounding: $0.corners) }, rowTolerance: rowTolerance) {
            self[$0].displayText < self[$1].displayText
        }
        .map { self[$0] }
    }
}
