// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// `bytes` as lower-case hex.
private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

/// The message `(0..<length).map { $0 % 251 }`, crossing the padding boundaries.
private func counting(_ length: Int) -> [UInt8] { (0..<length).map { UInt8($0 % 251) } }

@Suite("Login-code crypto: SHA, HMAC, HOTP, TOTP")
struct ContentCryptoTests {
    /// FIPS 180-4 examples (csrc.nist.gov "Examples with Intermediate Values").
    static let fipsVectors: [(SHA, String, String)] = [
        (.sha1, "", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        (.sha1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (.sha1, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (.sha256, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (.sha256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            .sha256, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            .sha512, "abc",
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        ),
        (
            .sha512, "",
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        ),
        (
            .sha512,
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
        ),
    ]

    @Test("FIPS 180-4 examples")
    func fipsExamples() {
        for (hash, message, digest) in ContentCryptoTests.fipsVectors {
            #expect(hex(hash.hash(Array(message.utf8))) == digest, "\(hash) of \(message)")
        }
    }

    /// Lengths around the padding boundaries (55/56 and 111/112 bytes need an extra block);
    /// digests from Python's hashlib (OpenSSL), an independent implementation.
    static let boundaryVectors: [(SHA, Int, String)] = [
        (.sha1, 55, "8ae2d46729cfe68ff927af5eec9c7d1b66d65ac2"),
        (.sha1, 56, "636e2ec698dac903498e648bd2f3af641d3c88cb"),
        (.sha1, 64, "c6138d514ffa2135bfce0ed0b8fac65669917ec7"),
        (.sha1, 1000, "c9c960a0b925474fab83942cc27d504fc24ac37b"),
        (.sha256, 55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
        (.sha256, 56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
        (.sha256, 63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
        (.sha256, 129, "5099c6a56203f9687f7d33f4bfdf576d31dc91f6b695ecea38b2770c87631135"),
        (
            .sha512, 111,
            "a1a111449b198d9b1f538bad7f3fc1022b3a5b1a5e90a0bc860de8512746cbc31599e6c834de3a3235327af0b51ff57bf7acf1974a73014d9c3953812edc7c8d"
        ),
        (
            .sha512, 112,
            "c5fbd731d19d2ae1180f001be72c2c1aaba1d7b094b3748880e24593b8e117a750e11c1bd867cc2f96dace8c8b74abd2d5c4f236be444e77d30d1916174070b9"
        ),
        (
            .sha512, 128,
            "1dffd5e3adb71d45d2245939665521ae001a317a03720a45732ba1900ca3b8351fc5c9b4ca513eba6f80bc7b1d1fdad4abd13491cb824d61b08d8c0e1561b3f7"
        ),
        (
            .sha512, 1000,
            "5096498d96f50f9a137c4db5b8b0cd38383ad55350fb5a98805fedc31fa1262f1f0cf4d6f12d7ecd8dedd933a4c9126344fe22e937a8ad35fdeae1e876ae698b"
        ),
    ]

    @Test("padding boundaries")
    func paddingBoundaries() {
        for (hash, length, digest) in ContentCryptoTests.boundaryVectors {
            #expect(hex(hash.hash(counting(length))) == digest, "\(hash) of \(length) bytes")
        }
    }

    /// RFC 2202 (SHA-1) and RFC 4231 (SHA-2) test cases 1 and 6 (a key longer than a block).
    @Test("HMAC test cases of RFC 2202 and RFC 4231")
    func hmacVectors() {
        let shortKey = [UInt8](repeating: 0x0b, count: 20)
        let longKey = [UInt8](repeating: 0xaa, count: 131)
        let hiThere = Array("Hi There".utf8)
        let longKeyMessage = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        #expect(hex(HMAC.code(.sha1, key: shortKey, message: hiThere)) == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(
            hex(HMAC.code(.sha256, key: shortKey, message: hiThere)) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            hex(HMAC.code(.sha512, key: shortKey, message: hiThere))
                == "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"
        )
        #expect(
            hex(HMAC.code(.sha256, key: longKey, message: longKeyMessage))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(
            hex(HMAC.code(.sha512, key: longKey, message: longKeyMessage))
                == "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"
        )
    }

    /// RFC 4226 Appendix D: the secret "12345678901234567890", counters 0…9.
    @Test("HOTP values of RFC 4226")
    func hotpVectors() {
        let key = OTPKey(kind: .hotp, secret: Array("12345678901234567890".utf8), counter: 0)
        let expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"]
        #expect((0..<10).map { key.code(counter: UInt64($0)) } == expected)
    }

    /// RFC 6238 Appendix B: 8 digits, 30-second steps, one seed per algorithm.
    static let totpVectors: [(Int64, [String])] = [
        (59, ["94287082", "46119246", "90693936"]),
        (1_111_111_109, ["07081804", "68084774", "25091201"]),
        (1_111_111_111, ["14050471", "67062674", "99943326"]),
        (1_234_567_890, ["89005924", "91819424", "93441116"]),
        (2_000_000_000, ["69279037", "90698825", "38618901"]),
        (20_000_000_000, ["65353130", "77737706", "47863826"]),
    ]

    @Test("TOTP values of RFC 6238", arguments: totpVectors)
    func totpCodes(_ row: (time: Int64, codes: [String])) {
        let seeds: [(SHA, String)] = [
            (.sha1, "12345678901234567890"), (.sha256, "12345678901234567890123456789012"),
            (.sha512, "1234567890123456789012345678901234567890123456789012345678901234"),
        ]
        for (i, (hash, seed)) in seeds.enumerated() {
            let key = OTPKey(kind: .totp, secret: Array(seed.utf8), algorithm: hash, digits: 8)
            #expect(key.code(at: row.time) == row.codes[i], "\(hash) at \(row.time)")
        }
    }

    @Test("TOTP countdown counts down to the step's end")
    func countdown() {
        let key = OTPKey(kind: .totp, secret: [1, 2, 3], period: 30)
        #expect(key.secondsRemaining(at: 59) == 1)
        #expect(key.secondsRemaining(at: 60) == 30)
        #expect(key.secondsRemaining(at: 61) == 29)
        #expect(key.timeStep(at: 59) == 1)
        #expect(key.timeStep(at: -5) == 0)
    }

    /// RFC 4648 §10 test vectors.
    @Test("base32 of RFC 4648")
    func base32() {
        let vectors = ["": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB", "foobar": "MZXW6YTBOI"]
        for (plain, encoded) in vectors {
            #expect(Base32.encoded(Array(plain.utf8)) == encoded)
            #expect(Base32.decoded(encoded) == Array(plain.utf8))
        }
        #expect(Base32.decoded("mzxw 6ytb-oi======") == Array("foobar".utf8))
        #expect(Base32.decoded("MZXW1") == nil)
        #expect(Base32.decoded("MZ!W") == nil)
    }
}
