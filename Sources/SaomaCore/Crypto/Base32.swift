// SPDX-License-Identifier: GPL-3.0-or-later

/// Base32 (RFC 4648, the alphabet A–Z 2–7) as authenticator secrets use it.
public enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// The bytes of `text` (case-insensitive; spaces, hyphens and `=` padding ignored); `nil` when
    /// a character is outside the alphabet or the leftover bits are not zero-length-consistent.
    public static func decoded(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for b in text.utf8 {
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "-") || b == UInt8(ascii: "=") { continue }
            let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) ? b - 32 : b
            guard let index = alphabet.firstIndex(of: upper) else { return nil }
            buffer = buffer << 5 | UInt32(index)
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        return out
    }

    /// `bytes` in base32 without padding.
    public static func encoded(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for b in bytes {
            buffer = buffer << 8 | UInt32(b)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int(buffer >> UInt32(bits) & 31)])
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 { out.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
