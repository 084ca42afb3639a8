// SPDX-License-Identifier: GPL-3.0-or-later

/// A login-code (2FA) key from an `otpauth://` Key URI: what an authenticator app stores.
///
/// Codes follow RFC 4226 (HOTP) and RFC 6238 (TOTP). The secret lets anyone make the codes: it is
/// shown only on request and never opened as a link.
public struct OTPKey: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// Time-based: a new code every `period` seconds.
        case totp
        /// Counter-based: a new code each time the counter is used.
        case hotp
    }

    public var kind: Kind
    /// Who issued the key (the `issuer` parameter, else the label's part before `:`); may be empty.
    public var issuer: String
    /// The account (the label's part after `:`, or the whole label).
    public var account: String
    /// The secret's bytes.
    public var secret: [UInt8]
    /// The secret in base32 as the URI gives it (upper case, without spaces and padding).
    public var secretBase32: String
    public var algorithm: SHA
    /// Digits per code, 6…10.
    public var digits: Int
    /// Seconds each TOTP code lasts (30 unless given); `nil` for HOTP.
    public var period: Int?
    /// The next HOTP counter; `nil` for TOTP.
    public var counter: UInt64?

    public init(
        kind: Kind, issuer: String = "", account: String = "", secret: [UInt8], secretBase32: String? = nil, algorithm: SHA = .sha1,
        digits: Int = 6, period: Int? = nil, counter: UInt64? = nil
    ) {
        self.kind = kind
        self.issuer = issuer
        self.account = account
        self.secret = secret
        self.secretBase32 = secretBase32 ?? Base32.encoded(secret)
        self.algorithm = algorithm
        self.digits = digits
        self.period = kind == .totp ? (period ?? 30) : nil
        self.counter = kind == .hotp ? (counter ?? 0) : nil
    }

    /// Largest number of digits (an HOTP value has 31 bits: at most 10 digits).
    public static let digitRange = 6...10
    /// Longest period accepted, in seconds (one day).
    public static let maximumPeriod = 86400
    /// Longest secret accepted, in bytes.
    public static let maximumSecretLength = 1024

    /// The RFC 4226 code for `counter`, zero-padded to `digits`.
    public func code(counter: UInt64) -> String {
        var message = [UInt8]()
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: counter >> UInt64(shift))) }
        let mac = HMAC.code(algorithm, key: secret, message: message)
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            UInt64(mac[offset] & 0x7F) << 24 | UInt64(mac[offset + 1]) << 16 | UInt64(mac[offset + 2]) << 8 | UInt64(mac[offset + 3])
        var modulus: UInt64 = 1
        for _ in 0..<min(max(digits, 1), 10) { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - value.count)) + value
    }

    /// The RFC 6238 time step holding `unixTime` (seconds since 1970, UTC).
    public func timeStep(at unixTime: Int64) -> UInt64 {
        let period = Int64(max(self.period ?? 30, 1))
        return UInt64(max(unixTime, 0) / period)
    }

    /// The TOTP code valid at `unixTime`.
    public func code(at unixTime: Int64) -> String { code(counter: timeStep(at: unixTime)) }

    /// Seconds until the TOTP code shown at `unixTime` changes (1…period).
    public func secondsRemaining(at unixTime: Int64) -> Int {
        let period = Int64(max(self.period ?? 30, 1))
        return Int(period - max(unixTime, 0) % period)
    }
}
