// SPDX-License-Identifier: GPL-3.0-or-later

/// Decompresses zlib streams (RFC 1950 around RFC 1951's deflate), for the records inside a UIC
/// 918.3 rail ticket: pure, bounded and total.
///
/// Hostile input by design: every length and distance is checked, the output stops at `limit`
/// bytes (a "zip bomb" ends there with `.tooLarge`), and every decoded symbol either writes a byte,
/// copies at least three, or ends a block, so time is linear in the output. Huffman codes are
/// decoded canonically, bit by bit (as zlib's `puff` does): at most 15 steps a symbol. What it
/// accepts is what zlib accepts: a code-length code must be complete, and a literal/length or
/// distance code too unless it is a single one-bit code.
///
/// Hand-written because `SaomaCore` imports Foundation only (content parsing is pure and runs
/// everywhere a payload is parsed, the fuzz target included), and Foundation on Linux exposes no
/// zlib: the library is only loaded underneath FoundationNetworking (libcurl) and FoundationXML
/// (libxml2). The tests check it against zlib itself.
public enum Inflate {
    /// Why a stream was not decompressed.
    public enum Failure: Error, Hashable, Sendable {
        /// Not a zlib stream, or damaged (bad codes, distances, lengths, checksum, or cut short).
        case malformed
        /// More than `limit` bytes of output.
        case tooLarge
    }

    /// The data of the zlib stream `data` (header, deflate blocks, Adler-32 of the output).
    public static func zlib(_ data: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard data.count >= 6 else { throw .malformed }
        let cmf = Int(data[0])
        let flg = Int(data[1])
        // Deflate with a window of at most 32 KiB, a valid check, and no preset dictionary.
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flg) % 31 == 0, flg & 0x20 == 0 else { throw .malformed }
        var reader = BitReader(data, from: 2)
        let output = try inflate(&reader, limit: limit)
        let end = reader.byteAligned
        guard end + 4 <= data.count else { throw .malformed }
        let stored = data[end..<(end + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == adler32(output) else { throw .malformed }
        return output
    }

    /// RFC 1950's checksum of `bytes`.
    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// Deflate blocks from `reader` until the final one.
    static func inflate(_ reader: inout BitReader, limit: Int) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored(&reader, into: &output, limit: limit)
            case 1: try codes(&reader, into: &output, limit: limit, lengths: fixedLengths, distances: fixedDistances)
            case 2:
                let (lengths, distances) = try dynamicTables(&reader)
                try codes(&reader, into: &output, limit: limit, lengths: lengths, distances: distances)
            default: throw .malformed
            }
        }
        return output
    }

    /// A stored block: to the byte boundary, LEN and its complement, LEN bytes.
    static func stored(_ reader: inout BitReader, into output: inout [UInt8], limit: Int) throws(Failure) {
        let start = reader.byteAligned
        guard start + 4 <= reader.bytes.count else { throw .malformed }
        let length = Int(reader.bytes[start]) | Int(reader.bytes[start + 1]) << 8
        let complement = Int(reader.bytes[start + 2]) | Int(reader.bytes[start + 3]) << 8
        guard length == ~complement & 0xFFFF, start + 4 + length <= reader.bytes.count else { throw .malformed }
        guard output.count + length <= limit else { throw .tooLarge }
        output += reader.bytes[(start + 4)..<(start + 4 + length)]
        reader.position = (start + 4 + length) * 8
    }

    /// Base lengths and extra bits of length symbols 257…285, and of distance symbols 0…29.
    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
        16385, 24577,
    ]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The fixed codes of block type 1.
    static let fixedLengths = Huffman(
        lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8))
    static let fixedDistances = Huffman(lengths: Array(repeating: 5, count: 30))

    /// Literals, lengths and distances until the end-of-block symbol.
    static func codes(_ reader: inout BitReader, into output: inout [UInt8], limit: Int, lengths: Huffman?, distances: Huffman?)
        throws(Failure)
    {
        guard let lengths else { throw .malformed }
        while true {
            let symbol = try lengths.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw .tooLarge }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < lengthBase.count, let distances else { throw .malformed }
            let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
            let code = try distances.decode(&reader)
            guard code < distanceBase.count else { throw .malformed }
            let distance = distanceBase[code] + (try reader.bits(distanceExtra[code]))
            guard distance <= output.count else { throw .malformed }
            guard output.count + length <= limit else { throw .tooLarge }
            let from = output.count - distance
            for offset in 0..<length { output.append(output[from + offset]) }
        }
    }

    /// The order code-length code lengths come in (RFC 1951 §3.2.7).
    static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// A dynamic block's literal/length and distance codes.
    static func dynamicTables(_ reader: inout BitReader) throws(Failure) -> (Huffman?, Huffman?) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .malformed }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[lengthOrder[index]] = try reader.bits(3) }
        guard let lengthCode = Huffman(lengths: codeLengths), lengthCode.isComplete else { throw .malformed }
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw .malformed }
                lengths += Array(repeating: previous, count: 3 + (try reader.bits(2)))
            case 17: lengths += Array(repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += Array(repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] > 0 else { throw .malformed }
        let literals = Huffman(lengths: Array(lengths[0..<literalCount]))
        let distances = Huffman(lengths: Array(lengths[literalCount...]))
        // An incomplete code is a damaged stream, but for a lone one-bit code (zlib's rule); no
        // distance code at all is allowed (a block of literals only).
        guard let literals, literals.isComplete || literals.isSingle else { throw .malformed }
        if let distances, !(distances.isComplete || distances.isSingle) { throw .malformed }
        if distances == nil, lengths[literalCount...].contains(where: { $0 != 0 }) { throw .malformed }
        return (literals, distances)
    }
}

/// A canonical Huffman code: how many codes of each length (1…15), and the symbols in code order.
struct Huffman {
    let counts: [Int]
    let symbols: [Int]
    /// Whether every bit string is some symbol's code (no code left over).
    let isComplete: Bool

    /// Whether the code is a single symbol's one-bit code.
    var isSingle: Bool { counts[1] == 1 && counts.reduce(0, +) == 1 }

    /// The code of the symbols' `lengths` (0 = unused); `nil` when over-subscribed or empty.
    init?(lengths: [Int]) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[length] += 1 }
        var left = 1
        for length in 1...15 {
            left = left * 2 - counts[length]
            if left < 0 { return nil }
        }
        guard counts[0] < lengths.count else { return nil }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
        counts[0] = 0
        self.counts = counts
        self.symbols = symbols
        isComplete = left == 0
    }

    /// The next symbol from `reader`; malformed for a code no symbol has (an incomplete code).
    func decode(_ reader: inout BitReader) throws(Inflate.Failure) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try reader.bits(1)
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .malformed
    }
}

/// Bits least significant first, as deflate packs them.
struct BitReader {
    let bytes: [UInt8]
    /// The next bit's index.
    var position: Int

    init(_ bytes: [UInt8], from byte: Int) {
        self.bytes = bytes
        position = byte * 8
    }

    /// The next `count` bits (0…16) as a number, first bit lowest.
    mutating func bits(_ count: Int) throws(Inflate.Failure) -> Int {
        guard position + count <= bytes.count * 8 else { throw .malformed }
        var value = 0
        for index in 0..<count {
            let bit = Int(bytes[position / 8] >> UInt8(position % 8)) & 1
            value |= bit << index
            position += 1
        }
        return value
    }

    /// The index of the byte after the current one (the next whole byte).
    var byteAligned: Int { (position + 7) / 8 }
}
