// SPDX-License-Identifier: GPL-3.0-or-later

/// Removes the secret from one-time-password codes before they are kept: a history
/// file is not the place for a key that makes login codes.
///
/// `otpauth://TYPE/LABEL?secret=…&issuer=…` keeps everything but its `secret` parameter;
/// `otpauth-migration://offline?data=…` (an authenticator's export, every account's secret inside)
/// loses its `data` parameter. Parameter names compare case-insensitively.
public enum OTPSecretStripping {
    /// Query parameters that carry a secret, per scheme (lower case).
    static let secretParameters: [String: Set<String>] = [
        "otpauth": ["secret"],
        "otpauth-migration": ["data"],
    ]

    /// The scheme of `text` when it is one of the one-time-password schemes, lower-cased.
    static func otpScheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        return secretParameters[scheme] == nil ? nil : scheme
    }

    /// Whether `text` is an `otpauth://` or `otpauth-migration://` code.
    public static func isOneTimePassword(_ text: String) -> Bool { otpScheme(of: text) != nil }

    /// `text` without its secret parameters (unchanged when it is not a one-time-password code).
    public static func strip(_ text: String) -> String {
        guard let scheme = otpScheme(of: text), let secrets = secretParameters[scheme] else { return text }
        guard let question = text.firstIndex(of: "?") else { return text }
        let head = text[..<question]
        var query = text[text.index(after: question)...]
        var fragment = Substring("")
        if let hash = query.firstIndex(of: "#") {
            fragment = query[hash...]
            query = query[..<hash]
        }
        let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { parameter in
            let name = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return !secrets.contains(name.lowercased()) && !secrets.contains(percentDecodedLowercase(name))
        }
        let rest = kept.joined(separator: "&")
        return String(head) + (rest.isEmpty ? "" : "?" + rest) + fragment
    }

    /// The text and bytes to keep for a payload: stripped text, and its UTF-8 bytes when it changed.
    public static func strip(text: String?, bytes: [UInt8]) -> (text: String?, bytes: [UInt8]) {
        guard let text else { return (nil, bytes) }
        let stripped = strip(text)
        return stripped == text ? (text, bytes) : (stripped, Array(stripped.utf8))
    }

    /// `%73ecret` spelled plainly, lower-cased (so an encoded name cannot smuggle the secret through).
    static func percentDecodedLowercase(_ name: Substring) -> String {
        var out: [UInt8] = []
        var bytes = Array(name.utf8)[...]
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: "%"), bytes.count >= 2, let high = hexValue(bytes[bytes.startIndex]),
                let low = hexValue(bytes[bytes.startIndex + 1])
            {
                out.append(high << 4 | low)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self).lowercased()
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
