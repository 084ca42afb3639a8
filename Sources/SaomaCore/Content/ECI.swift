// SPDX-License-Identifier: GPL-3.0-or-later

/// Extended Channel Interpretation: the designator a 2-D code puts in front of its data to say
/// which character set the bytes are in (ISO/IEC 15424, AIM ECI assignments).
public enum ECI {
    /// Data Matrix's ECI codeword (ISO/IEC 16022, 5.4.1).
    static let dataMatrixECICodeword: UInt8 = 241
    /// Data Matrix's structured-append codeword (ISO/IEC 16022, 5.6): three more codewords follow.
    static let dataMatrixStructuredAppendCodeword: UInt8 = 233

    /// The ECI number of a designator at the start of Data Matrix data `codewords` (241, then one
    /// to three codewords) and the codewords it takes, designator included; `nil` when the data
    /// does not start with one or it is cut short.
    public static func dataMatrixDesignator(_ codewords: [UInt8]) -> (number: Int, length: Int)? {
        guard codewords.count >= 2, codewords[0] == dataMatrixECICodeword else { return nil }
        let c1 = Int(codewords[1])
        switch c1 {
        case 1...127:
            return (c1 - 1, 2)
        case 128...191:
            guard codewords.count >= 3, codewords[2] >= 1 else { return nil }
            return ((c1 - 128) * 254 + Int(codewords[2]) - 1 + 127, 3)
        case 192...254:
            guard codewords.count >= 4, codewords[2] >= 1, codewords[3] >= 1 else { return nil }
            return ((c1 - 192) * 64516 + (Int(codewords[2]) - 1) * 254 + Int(codewords[3]) - 1 + 16383, 4)
        default:
            return nil
        }
    }

    /// The payload of a Data Matrix symbol that libdmtx decoded to `output` from the data
    /// `codewords`, and the ECI its data starts with (`nil`: none).
    ///
    /// libdmtx 0.7.7 skips the ECI codeword and writes the designator's value codeword as if it
    /// were data (ECI 26 becomes a leading byte 0x1A), so that byte is taken off again. The whole
    /// result is `nil` when the output cannot be trusted: a designator of two or three codewords
    /// (ECI 127 and above), which libdmtx reads as digit pairs, padding or a latch.
    ///
    /// `codewords` are the symbol's data codewords (all of them: a designator later in the data,
    /// where libdmtx writes it into the text as a byte too, makes the output untrusted as well).
    ///
    /// A structured-append header (codeword 233) makes it untrusted too: libdmtx 0.7.7 writes
    /// bytes of its own for the header's three codewords (`0E 00 00` before part 1's data) and
    /// reports the part as a whole code; zxing-cpp reads such parts as parts.
    public static func dataMatrixPayload(output: [UInt8], codewords: [UInt8]) -> (bytes: [UInt8], eci: Int?)? {
        // One walk for both: a later designator or a structured-append header.
        let untrusted = dataMatrixASCIICodewords(codewords) { index, codeword in
            isLaterDesignator(index, codeword) || codeword == dataMatrixStructuredAppendCodeword
        }
        guard !untrusted else { return nil }
        guard let (number, length) = dataMatrixDesignator(codewords) else { return (output, nil) }
        guard length == 2, output.first == codewords[1] - 1 else { return nil }
        return (Array(output.dropFirst()), number)
    }

    /// Whether Data Matrix data `codewords` hold an ECI designator anywhere but at their start:
    /// an ECI codeword met in ASCII encodation (ISO/IEC 16022, 5.2.3 and 5.4.1) after the first
    /// codeword. The walk follows the encodation modes (C40, Text and X12 in codeword pairs up to
    /// their unlatch, EDIFACT in six-bit values up to its unlatch, Base 256 by its randomised
    /// length) so that a data codeword of value 241 inside them is not taken for one; it ends
    /// at the first padding codeword. Pure; linear in the codewords.
    public static func dataMatrixHasLaterDesignator(_ codewords: [UInt8]) -> Bool {
        dataMatrixASCIICodewords(codewords, found: isLaterDesignator)
    }

    /// Whether ASCII-encodation codeword `codeword` at data index `index` is an ECI designator
    /// after the start.
    private static func isLaterDesignator(_ index: Int, _ codeword: UInt8) -> Bool {
        codeword == dataMatrixECICodeword && index > 0
    }

    /// Whether Data Matrix data `codewords` hold a structured-append codeword (233) in ASCII
    /// encodation (ISO/IEC 16022, 5.6): the symbol is one part of a message.
    public static func dataMatrixHasStructuredAppend(_ codewords: [UInt8]) -> Bool {
        dataMatrixASCIICodewords(codewords) { _, codeword in codeword == dataMatrixStructuredAppendCodeword }
    }

    /// Walks Data Matrix data `codewords` through their encodation modes and tells `found`
    /// each codeword met in ASCII encodation with its index; `true` as soon as `found` does.
    static func dataMatrixASCIICodewords(_ codewords: [UInt8], found: (Int, UInt8) -> Bool) -> Bool {
        enum Mode { case ascii, pairs, edifact, base256 }
        var mode = Mode.ascii
        var index = 0
        while index < codewords.count {
            switch mode {
            case .ascii:
                if found(index, codewords[index]) { return true }
                switch codewords[index] {
                case 129: return false  // padding: the data have ended
                case dataMatrixECICodeword:
                    index += dataMatrixDesignator(Array(codewords[index...].prefix(4)))?.length ?? 1
                case 230, 238, 239:
                    mode = .pairs
                    index += 1
                case 231:
                    mode = .base256
                    index += 1
                case 240:
                    mode = .edifact
                    index += 1
                case dataMatrixStructuredAppendCodeword: index += 4  // the codeword and three more
                case 235: index += 2  // upper shift: the next codeword is data
                default: index += 1
                }
            case .pairs:
                // A last lone codeword is ASCII (5.2.5.2); 254 unlatches.
                if codewords.count - index < 2 || codewords[index] == 254 {
                    if codewords[index] == 254 { index += 1 }
                    mode = .ascii
                } else {
                    index += 2
                }
            case .edifact:
                // Four six-bit values in three codewords; 0x1F unlatches, the codeword's other bits unused.
                if codewords.count - index < 3 {
                    mode = .ascii
                    continue
                }
                let group = Int(codewords[index]) << 16 | Int(codewords[index + 1]) << 8 | Int(codewords[index + 2])
                let values = (0..<4).map { group >> (18 - 6 * $0) & 0x3F }
                if let unlatch = values.firstIndex(of: 0x1F) {
                    index += (unlatch * 6 + 6 + 7) / 8
                    mode = .ascii
                } else {
                    index += 3
                }
            case .base256:
                func length(at position: Int) -> Int { unrandomized255(codewords[position], position: position + 1) }
                var count = length(at: index)
                index += 1
                if count == 0 { return false }  // to the end of the symbol's data
                if count >= 250 {
                    guard index < codewords.count else { return false }
                    count = (count - 249) * 250 + length(at: index)
                    index += 1
                }
                index += count
                mode = .ascii
            }
        }
        return false
    }

    /// A Base 256 codeword at 1-based data position `position` without its 255-state
    /// randomisation (ISO/IEC 16022, annex B).
    static func unrandomized255(_ codeword: UInt8, position: Int) -> Int {
        let pseudoRandom = (149 * position) % 255 + 1
        let value = Int(codeword) - pseudoRandom
        return value >= 0 ? value : value + 256
    }

    /// The iconv name of the character set ECI `number` assigns, or `nil` for binary data
    /// (ECI 899) and numbers with no character set assigned.
    public static func charset(_ number: Int) -> String? {
        switch number {
        case 0, 2: return "CP437"
        case 1, 3: return "ISO-8859-1"
        case 4...13: return "ISO-8859-\(number - 2)"
        case 15...18: return "ISO-8859-\(number - 2)"
        case 20: return "CP932"
        case 21: return "CP1250"
        case 22: return "CP1251"
        case 23: return "CP1252"
        case 24: return "CP1256"
        case 25: return "UTF-16BE"
        case 26: return "UTF-8"
        case 27, 170: return "ASCII"
        case 28: return "BIG5"
        case 29, 32: return "GB18030"
        case 30: return "EUC-KR"
        case 33: return "UTF-16LE"
        case 34: return "UTF-32BE"
        case 35: return "UTF-32LE"
        default: return nil
        }
    }
}

extension String {
    /// `bytes` read as ISO-8859-1, which maps every byte to the Unicode code point of the same
    /// number (the default character set of Code 128 and Data Matrix).
    public init(isoLatin1 bytes: [UInt8]) {
        self.init(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
