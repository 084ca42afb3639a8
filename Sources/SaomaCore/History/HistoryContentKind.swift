// SPDX-License-Identifier: GPL-3.0-or-later

/// What a history row holds, stored as its raw value and derived from the text with `ContentParser`.
public enum HistoryContentKind: Hashable, Sendable {
    /// Text of one of the parser's kinds (an `otpauth://` code is `.otp`, kept without its secret).
    case content(ContentKind)
    /// A payload that is not text.
    case binary

    /// The kind of a payload read from a code of `symbology`: a rail ticket by its bytes, else
    /// the kind of `text` (`.binary` when there is none).
    public init(text: String?, bytes: [UInt8] = [], symbology: Symbology? = nil) {
        if RailTicket(bytes: bytes) != nil {
            self = .content(.railTicket)
            return
        }
        guard let text else {
            self = .binary
            return
        }
        if OTPSecretStripping.isOneTimePassword(text) {
            self = .content(.otp)
            return
        }
        self.init(ContentParser.parse(text, symbology: symbology).kind)
    }

    /// The row kind of parsed content.
    public init(_ kind: ContentKind) {
        self = .content(kind)
    }

    /// The stored name: the `ContentKind`'s JSON name, except that links are stored as `url`.
    public var rawValue: String {
        switch self {
        case .content(.link): "url"
        case .content(let kind): kind.rawValue
        case .binary: "binary"
        }
    }
}
