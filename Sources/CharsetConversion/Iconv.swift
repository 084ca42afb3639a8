// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SaomaCore

// The only caller of glibc's iconv: text in the character sets QR codes and ECI designators use.
// SaomaCore names the sets (`ECI.charset`); the bytes are converted here.

extension ECI {
    /// `bytes` as text in ECI `number`'s character set, or `nil` when it has none or the bytes
    /// are not valid in it.
    public static func text(_ bytes: [UInt8], eci number: Int) -> String? {
        guard let charset = charset(number) else { return nil }
        if charset == "UTF-8" { return String(validating: bytes, as: UTF8.self) }
        return Iconv.decode(bytes, from: charset)
    }
}

/// Character-set conversion through glibc's iconv.
public enum Iconv {
    /// Converts `bytes` from the iconv charset `charset` to a String, or `nil` if iconv refuses
    /// them (invalid or incomplete sequences, an unknown charset).
    public static func decode(_ bytes: [UInt8], from charset: String) -> String? {
        let cd = iconv_open("UTF-8", charset)
        guard let cd, cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 16)
        let outCapacity = output.count
        let converted: Int? = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                var inPtr = inBuf.baseAddress
                var inLeft = inBuf.count
                var outPtr = outBuf.baseAddress
                var outLeft = outCapacity
                let r = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                if r == -1 || inLeft != 0 { return nil }
                return outCapacity - outLeft
            }
        }
        guard let converted else { return nil }
        let utf8 = output[0..<converted].map { UInt8(bitPattern: $0) }
        return String(validating: utf8, as: UTF8.self)
    }
}
