// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Turns a code's raw payload bytes into text, or decides that they are not text.
///
/// Order: UTF-8 when the bytes are valid UTF-8; otherwise the legacy encodings QR codes use
/// (Shift-JIS, GB 18030, Big5, ISO-8859-1), each scored by how plausible its reading is, decoded
/// through iconv. Payloads holding NULs or many control bytes are binary (`nil`).
public enum PayloadText {
    /// A legacy encoding a payload may be in, with its iconv name.
    public enum Encoding: String, CaseIterable, Sendable {
        case shiftJIS = "CP932"
        case gb18030 = "GB18030"
        case big5 = "BIG5"
        case isoLatin1 = "ISO-8859-1"
    }

    /// The payload as text, or `nil` when it is not text in any encoding we recognise.
    public static func decode(_ bytes: [UInt8]) -> String? {
        guard let (_, text) = decodeWithEncoding(bytes) else { return nil }
        return text
    }

    /// The payload as text and the encoding chosen (`nil` encoding = UTF-8), or `nil` for binary.
    public static func decodeWithEncoding(_ bytes: [UInt8]) -> (Encoding?, String)? {
        if looksBinary(bytes) { return nil }
        if let utf8 = String(validating: bytes, as: UTF8.self) { return (nil, utf8) }
        // Highest score first (ties in declaration order); an encoding whose checks pass but
        // whose iconv table refuses the bytes (an unassigned code) gives way to the next.
        let candidates = Encoding.allCases.enumerated().compactMap { index, encoding in
            plausibility(of: bytes, as: encoding).map { (encoding, $0, index) }
        }
        for (encoding, _, _) in candidates.sorted(by: { ($0.1, -$0.2) > ($1.1, -$1.2) }) {
            if let text = iconvDecode(bytes, from: encoding.rawValue) { return (encoding, text) }
        }
        return nil
    }

    /// Whether the bytes are binary data: a NUL, or more than a tenth C0 control bytes other than
    /// the ones text payloads use (TAB, LF, CR, EOT, ESC, FS, GS, RS).
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        let allowed: Set<UInt8> = [0x04, 0x09, 0x0A, 0x0D, 0x1B, 0x1C, 0x1D, 0x1E]
        var controls = 0
        for b in bytes {
            if b == 0 { return true }
            if (b < 0x20 && !allowed.contains(b)) || b == 0x7F { controls += 1 }
        }
        return controls * 10 > bytes.count
    }

    /// A score for reading `bytes` in `encoding` (higher is likelier), or `nil` when they are not
    /// valid in it. Scores count the non-ASCII characters typical of each encoding's language.
    static func plausibility(of bytes: [UInt8], as encoding: Encoding) -> Int? {
        switch encoding {
        case .shiftJIS: return shiftJISScore(bytes)
        case .gb18030: return gb18030Score(bytes)
        case .big5: return big5Score(bytes)
        case .isoLatin1: return latin1Score(bytes)
        }
    }

    /// Kana weigh most, kanji next. Half-width katakana count a little, and much more where a
    /// voicing mark (ﾞ ﾟ) follows a kana that takes it, which other encodings' bytes rarely mimic.
    private static func shiftJISScore(_ b: [UInt8]) -> Int? {
        var score = 0
        var i = 0
        while i < b.count {
            let c = b[i]
            if c < 0x80 {
                i += 1
            } else if (0xA1...0xDF).contains(c) {
                if c == 0xDE || c == 0xDF {
                    let previous = i > 0 ? b[i - 1] : 0
                    // ｳ, ｶ–ﾄ and ﾊ–ﾎ take the dakuten; only ﾊ–ﾎ the handakuten.
                    let takesMark =
                        c == 0xDE
                        ? (previous == 0xB3 || (0xB6...0xC4).contains(previous) || (0xCA...0xCE).contains(previous))
                        : (0xCA...0xCE).contains(previous)
                    score += takesMark ? 4 : -3
                } else {
                    score += 1
                }
                i += 1
            } else if (0x81...0x9F).contains(c) || (0xE0...0xEF).contains(c) {
                guard i + 1 < b.count, (0x40...0xFC).contains(b[i + 1]), b[i + 1] != 0x7F else { return nil }
                switch c {
                case 0x82, 0x83: score += 3
                case 0x81: score += 1
                case 0x88...0x9F, 0xE0...0xEA: score += 2
                default: break
                }
                i += 2
            } else {
                return nil
            }
        }
        return score
    }

    /// GB 2312 hanzi weigh most (level 1 above level 2); GBK extensions are neutral; kana rows and
    /// four-byte sequences count against.
    private static func gb18030Score(_ b: [UInt8]) -> Int? {
        var score = 0
        var i = 0
        while i < b.count {
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            guard (0x81...0xFE).contains(c), i + 1 < b.count else { return nil }
            let t = b[i + 1]
            if (0x30...0x39).contains(t) {
                guard i + 3 < b.count, (0x81...0xFE).contains(b[i + 2]), (0x30...0x39).contains(b[i + 3]) else { return nil }
                score -= 2
                i += 4
                continue
            }
            guard (0x40...0xFE).contains(t), t != 0x7F else { return nil }
            if t >= 0xA1 {
                switch c {
                case 0xB0...0xD7: score += 3
                case 0xD8...0xF7: score += 2
                case 0xA4, 0xA5: score -= 1
                case 0xA1...0xA9: score += 1
                default: break
                }
            }
            i += 2
        }
        return score
    }

    /// Frequent hanzi (lead 0xA4–0xC6) weigh most; symbols and less frequent hanzi less.
    private static func big5Score(_ b: [UInt8]) -> Int? {
        var score = 0
        var i = 0
        while i < b.count {
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            guard (0xA1...0xF9).contains(c), i + 1 < b.count else { return nil }
            let t = b[i + 1]
            guard (0x40...0x7E).contains(t) || (0xA1...0xFE).contains(t) else { return nil }
            switch c {
            case 0xA4...0xC6: score += 2
            case 0xA1...0xA3, 0xC9...0xF9: score += 1
            default: break
            }
            i += 2
        }
        return score
    }

    /// Accented letters next to ASCII letters (as in "Grüße", "café") count for; other high bytes
    /// against; C1 control bytes (0x80–0x9F) rule ISO-8859-1 out.
    private static func latin1Score(_ b: [UInt8]) -> Int? {
        func isASCIILetter(_ i: Int) -> Bool {
            guard i >= 0, i < b.count else { return false }
            let c = b[i] | 0x20
            return c >= 0x61 && c <= 0x7A
        }
        var score = 0
        for (i, c) in b.enumerated() where c >= 0x80 {
            if c < 0xA0 { return nil }
            let isLetter = c >= 0xC0 && c != 0xD7 && c != 0xF7
            let nearLetter = isASCIILetter(i - 1) || isASCIILetter(i + 1) || (i + 1 < b.count && b[i + 1] >= 0xC0 && isASCIILetter(i + 2))
            score += isLetter && nearLetter ? 1 : -1
        }
        return score
    }

    /// Converts `bytes` from the iconv charset `charset` to a String, or `nil` if iconv refuses them.
    static func iconvDecode(_ bytes: [UInt8], from charset: String) -> String? {
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
