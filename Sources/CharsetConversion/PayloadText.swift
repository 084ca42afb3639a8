// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

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
            if let text = Iconv.decode(bytes, from: encoding.rawValue) { return (encoding, text) }
        }
        return nil
    }

    /// Whether the bytes are binary data: a NUL, or more than a tenth C0 control bytes other than
    /// the ones text payloads use (TAB, LF, CR, EOT, ESC, FS, GS, RS).
    public static func looksBinary(_ bytes: [UInt8]) -> Bool {
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

    /// The summed scores of the characters of a multi-byte encoding: ASCII bytes pass unscored;
    /// `character` scores the character starting at the high byte at an index and gives its
    /// length in bytes, or `nil` when the bytes there are not valid in the encoding.
    private static func score(_ b: [UInt8], character: (Int) -> (score: Int, length: Int)?) -> Int? {
        var score = 0
        var i = 0
        while i < b.count {
            if b[i] < 0x80 {
                i += 1
                continue
            }
            guard let (points, length) = character(i) else { return nil }
            score += points
            i += length
        }
        return score
    }

    /// Kana weigh most, kanji next. Half-width katakana count a little, and much more where a
    /// voicing mark (ﾞ ﾟ) follows a kana that takes it, which other encodings' bytes rarely mimic.
    private static func shiftJISScore(_ b: [UInt8]) -> Int? {
        score(b) { i in
            let c = b[i]
            if (0xA1...0xDF).contains(c) {
                guard c == 0xDE || c == 0xDF else { return (1, 1) }
                let previous = i > 0 ? b[i - 1] : 0
                // ｳ, ｶ–ﾄ and ﾊ–ﾎ take the dakuten; only ﾊ–ﾎ the handakuten.
                let takesMark =
                    c == 0xDE
                    ? (previous == 0xB3 || (0xB6...0xC4).contains(previous) || (0xCA...0xCE).contains(previous))
                    : (0xCA...0xCE).contains(previous)
                return (takesMark ? 4 : -3, 1)
            }
            guard (0x81...0x9F).contains(c) || (0xE0...0xEF).contains(c) else { return nil }
            guard i + 1 < b.count, (0x40...0xFC).contains(b[i + 1]), b[i + 1] != 0x7F else { return nil }
            switch c {
            case 0x82, 0x83: return (3, 2)
            case 0x81: return (1, 2)
            case 0x88...0x9F, 0xE0...0xEA: return (2, 2)
            default: return (0, 2)
            }
        }
    }

    /// GB 2312 hanzi weigh most (level 1 above level 2); GBK extensions are neutral; kana rows and
    /// four-byte sequences count against.
    private static func gb18030Score(_ b: [UInt8]) -> Int? {
        score(b) { i in
            let c = b[i]
            guard (0x81...0xFE).contains(c), i + 1 < b.count else { return nil }
            let t = b[i + 1]
            if (0x30...0x39).contains(t) {
                guard i + 3 < b.count, (0x81...0xFE).contains(b[i + 2]), (0x30...0x39).contains(b[i + 3]) else { return nil }
                return (-2, 4)
            }
            guard (0x40...0xFE).contains(t), t != 0x7F else { return nil }
            guard t >= 0xA1 else { return (0, 2) }
            switch c {
            case 0xB0...0xD7: return (3, 2)
            case 0xD8...0xF7: return (2, 2)
            case 0xA4, 0xA5: return (-1, 2)
            case 0xA1...0xA9: return (1, 2)
            default: return (0, 2)
            }
        }
    }

    /// Frequent hanzi (lead 0xA4–0xC6) weigh most; symbols and less frequent hanzi less.
    private static func big5Score(_ b: [UInt8]) -> Int? {
        score(b) { i in
            let c = b[i]
            guard (0xA1...0xF9).contains(c), i + 1 < b.count else { return nil }
            let t = b[i + 1]
            guard (0x40...0x7E).contains(t) || (0xA1...0xFE).contains(t) else { return nil }
            switch c {
            case 0xA4...0xC6: return (2, 2)
            case 0xA1...0xA3, 0xC9...0xF9: return (1, 2)
            default: return (0, 2)
            }
        }
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
}
