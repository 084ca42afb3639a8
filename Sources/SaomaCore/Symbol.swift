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

    public init(format: Symbology, bytes: [UInt8], text: String?, corners: [Point], isGS1: Bool = false) {
        self.format = format
        self.bytes = bytes
        self.text = text
        self.corners = corners
        self.isGS1 = isGS1
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
