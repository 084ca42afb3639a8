// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// zlib itself (through Python's `zlib` module) as the reference for Saoma's `Inflate`: streams
/// it writes, and its verdict on streams made by hand.
public enum ZlibReference {
    /// `bytes` compressed by zlib at `level` with `strategy` (0 default, 1 filtered, 2 Huffman
    /// only, 4 fixed codes only) and a window of 2^`windowBits` bytes (9…15).
    public static func compress(_ bytes: [UInt8], level: Int, strategy: Int = 0, windowBits: Int = 15) throws -> [UInt8] {
        let script =
            "import sys, zlib; c = zlib.compressobj(\(level), zlib.DEFLATED, \(windowBits), 8, \(strategy)); "
            + "sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read()) + c.flush())"
        let run = try runToolStatus("/usr/bin/python3", ["-c", script], input: Data(bytes))
        guard run.succeeded else { throw EndToEndError("python3 zlib compress: \(run.errors)") }
        return Array(run.stdout)
    }

    /// What zlib's `decompress` makes of `stream`: its output, or `nil` when zlib rejects it.
    public static func decompress(_ stream: [UInt8]) throws -> [UInt8]? {
        let script =
            "import sys, zlib\ntry: sys.stdout.buffer.write(b'+' + zlib.decompress(sys.stdin.buffer.read()))\n"
            + "except zlib.error: sys.stdout.buffer.write(b'-')"
        let run = try runToolStatus("/usr/bin/python3", ["-c", script], input: Data(stream))
        guard run.succeeded, let verdict = run.stdout.first else { throw EndToEndError("python3 zlib decompress: \(run.errors)") }
        return verdict == UInt8(ascii: "+") ? Array(run.stdout.dropFirst()) : nil
    }

    /// Text-like and binary data of `count` bytes, the same on every run.
    public static func sample(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        let words = Array("U_HEAD01005310801234567890 FLEX TLAY 0080BL Zürich Wien ".utf8)
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return index % 7 == 0 ? UInt8(truncatingIfNeeded: state >> 33) : words[Int(state >> 40) % words.count]
        }
    }
}
