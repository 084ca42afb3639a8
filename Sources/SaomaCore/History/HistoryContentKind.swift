// SPDX-License-Identifier: GPL-3.0-or-later

/// What a history row holds, stored as its raw value and derived from the text with `ContentParser`.
public enum HistoryContentKind: String, CaseIterable, Sendable {
    case url
    case wifi
    case contact
    case email
    case phone
    case sms
    case geo
    /// An iCalendar event.
    case event
    /// A payment order (EPC or Swiss QR-bill).
    case payment
    case text
    /// A one-time-password code (`otpauth://`), kept without its secret.
    case oneTimePassword = "otp"
    /// A payload that is not text.
    case binary

    /// The kind of `text` (`.binary` when there is none).
    public init(text: String?) {
        guard let text else {
            self = .binary
            return
        }
        if OTPSecretStripping.isOneTimePassword(text) {
            self = .oneTimePassword
            return
        }
        self.init(ContentParser.parse(text).kind)
    }

    /// The row kind of parsed content: the `ContentKind`'s JSON name, except that links are
    /// stored as `url`.
    public init(_ kind: ContentKind) {
        self = kind == .link ? .url : HistoryContentKind(rawValue: kind.rawValue) ?? .text
    }
}
