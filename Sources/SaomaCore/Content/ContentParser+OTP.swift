// SPDX-License-Identifier: GPL-3.0-or-later

/// The `otpauth://` Key URI reader (Google Authenticator's format, used by every 2FA app).
extension ContentParser {
    /// `otpauth://totp/Issuer:account?secret=BASE32&issuer=Issuer&algorithm=SHA1&digits=6&period=30`
    /// (`hotp` takes `counter`); `nil` when the type, secret, algorithm, digits, period or counter
    /// is missing or malformed (such a code is then plain text, never a link).
    static func parseOTPAuth(_ rest: String) -> ScannedContent? {
        guard rest.hasPrefix("//"), isLinkShaped(rest) else { return nil }
        let afterSlashes = rest.dropFirst(2)
        let typeEnd = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
        guard let kind = OTPKey.Kind(rawValue: afterSlashes[..<typeEnd].lowercased()) else { return nil }
        let (path, query) = splitQuery(String(afterSlashes[typeEnd...].dropFirst()))
        let label = trimmingSpace(percentDecoded(path))
        var issuer = ""
        var account = label
        if let colon = label.firstIndex(of: ":") {
            issuer = trimmingSpace(String(label[..<colon]))
            account = trimmingSpace(String(label[label.index(after: colon)...]))
        }
        var secretText: String?
        var algorithm = SHA.sha1
        var digits = 6
        var period: Int?
        var counter: UInt64?
        for item in queryItems(query) {
            switch item.name {
            case "secret": secretText = item.value
            case "issuer" where !item.value.isEmpty: issuer = trimmingSpace(item.value)
            case "algorithm":
                guard let named = SHA(rawValue: item.value.uppercased().replacingDash()) else { return nil }
                algorithm = named
            case "digits":
                guard let n = Int(item.value), OTPKey.digitRange.contains(n) else { return nil }
                digits = n
            case "period":
                guard let n = Int(item.value), (1...OTPKey.maximumPeriod).contains(n) else { return nil }
                period = n
            case "counter":
                guard let n = UInt64(item.value) else { return nil }
                counter = n
            default: break
            }
        }
        guard let secretText, let secret = Base32.decoded(secretText), !secret.isEmpty, secret.count <= OTPKey.maximumSecretLength
        else { return nil }
        if kind == .hotp && counter == nil { return nil }
        let normalised = String(secretText.uppercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "=" })
        return .otp(
            OTPKey(
                kind: kind, issuer: issuer, account: account, secret: secret, secretBase32: normalised, algorithm: algorithm,
                digits: digits,
                period: period, counter: counter))
    }
}

extension String {
    /// `SHA-256` as `SHA256`.
    fileprivate func replacingDash() -> String { String(unicodeScalars.filter { $0 != "-" }) }
}
