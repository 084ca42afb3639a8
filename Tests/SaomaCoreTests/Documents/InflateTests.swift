// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

@Suite("Inflate: zlib streams from zlib itself, streams made bit by bit, and hostile ones")
struct InflateTests {
    @Test(
        "every level, strategy and window size reads back exactly",
        arguments: [(0, 0, 15), (1, 0, 15), (6, 0, 15), (9, 0, 15), (6, 1, 15), (9, 2, 15), (6, 4, 15), (9, 0, 9), (6, 0, 12)])
    func roundTrip(_ row: (level: Int, strategy: Int, windowBits: Int)) throws {
        for (count, seed) in [(0, 1), (1, 2), (300, 3), (5000, 4), (40_000, 5)] as [(Int, UInt64)] {
            let data = ZlibReference.sample(count, seed: seed)
            let stream = try ZlibReference.compress(data, level: row.level, strategy: row.strategy, windowBits: row.windowBits)
            #expect(
                try Inflate.zlib(stream, limit: 1 << 20) == data,
                "\(count) bytes, level \(row.level), strategy \(row.strategy), window 2^\(row.windowBits)")
        }
    }

    /// Deflate bits as RFC 1951 packs them: numbers least significant bit first, Huffman codes
    /// most significant bit first.
    struct Bits {
        var bytes: [UInt8] = []
        var used = 0

        /// `value` in `count` bits, lowest first.
        mutating func number(_ value: Int, _ count: Int) {
            for index in 0..<count { bit((value >> index) & 1) }
        }

        /// A Huffman code written as its bits (`"110"`), first bit first.
        mutating func code(_ bits: String) {
            for character in bits { bit(character == "1" ? 1 : 0) }
        }

        mutating func bit(_ value: Int) {
            if used % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(value) << UInt8(used % 8)
            used += 1
        }

        /// A fixed-Huffman block (`BFINAL` set unless not `final`, `BTYPE` 01), then its codes, each
        /// written as its bits.
        mutating func fixedBlock(_ codes: String..., final: Bool = true) {
            number(final ? 1 : 0, 1)
            number(1, 2)
            for bits in codes { code(bits) }
        }

        /// A final stored block of `bytes`: its header, padding to the byte, LEN, NLEN (LEN's
        /// complement unless `nlen` says otherwise) and the bytes.
        mutating func storedBlock(_ stored: [UInt8], nlen: Int? = nil) {
            number(1, 1)
            number(0, 2)
            number(0, (8 - used % 8) % 8)
            number(stored.count, 16)
            number(nlen ?? (~stored.count & 0xFFFF), 16)
            for byte in stored { number(Int(byte), 8) }
        }

        /// Code-length symbol 18, written as `code`: `11 + extra` zero lengths (`extra` in 7 bits).
        mutating func zeros(_ code: String, extra: Int) {
            self.code(code)
            number(extra, 7)
        }

        /// Code lengths giving only `A` (65) and the end of block (256) a literal/length code, and
        /// the one distance code none: `a`, `end` and `zero` are the code-length code's codes for
        /// their lengths, `zeroRun` its code for symbol 18.
        mutating func lengthsOfAAndEnd(a: String, end: String, zero: String, zeroRun: String) {
            zeros(zeroRun, extra: 54)
            code(a)
            zeros(zeroRun, extra: 127)
            zeros(zeroRun, extra: 41)
            code(end)
            code(zero)
        }

        /// A final dynamic block's header: `literals` and `distances` code counts, and the
        /// code-length code's lengths by symbol (sent in RFC 1951's order, as few as needed).
        mutating func dynamicHeader(literals: Int = 257, distances: Int = 1, codeLengths: [Int: Int]) {
            number(1, 1)
            number(2, 2)
            number(literals - 257, 5)
            number(distances - 1, 5)
            let sent = max(4, (Inflate.lengthOrder.lastIndex { codeLengths[$0] != nil } ?? 0) + 1)
            number(sent - 4, 4)
            for symbol in Inflate.lengthOrder.prefix(sent) { number(codeLengths[symbol] ?? 0, 3) }
        }

        /// The zlib stream of these deflate bits: header, the bits, Adler-32 of `output`.
        func stream(of output: [UInt8]) -> [UInt8] {
            let adler = Inflate.adler32(output)
            return [0x78, 0x01] + bytes + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
        }
    }

    /// Hand-made streams: what each should decompress to (`nil`: rejected), which zlib must agree with.
    static let madeStreams: [(name: String, output: [UInt8]?, stream: [UInt8])] = {
        var rows: [(String, [UInt8]?, [UInt8])] = []
        // `checked`: the bytes the checksum is of, when the stream is rejected (what a reader that
        // missed the damage would write), so that only the damage makes it fail.
        func row(_ name: String, _ output: [UInt8]?, checked: [UInt8] = [], _ write: (inout Bits) -> Void) {
            var bits = Bits()
            write(&bits)
            rows.append((name, output, bits.stream(of: output ?? checked)))
        }
        row("fixed codes: a literal and the end", Array("A".utf8)) { $0.fixedBlock("01110001", "0000000") }
        row("fixed codes: a copy overlapping itself (length 10, distance 1)", Array(repeating: 0x41, count: 11)) {
            $0.fixedBlock("01110001", "0001000", "00000", "0000000")
        }
        row("fixed codes: length symbol 286", nil) { $0.fixedBlock("01110001", "11000110", "00000", "0000000") }
        row("fixed codes: distance code 30", nil) { $0.fixedBlock("01110001", "0000001", "11110", "0000000") }
        row("a stored block of two bytes", [0x00, 0xFF]) { $0.storedBlock([0x00, 0xFF]) }
        row("a stored block whose NLEN is not LEN's complement", nil, checked: [0x00, 0xFF]) { $0.storedBlock([0x00, 0xFF], nlen: 0xFFFC) }
        row("block type 3", nil) { bits in
            bits.number(1, 1)
            bits.number(3, 2)
            bits.number(0, 29)
        }
        row("a block that is not final, then nothing", nil) { $0.fixedBlock("0000000", final: false) }
        row("dynamic: 287 literal/length codes", nil) { bits in
            bits.dynamicHeader(literals: 287, codeLengths: [0: 1, 18: 1])
            for _ in 0..<8 { bits.zeros("1", extra: 127) }
        }
        row("dynamic: 31 distance codes", nil) { bits in
            bits.dynamicHeader(distances: 31, codeLengths: [0: 1, 18: 1])
            for _ in 0..<8 { bits.zeros("1", extra: 127) }
        }
        row("dynamic: an over-subscribed code-length code", nil) { bits in
            bits.dynamicHeader(codeLengths: [0: 1, 1: 1, 2: 1])
            bits.number(0, 300)
        }
        row("dynamic: an incomplete code-length code", nil) { bits in
            bits.dynamicHeader(codeLengths: [0: 1])
            bits.number(0, 300)
        }
        row("dynamic: repeat the previous length with none before", nil) { bits in
            bits.dynamicHeader(codeLengths: [0: 1, 16: 1])
            bits.code("1")
            bits.number(0, 300)
        }
        row("dynamic: no end-of-block code", nil) { bits in
            bits.dynamicHeader(codeLengths: [0: 1, 18: 1])
            bits.zeros("1", extra: 127)
            bits.zeros("1", extra: 109)
            bits.number(0, 16)
        }
        row("dynamic: code lengths running past the count", nil) { bits in
            bits.dynamicHeader(codeLengths: [0: 1, 18: 1])
            bits.zeros("1", extra: 127)
            bits.zeros("1", extra: 127)
            bits.number(0, 16)
        }
        // Code-length code: 0 → "0", 1 → "10", 18 → "11" (lengths 1, 2, 2).
        row("dynamic: literals only, no distance code", Array("AAA".utf8)) { bits in
            bits.dynamicHeader(codeLengths: [0: 1, 1: 2, 18: 2])
            bits.lengthsOfAAndEnd(a: "10", end: "10", zero: "0", zeroRun: "11")
            bits.code("0001")
        }
        row("dynamic: a lone one-bit literal/length code (the end of block)", []) { bits in
            bits.dynamicHeader(codeLengths: [0: 1, 1: 2, 18: 2])
            bits.zeros("11", extra: 127)
            bits.zeros("11", extra: 107)
            bits.code("10")
            bits.code("0")
            bits.code("0")
        }
        // Code-length code: 0 → "0", 18 → "10", 1 → "110", 2 → "111".
        row("dynamic: an incomplete literal/length code", nil, checked: Array("A".utf8)) { bits in
            bits.dynamicHeader(codeLengths: [0: 1, 1: 3, 2: 3, 18: 2])
            bits.lengthsOfAAndEnd(a: "110", end: "111", zero: "0", zeroRun: "10")
            bits.code("0")
            bits.code("10")
        }
        return rows.map { (name: $0.0, output: $0.1, stream: $0.2) }
    }()

    @Test("streams made bit by bit: Inflate and zlib give the same verdict", arguments: InflateTests.madeStreams.indices)
    func made(_ index: Int) throws {
        let row = InflateTests.madeStreams[index]
        let ours = try? Inflate.zlib(row.stream, limit: 1 << 20)
        #expect(ours == row.output, "\(row.name): Inflate")
        #expect(try ZlibReference.decompress(row.stream) == row.output, "\(row.name): zlib")
    }

    @Test("a stream that decompresses beyond the limit stops there")
    func bomb() throws {
        let stream = try ZlibReference.compress([UInt8](repeating: 0, count: 4 << 20), level: 9)
        #expect(stream.count < 8000)
        #expect(throws: Inflate.Failure.tooLarge) { try Inflate.zlib(stream, limit: RailTicket.maximumRecordBytes) }
        let stored = try ZlibReference.compress(ZlibReference.sample(70_000, seed: 6), level: 0)
        #expect(throws: Inflate.Failure.tooLarge) { try Inflate.zlib(stored, limit: RailTicket.maximumRecordBytes) }
        #expect(try Inflate.zlib(stored, limit: 70_000).count == 70_000, "exactly the limit is allowed")
    }

    @Test("damaged streams are malformed: cut short, a wrong checksum, a wrong header, a preset dictionary")
    func damaged() throws {
        let stream = try ZlibReference.compress(ZlibReference.sample(2000, seed: 9), level: 6)
        for cut in [0, 2, 3, 10, stream.count / 2, stream.count - 1] {
            #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib(Array(stream.prefix(cut)), limit: 1 << 20) }
        }
        var checksum = stream
        checksum[checksum.count - 1] ^= 1
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib(checksum, limit: 1 << 20) }
        var header = stream
        header[0] = 0x79
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib(header, limit: 1 << 20) }
        // A window of 2^16 bytes (CINFO 8), more than deflate allows; the check bits made right.
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib([0x88, 0x1C] + stream.dropFirst(2), limit: 1 << 20) }
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib([0x78, 0xBB, 0, 0, 0, 0, 0], limit: 1 << 20) }
        // A fixed block whose first symbol copies from before the start (distance 1, nothing written).
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib([0x78, 0x9C, 0x03, 0x02, 0, 0, 0, 0, 0], limit: 1 << 20) }
    }

    @Test("random bytes behind a valid header never crash, never exceed the limit, and agree with zlib")
    func random() throws {
        var state: UInt64 = 42
        var accepted = 0
        for round in 0..<2000 {
            let count = 2 + round % 300
            var bytes: [UInt8] = [0x78, 0x9C]
            for _ in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            if let output = try? Inflate.zlib(bytes, limit: 4096) {
                #expect(output.count <= 4096)
                #expect(try ZlibReference.decompress(bytes) == output, "round \(round): zlib disagrees")
                accepted += 1
            }
        }
        // Random deflate data almost never ends in the right Adler-32.
        #expect(accepted < 5)
    }

    @Test("Adler-32 of RFC 1950's example")
    func adler() {
        #expect(Inflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Inflate.adler32([]) == 1)
    }
}
