// SPDX-License-Identifier: GPL-3.0-or-later

/// What a link really points at, and what about it deserves a warning before it is opened.
///
/// Pure; safe from any thread. The host is read the way browsers read it (WHATWG URL: the last
/// `@` ends the user info, `\` separates the path of http(s) links, percent escapes decoded).
public struct URLAnalysis: Hashable, Sendable {
    /// How strongly a warning should be worded.
    public enum Level: Int, Comparable, Sendable {
        /// Worth knowing (plain http, an IP address, an international name).
        case caution
        /// Likely a trick or harmful (javascript:, a fake host in the user info, look-alike letters).
        case danger

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// One thing wrong with a link; the UI words it.
    public enum Warning: Hashable, Sendable {
        /// A scheme that runs code or reaches local files or apps (`javascript:`, `data:`, `file:`, `intent:`…).
        case dangerousScheme(String)
        /// A scheme other than http(s) that hands the link to some other app (`ftp:`, `magnet:`…).
        case unusualScheme(String)
        /// Plain `http:`: not encrypted.
        case unencrypted
        /// The host is a raw IPv4 or IPv6 address (in any notation browsers accept).
        case ipAddressHost(String)
        /// The host has international (non-ASCII or `xn--`) labels; the value is its Unicode form.
        case internationalHost(String)
        /// A label mixes scripts that are not normally written together (Latin with Cyrillic…).
        case mixedScripts(label: String, scripts: [UnicodeScript])
        /// A label written entirely in letters that look like Latin ones (Cyrillic "аррӏе").
        case confusableLetters(label: String, script: UnicodeScript)
        /// An `xn--` label that does not decode.
        case malformedPunycode(label: String)
        /// Text before `@` that can pose as the host (`https://bank.example@evil.example`).
        case userInfo(String)
        /// Invisible, bidirectional or control characters that can disguise the link.
        case invisibleCharacters
        /// The link is longer than `URLSafety.veryLongLength` characters.
        case veryLong(length: Int)
        /// The host holds characters that look like `/` or `.` (or map to a separator) but are
        /// not one, as in `bank.example⁄login.evil.example`; the value lists them.
        case separatorLookalike(String)
        /// The authority holds `%40`, an `@` in disguise.
        case encodedAt

        /// How strongly to word this warning.
        public var level: Level {
            switch self {
            case .dangerousScheme, .userInfo, .mixedScripts, .confusableLetters, .malformedPunycode, .invisibleCharacters,
                .separatorLookalike, .encodedAt:
                return .danger
            case .unusualScheme, .unencrypted, .ipAddressHost, .internationalHost, .veryLong: return .caution
            }
        }
    }

    /// The link as analysed.
    public var url: String
    /// The scheme, lower-cased (`""` when there is none).
    public var scheme: String
    /// The host as the browser will contact it, after the UTS #46 mapping (lower-cased,
    /// compatibility forms folded, `xn--` labels as written), or `nil`.
    public var host: String?
    /// The host in Unicode (`xn--` labels decoded) for showing, or `nil`.
    public var displayHost: String?
    /// The explicit port, when given.
    public var port: Int?
    /// What deserves a warning, most severe first.
    public var warnings: [Warning]

    /// The strongest warning level, or `nil` when nothing is wrong.
    public var level: Level? { warnings.map(\.level).max() }
}

/// Reads links for `URLAnalysis`.
public enum URLSafety {
    /// Links longer than this many characters get a `.veryLong` warning (they hide their end).
    public static let veryLongLength = 1000

    /// Schemes that run code, reach local files, or start arbitrary apps.
    public static let dangerousSchemes: Set<String> = [
        "javascript", "vbscript", "livescript", "data", "file", "intent", "blob", "view-source", "jar", "ms-msdt", "search-ms",
        "ms-officecmd", "smb", "chrome",
    ]

    /// Schemes whose authority follows the WHATWG "special" rules: slashes optional, `\` is `/`
    /// (`file:` is left out: its host needs `//`).
    static let specialSchemes: Set<String> = ["http", "https", "ftp", "ws", "wss"]

    /// Analyses `url`.
    public static func analyze(_ url: String) -> URLAnalysis {
        let text = ContentParser.trimmingSpace(url)
        var warnings: [URLAnalysis.Warning] = []
        if text.unicodeScalars.contains(where: isInvisible) { warnings.append(.invisibleCharacters) }

        let scheme = ContentParser.schemePrefix(of: text)?.lowercased() ?? ""
        switch scheme {
        case "https": break
        case "http": warnings.append(.unencrypted)
        case _ where dangerousSchemes.contains(scheme): warnings.append(.dangerousScheme(scheme))
        default: warnings.append(.unusualScheme(scheme))
        }

        let rest = scheme.isEmpty ? text.unicodeScalars[...] : text.unicodeScalars.dropFirst(scheme.unicodeScalars.count + 1)
        var analysis = URLAnalysis(url: text, scheme: scheme, host: nil, displayHost: nil, port: nil, warnings: [])
        if let authority = authority(of: rest, special: specialSchemes.contains(scheme)) {
            if hasEncodedAt(authority) { warnings.append(.encodedAt) }
            let (userInfo, hostAndPort) = splitUserInfo(authority)
            if let userInfo, !userInfo.isEmpty { warnings.append(.userInfo(ContentParser.percentDecoded(userInfo))) }
            let (rawHost, port) = splitPort(hostAndPort)
            analysis.port = port
            if !rawHost.isEmpty {
                var lookalikes = String.UnicodeScalarView()
                for s in ContentParser.percentDecoded(rawHost).unicodeScalars where isSeparatorLookalike(s) && !lookalikes.contains(s) {
                    lookalikes.append(s)
                }
                if !lookalikes.isEmpty { warnings.append(.separatorLookalike(String(lookalikes))) }
                let host = normalizedHost(rawHost)
                analysis.host = host
                warnings += hostWarnings(host, display: &analysis.displayHost)
                // Percent escapes and `xn--` labels can spell them in a host whose text shows none.
                if analysis.displayHost?.unicodeScalars.contains(where: isInvisible) == true, !warnings.contains(.invisibleCharacters) {
                    warnings.append(.invisibleCharacters)
                }
            }
        }
        if text.count > veryLongLength { warnings.append(.veryLong(length: text.count)) }
        analysis.warnings = warnings.enumerated().sorted { ($0.element.level, -$0.offset) > ($1.element.level, -$1.offset) }.map(\.element)
        return analysis
    }

    /// The authority (`user@host:port`) after the scheme, or `nil` when the link has none.
    static func authority(of rest: Substring.UnicodeScalarView, special: Bool) -> String? {
        var body = rest
        if special {
            body = body.drop { $0 == "/" || $0 == "\\" }
        } else {
            guard body.starts(with: "//".unicodeScalars) else { return nil }
            body = body.dropFirst(2)
        }
        let end: (Unicode.Scalar) -> Bool = { $0 == "/" || $0 == "?" || $0 == "#" || (special && $0 == "\\") }
        return String(String.UnicodeScalarView(body.prefix { !end($0) }))
    }

    /// Splits at the last `@`: the user info (or `nil`) and the host with its port.
    static func splitUserInfo(_ authority: String) -> (String?, String) {
        let scalars = authority.unicodeScalars
        guard let at = scalars.lastIndex(of: "@") else { return (nil, authority) }
        return (String(scalars[..<at]), String(scalars[scalars.index(after: at)...]))
    }

    /// Splits `host:port` (IPv6 hosts in brackets); a port that is not a number stays in the host.
    static func splitPort(_ hostAndPort: String) -> (String, Int?) {
        let scalars = hostAndPort.unicodeScalars
        if scalars.first == "[", let close = scalars.firstIndex(of: "]") {
            let host = String(scalars[...close])
            let after = scalars[scalars.index(after: close)...]
            return (host, after.first == ":" ? Int(String(String.UnicodeScalarView(after.dropFirst()))) : nil)
        }
        guard let colon = scalars.lastIndex(of: ":") else { return (hostAndPort, nil) }
        let portText = String(scalars[scalars.index(after: colon)...])
        guard portText.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return (hostAndPort, nil) }
        return (String(scalars[..<colon]), portText.isEmpty ? nil : Int(portText.prefix(9)))
    }

    /// Warnings about the host itself; sets `display` to its Unicode form.
    static func hostWarnings(_ host: String, display: inout String?) -> [URLAnalysis.Warning] {
        if host.hasPrefix("[") || isIPv4(host) {
            display = host
            return [.ipAddressHost(host)]
        }
        var warnings: [URLAnalysis.Warning] = []
        var labels: [String] = []
        var international = false
        for label in host.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            if label.hasPrefix("xn--") { international = true }
            if label.unicodeScalars.contains(where: { !$0.isASCII }) { international = true }
            guard let unicode = Punycode.unicodeLabel(label) else {
                warnings.append(.malformedPunycode(label: label))
                labels.append(label)
                continue
            }
            labels.append(unicode)
            warnings += UnicodeScript.labelWarnings(unicode)
        }
        display = labels.joined(separator: ".")
        if international { warnings.insert(.internationalHost(labels.joined(separator: ".")), at: 0) }
        return warnings
    }

    /// Whether browsers read `host` as an IPv4 address: its last label is a number (decimal,
    /// `0x` hex or octal), as in `192.168.0.1`, `0x7f.1` or `2130706433`.
    static func isIPv4(_ host: String) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        guard let last = labels.last, !last.isEmpty else { return false }
        let lower = last.lowercased()
        if lower.hasPrefix("0x") { return lower.dropFirst(2).allSatisfy(\.isHexDigit) }
        return lower.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Characters that hide or reorder what a link shows: controls, zero-width and bidi controls.
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x115F, 0x1160, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069,
            0x3164, 0xFEFF, 0xFFA0:
            return true
        default:
            return false
        }
    }
}
