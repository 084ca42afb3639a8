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
        switch ContentParser.parse(text) {
        case .url: self = .url
        case .wifi: self = .wifi
        case .contact: self = .contact
        case .email: self = .email
        case .phone: self = .phone
        case .sms: self = .sms
        case .geo: self = .geo
        case .event: self = .event
        case .otp: self = .oneTimePassword
        case .payment: self = .payment
        case .text: self = .text
        }
    }
}
