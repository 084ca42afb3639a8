// SPDX-License-Identifier: GPL-3.0-or-later

/// The hash functions of the one-time-password algorithms (FIPS 180-4): SHA-1, SHA-256, SHA-512.
///
/// Written here because Foundation on Linux has no CryptoKit and swift-crypto is not a Debian
/// package. Pure and total; only used for RFC 4226/6238 codes, never for secrets at rest.
public enum SHA: String, CaseIterable, Sendable, Hashable {
    case sha1 = "SHA1"
    case sha256 = "SHA256"
    case sha512 = "SHA512"

    /// The size of one input block, in bytes (HMAC pads keys to it).
    public var blockSize: Int { self == .sha512 ? 128 : 64 }

    /// The size of the digest, in bytes.
    public var digestSize: Int {
        switch self {
        case .sha1: 20
        case .sha256: 32
        case .sha512: 64
        }
    }

    /// The digest of `message`.
    public func hash(_ message: [UInt8]) -> [UInt8] {
        switch self {
        case .sha1: SHA.sha1Digest(message)
        case .sha256: SHA.sha256Digest(message)
        case .sha512: SHA.sha512Digest(message)
        }
    }

    /// `message` followed by 0x80, zeros and its length in bits, big-endian, in `lengthBytes`
    /// bytes, to a whole number of `blockSize` blocks.
    static func padded(_ message: [UInt8], blockSize: Int, lengthBytes: Int) -> [UInt8] {
        var out = message
        out.append(0x80)
        while (out.count + lengthBytes) % blockSize != 0 { out.append(0) }
        let bits = UInt64(message.count) &* 8
        out += [UInt8](repeating: 0, count: lengthBytes - 8)
        for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        return out
    }

    static func bigEndianBytes<T: FixedWidthInteger>(_ words: [T]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(words.count * T.bitWidth / 8)
        for word in words {
            for shift in stride(from: T.bitWidth - 8, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return out
    }

    static func word<T: FixedWidthInteger>(_ bytes: ArraySlice<UInt8>, at offset: Int, as: T.Type) -> T {
        var value: T = 0
        for i in 0..<(T.bitWidth / 8) { value = value << 8 | T(bytes[bytes.startIndex + offset + i]) }
        return value
    }

    static func sha1Digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let data = padded(message, blockSize: 64, lengthBytes: 8)
        var w = [UInt32](repeating: 0, count: 80)
        for start in stride(from: 0, to: data.count, by: 64) {
            let block = data[start..<start + 64]
            for t in 0..<16 { w[t] = word(block, at: t * 4, as: UInt32.self) }
            for t in 16..<80 { w[t] = (w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]).rotatedLeft(1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for t in 0..<80 {
                let f: UInt32
                let k: UInt32
                switch t {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = a.rotatedLeft(5) &+ f &+ e &+ k &+ w[t]
                (e, d, c, b, a) = (d, c, b.rotatedLeft(30), a, temp)
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
        }
        return bigEndianBytes(h)
    }

    static let sha256Constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    static func sha256Digest(_ message: [UInt8]) -> [UInt8] {
        sha2Digest(message, parameters: sha256Parameters)
    }

    static let sha512Constants: [UInt64] = [
        0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
        0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
        0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
        0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
        0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
        0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
        0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
        0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
        0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
        0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
        0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
        0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
        0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
        0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
        0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
        0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
    ]

    static func sha512Digest(_ message: [UInt8]) -> [UInt8] {
        sha2Digest(message, parameters: sha512Parameters)
    }

    /// What SHA-256 and SHA-512 differ in besides the word type: the initial hash, the round
    /// constants and the rotation amounts of their σ and Σ functions (FIPS 180-4, 4.1.2 and 4.1.3).
    struct SHA2Parameters<Word: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable {
        var initialHash: [Word]
        var constants: [Word]
        /// σ0 and σ1 of the message schedule: two rotations and a shift each.
        var sigma0: (Int, Int, Int)
        var sigma1: (Int, Int, Int)
        /// Σ0 and Σ1 of the rounds: three rotations each.
        var bigSigma0: (Int, Int, Int)
        var bigSigma1: (Int, Int, Int)
    }

    static let sha256Parameters = SHA2Parameters<UInt32>(
        initialHash: [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ],
        constants: sha256Constants, sigma0: (7, 18, 3), sigma1: (17, 19, 10), bigSigma0: (2, 13, 22),
        bigSigma1: (6, 11, 25))

    static let sha512Parameters = SHA2Parameters<UInt64>(
        initialHash: [
            0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1, 0x510e527fade682d1,
            0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
        ],
        constants: sha512Constants, sigma0: (1, 8, 7), sigma1: (19, 61, 6), bigSigma0: (28, 34, 39),
        bigSigma1: (14, 18, 41))

    /// SHA-256 or SHA-512, by the word type: blocks of 16 words, one round per constant, the
    /// message length in two words.
    static func sha2Digest<Word: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ message: [UInt8], parameters p: SHA2Parameters<Word>
    ) -> [UInt8] {
        let wordBytes = Word.bitWidth / 8
        let blockSize = 16 * wordBytes
        let rounds = p.constants.count
        var h = p.initialHash
        let data = padded(message, blockSize: blockSize, lengthBytes: 2 * wordBytes)
        var w = [Word](repeating: 0, count: rounds)
        for start in stride(from: 0, to: data.count, by: blockSize) {
            let block = data[start..<start + blockSize]
            for t in 0..<16 { w[t] = word(block, at: t * wordBytes, as: Word.self) }
            for t in 16..<rounds {
                let x = w[t - 15]
                let y = w[t - 2]
                let s0 = x.rotatedRight(p.sigma0.0) ^ x.rotatedRight(p.sigma0.1) ^ (x >> p.sigma0.2)
                let s1 = y.rotatedRight(p.sigma1.0) ^ y.rotatedRight(p.sigma1.1) ^ (y >> p.sigma1.2)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for t in 0..<rounds {
                let s1 = e.rotatedRight(p.bigSigma1.0) ^ e.rotatedRight(p.bigSigma1.1) ^ e.rotatedRight(p.bigSigma1.2)
                let choice = (e & f) ^ (~e & g)
                let temp1 = hh &+ s1 &+ choice &+ p.constants[t] &+ w[t]
                let s0 = a.rotatedRight(p.bigSigma0.0) ^ a.rotatedRight(p.bigSigma0.1) ^ a.rotatedRight(p.bigSigma0.2)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = s0 &+ majority
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
            }
            for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] &+= v }
        }
        return bigEndianBytes(h)
    }
}

extension FixedWidthInteger where Self: UnsignedInteger {
    fileprivate func rotatedLeft(_ n: Int) -> Self { self << n | self >> (Self.bitWidth - n) }
    fileprivate func rotatedRight(_ n: Int) -> Self { self >> n | self << (Self.bitWidth - n) }
}
