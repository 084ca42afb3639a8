// SPDX-License-Identifier: GPL-3.0-or-later

/// The header of a Netpbm file (`P1`…`P6`): size, maximum value and where the raster starts.
public struct PNMHeader: Equatable, Sendable {
    /// 1…6, from the magic `P1`…`P6` (1–3 plain text, 4–6 binary).
    public var kind: Int
    public var width: Int
    public var height: Int
    /// The largest sample value (1 for bitmaps).
    public var maxValue: Int
    /// Offset of the first raster byte in the file.
    public var rasterOffset: Int

    /// Whether the raster is binary (`P4`, `P5`, `P6`), so its length is known from the header.
    public var isBinary: Bool { kind >= 4 }

    /// Bytes of a binary raster (nil for the plain-text kinds or when it overflows).
    public var rasterLength: Int? {
        guard isBinary else { return nil }
        let sampleBytes = maxValue > 255 ? 2 : 1
        let row: (partialValue: Int, overflow: Bool)
        switch kind {
        case 4: row = ((width + 7) / 8, false)
        case 5: row = width.multipliedReportingOverflow(by: sampleBytes)
        default: row = width.multipliedReportingOverflow(by: 3 * sampleBytes)
        }
        let total = row.partialValue.multipliedReportingOverflow(by: height)
        return row.overflow || total.overflow ? nil : total.partialValue
    }

    /// Whitespace as Netpbm defines it (space, tab, CR, LF, VT, FF).
    public static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Parses the header at the start of `bytes`; nil when it is not complete or not valid
    /// (numbers above 2³¹ included).
    public init?(_ bytes: some Collection<UInt8>) {
        let b = Array(bytes)
        guard b.count >= 3, b[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[1]) else { return nil }
        kind = Int(b[1] - UInt8(ascii: "0"))
        var i = 2
        var numbers: [Int] = []
        let needed = (kind == 1 || kind == 4) ? 2 : 3
        while numbers.count < needed {
            // Skip whitespace and comments (from `#` to the end of the line).
            while i < b.count && (Self.isSpace(b[i]) || b[i] == UInt8(ascii: "#")) {
                if b[i] == UInt8(ascii: "#") {
                    while i < b.count && b[i] != 0x0A && b[i] != 0x0D { i += 1 }
                } else {
                    i += 1
                }
            }
            var value = 0
            var digits = 0
            while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
                value = value * 10 + Int(b[i] - UInt8(ascii: "0"))
                digits += 1
                i += 1
                if value > Int(Int32.max) { return nil }
            }
            // A number must be followed by whitespace (the header is cut otherwise).
            guard digits > 0, i < b.count, Self.isSpace(b[i]) || b[i] == UInt8(ascii: "#") else { return nil }
            numbers.append(value)
        }
        width = numbers[0]
        height = numbers[1]
        maxValue = needed == 3 ? numbers[2] : 1
        // Exactly one whitespace byte separates the header from a binary raster.
        rasterOffset = i + 1
        guard width > 0, height > 0, maxValue > 0, maxValue < 65_536 else { return nil }
    }
}
