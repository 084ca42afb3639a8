// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Reads typed values front to back from one fuzzer input, the way libFuzzer's
/// `FuzzedDataProvider` does: past the end, every read gives zero, `false` or an empty string, so
/// any input (including an empty one) yields a value.
struct FuzzedData {
    private var bytes: ArraySlice<UInt8>

    init(_ data: UnsafeRawPointer, _ size: Int) {
        bytes = Array(UnsafeRawBufferPointer(start: data, count: size))[...]
    }

    /// Whether every byte has been read.
    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    mutating func bool() -> Bool {
        byte() & 1 == 1
    }

    /// A number in `0..<count` (0 when `count` is 0).
    mutating func index(below count: Int) -> Int {
        guard count > 0 else { return 0 }
        let value = Int(byte()) << 8 | Int(byte())
        return value % count
    }

    /// A signed 32-bit number.
    mutating func int32() -> Int32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(byte()) }
        return Int32(bitPattern: value)
    }

    /// Any 64-bit double, NaN and infinities included.
    mutating func double() -> Double {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return Double(bitPattern: value)
    }

    /// Raw bytes up to the next terminator: a backslash followed by anything but a backslash ends
    /// them (`\\` is one backslash), as in `FuzzedDataProvider::ConsumeRandomLengthString`.
    mutating func field() -> [UInt8] {
        var out: [UInt8] = []
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: "\\") {
                guard let next = bytes.popFirst(), next == UInt8(ascii: "\\") else { break }
            }
            out.append(b)
        }
        return out
    }

    /// A string field: its bytes read as UTF-8 (invalid sequences become U+FFFD, as they would
    /// in any String the app builds).
    mutating func string() -> String {
        String(decoding: field(), as: UTF8.self)
    }

    /// Every byte not yet read.
    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}

/// Stops the fuzzer with `message` on stderr when `condition` is false: libFuzzer records the
/// input as a crash (`crash-…` in the artifact directory).
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    let line = Array("fuzz invariant failed: \(message())\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
