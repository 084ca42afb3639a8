// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaCore

/// zlib streams made by Python's zlib (the reference implementation), read back by `Inflate`.
enum ZlibReference {
    /// `bytes` compressed by zlib at `level` with `strategy` (0 default, 4 fixed Huffman codes only).
    static func compress(_ bytes: [UInt8], level: Int, strategy: Int = 0) throws -> [UInt8] {
        let script =
            "import sys, zlib; c = zlib.compressobj(\(level), zlib.DEFLATED, 15, 8, \(strategy)); "
            + "sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read()) + c.flush())"
        let run = try runToolStatus("/usr/bin/python3", ["-c", script], input: Data(bytes))
        try #require(run.status == 0, "python3 zlib: \(run.stderr)")
        return Array(run.stdout)
    }

    /// Text-like and binary data of `count` bytes, the same on every run.
    static func sample(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        let words = Array("U_HEAD01005310801234567890 FLEX TLAY 0080BL Zürich Wien ".utf8)
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return index % 7 == 0 ? UInt8(truncatingIfNeeded: state >> 33) : words[Int(state >> 40) % words.count]
        }
    }
}

@Suite("Inflate: zlib streams from the reference implementation, and hostile ones")
struct InflateTests {
    @Test(
        "every level and strategy reads back exactly",
        arguments: [(0, 0), (1, 0), (6, 0), (9, 0), (6, 4), (9, 2)])
    func roundTrip(_ row: (level: Int, strategy: Int)) throws {
        for (count, seed) in [(0, 1), (1, 2), (300, 3), (5000, 4), (40_000, 5)] as [(Int, UInt64)] {
            let data = ZlibReference.sample(count, seed: seed)
            let stream = try ZlibReference.compress(data, level: row.level, strategy: row.strategy)
            #expect(try Inflate.zlib(stream, limit: 1 << 20) == data, "\(count) bytes, level \(row.level), strategy \(row.strategy)")
        }
    }

    @Test("a stream that decompresses beyond the limit stops there")
    func bomb() throws {
        let stream = try ZlibReference.compress([UInt8](repeating: 0, count: 4 << 20), level: 9)
        #expect(stream.count < 8000)
        #expect(throws: Inflate.Failure.tooLarge) { try Inflate.zlib(stream, limit: RailTicket.maximumRecordBytes) }
    }

    @Test("damaged streams are malformed: cut short, a wrong checksum, a wrong header, a preset dictionary")
    func damaged() throws {
        let stream = try ZlibReference.compress(ZlibReference.sample(2000, seed: 9), level: 6)
        for cut in [2, 3, 10, stream.count / 2, stream.count - 1] {
            #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib(Array(stream.prefix(cut)), limit: 1 << 20) }
        }
        var checksum = stream
        checksum[checksum.count - 1] ^= 1
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib(checksum, limit: 1 << 20) }
        var header = stream
        header[0] = 0x79
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib(header, limit: 1 << 20) }
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib([0x78, 0xBB, 0, 0, 0, 0, 0], limit: 1 << 20) }
        // A fixed block whose first symbol copies from before the start (distance 1, nothing written).
        #expect(throws: Inflate.Failure.malformed) { try Inflate.zlib([0x78, 0x9C, 0x03, 0x02, 0, 0, 0, 0, 0], limit: 1 << 20) }
    }

    @Test("random bytes behind a valid header never crash and never exceed the limit")
    func random() {
        var state: UInt64 = 42
        for round in 0..<2000 {
            let count = 2 + round % 300
            var bytes: [UInt8] = [0x78, 0x9C]
            for _ in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            if let output = try? Inflate.zlib(bytes, limit: 4096) { #expect(output.count <= 4096) }
        }
    }

    @Test("Adler-32 of RFC 1950's example")
    func adler() {
        #expect(Inflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Inflate.adler32([]) == 1)
    }
}
