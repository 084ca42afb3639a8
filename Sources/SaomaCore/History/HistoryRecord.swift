// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a code in the history was read.
public enum HistorySource: String, CaseIterable, Sendable, Codable {
    case camera
    case photo
    case clipboard
    case screen
    case cli
}

/// One scanned code as the history keeps it.
///
/// Times are milliseconds since the Unix epoch (UTC). A value type: the store hands copies to any
/// thread.
public struct HistoryRecord: Hashable, Sendable {
    /// The store's row id, `nil` before the record is stored.
    public var id: Int64?
    /// When the code was read (or last read again), milliseconds since 1970-01-01 UTC.
    public var timeMilliseconds: Int64
    public var source: HistorySource
    /// The symbology's printed name (`QR`, `EAN-13`…).
    public var format: String
    /// The payload as text, `nil` for a binary payload.
    public var text: String?
    /// The payload exactly as read (secrets of one-time-password codes removed).
    public var bytes: [UInt8]
    /// What the content is (`url`, `wifi`, `text`…): see `HistoryContentKind`.
    public var kind: HistoryContentKind
    /// The photo's path when `source` is `.photo`.
    public var photoPath: String?
    /// The person's label, `nil` when none.
    public var label: String?
    public var starred: Bool

    /// A record with its kind derived from the text; `otpauth` secrets are removed first.
    public init(
        id: Int64? = nil, timeMilliseconds: Int64, source: HistorySource, format: String, text: String?, bytes: [UInt8],
        photoPath: String? = nil, label: String? = nil, starred: Bool = false
    ) {
        let (safeText, safeBytes) = OTPSecretStripping.strip(text: text, bytes: bytes)
        self.id = id
        self.timeMilliseconds = timeMilliseconds
        self.source = source
        self.format = format
        self.text = safeText
        self.bytes = safeBytes
        self.kind = HistoryContentKind(text: safeText, bytes: safeBytes, symbology: Symbology(rawValue: format))
        self.photoPath = photoPath
        self.label = label
        self.starred = starred
    }

    /// A record of a decoded symbol.
    public init(symbol: Symbol, source: HistorySource, timeMilliseconds: Int64, photoPath: String? = nil) {
        self.init(
            timeMilliseconds: timeMilliseconds, source: source, format: symbol.format.name, text: symbol.text, bytes: symbol.bytes,
            photoPath: photoPath)
    }

    /// The code as a `Symbol` (no corners), for showing the result page again.
    public var symbol: Symbol? {
        guard let format = Symbology(rawValue: format) else { return nil }
        return Symbol(format: format, bytes: bytes, text: text, corners: [])
    }

    /// What to show: the text, else the bytes as hex.
    public var displayText: String { text ?? Symbol.hex(bytes) }

    /// Whether `other` is the same code (same format, same bytes), whenever it was read.
    public func isSameCode(as other: HistoryRecord) -> Bool { format == other.format && bytes == other.bytes }
}

/// The "same code again soon" rule: reading a code that was recorded less than
/// `refreshWindowMilliseconds` ago refreshes that row's time instead of adding a row.
public enum HistoryRefreshRule {
    /// Milliseconds within which the same code refreshes its row.
    public static let refreshWindowMilliseconds: Int64 = 10_000

    /// Whether a code last recorded at `previous` and read again at `now` refreshes the old row
    /// (clocks of two writers may differ slightly: a `previous` up to the window ahead counts too).
    public static func refreshes(previous: Int64, now: Int64) -> Bool {
        let gap = now - previous
        return gap <= refreshWindowMilliseconds && gap >= -refreshWindowMilliseconds
    }
}
