// SPDX-License-Identifier: GPL-3.0-or-later

/// What a generated code holds: text (stored as UTF-8) or arbitrary bytes.
public enum QRPayload: Hashable, Sendable {
    /// Text; non-ASCII text is encoded as UTF-8 bytes behind the UTF-8 ECI designator.
    case text(String)
    /// Bytes kept exactly (NULs included), 8-bit mode without an ECI designator.
    case bytes([UInt8])

    /// The bytes a reader gets back.
    public var bytes: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        }
    }

    /// Whether the payload carries the UTF-8 ECI designator (text that is not plain ASCII).
    public var usesUTF8ECI: Bool {
        switch self {
        case .text(let text): !text.utf8.allSatisfy { $0 < 0x80 }
        case .bytes: false
        }
    }

    public var isEmpty: Bool { bytes.isEmpty }
}
