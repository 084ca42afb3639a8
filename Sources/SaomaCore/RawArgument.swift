// SPDX-License-Identifier: GPL-3.0-or-later

/// Command-line arguments kept byte for byte, even when they are not UTF-8.
///
/// Pure; safe from any thread. `CommandLine.arguments` replaces bytes that are not UTF-8 with
/// U+FFFD, so a file named with such bytes cannot be opened and text changes silently. Like
/// Python's "surrogateescape" (PEP 383), `decode` keeps valid UTF-8 as it is and carries each
/// byte of an invalid sequence as one private-use scalar, U+10FF00 + byte (U+10FF80…U+10FFFF);
/// `bytes(of:)` turns such a string back into the exact bytes for `open()`. Text that must be
/// UTF-8 (what `saoma generate` encodes) is checked with `isUTF8`.
public enum RawArgument {
    /// The first scalar used for a carried byte (byte 0x00 would map here; only 0x80…0xFF occur).
    static let escapeBase: UInt32 = 0x10_FF00

    /// The argument `bytes` as a string: valid UTF-8 as it is, other bytes carried as escapes.
    public static func decode(_ bytes: [UInt8]) -> String {
        var out = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                out.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { out.append(escape(byte)) }
                offset += length
            case .emptyInput:
                return String(out)
            }
        }
    }

    /// The NUL-terminated argument at `cString` (an `argv` entry) as a string, as `decode` makes it.
    public static func decode(cString: UnsafePointer<CChar>?) -> String {
        guard var cursor = cString else { return "" }
        var bytes: [UInt8] = []
        while cursor.pointee != 0 {
            bytes.append(UInt8(bitPattern: cursor.pointee))
            cursor += 1
        }
        return decode(bytes)
    }

    /// The exact bytes `string` stands for (escapes turned back into their bytes).
    public static func bytes(of string: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        for s in string.unicodeScalars {
            if let byte = escapedByte(s) {
                out.append(byte)
            } else {
                out.append(contentsOf: String(s).utf8)
            }
        }
        return out
    }

    /// The exact bytes `string` stands for, NUL-terminated: the name to hand `open()` and the
    /// other calls that take a C string.
    public static func cString(of string: String) -> [CChar] {
        bytes(of: string).map { CChar(bitPattern: $0) } + [0]
    }

    /// Whether `string` came from valid UTF-8 (carries no raw byte).
    public static func isUTF8(_ string: String) -> Bool { !string.unicodeScalars.contains { escapedByte($0) != nil } }

    /// The raw byte `s` carries, or `nil` when it is an ordinary character.
    public static func escapedByte(_ s: Unicode.Scalar) -> UInt8? {
        guard s.value >= escapeBase + 0x80, s.value <= escapeBase + 0xFF else { return nil }
        return UInt8(s.value - escapeBase)
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte)) ?? "\u{FFFD}"
    }
}
