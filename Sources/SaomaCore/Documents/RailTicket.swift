// SPDX-License-Identifier: GPL-3.0-or-later

/// A European rail ticket's barcode (Aztec), recognised by its header: UIC 918.3's static
/// `#UT` frame, or UIC 918.9's dynamic header (`U1`, `U2`: ASN.1 unaligned PER, "DOSIPAS").
///
/// Read: who signed the ticket (its RICS company code) and the signature's key; in a `#UT` frame
/// also the names of the compressed records (`U_HEAD`, `U_TLAY`, `U_FLEX` for UIC 918.9's
/// flexible content, railways' own such as `0080BL`) and `U_HEAD`'s ticket key and issuing time.
/// The records' contents and a dynamic header's FCB data stay bytes.
public struct RailTicket: Hashable, Sendable {
    /// Which header the barcode has.
    public enum Frame: Hashable, Sendable {
        /// UIC 918.3 static frame `#UT`, version 1 or 2 (signature of 50 or 64 bytes).
        case static918_3(version: Int)
        /// UIC 918.9 dynamic header, format `U1`, `U2`…
        case dynamic918_9(format: String)
    }

    public var frame: Frame
    /// The RICS company code of the issuer that signed the ticket, as written (four digits,
    /// letters allowed from 2026); `nil` when the header does not give one.
    public var issuerCode: String?
    /// The signature key's identifier, `nil` when not given.
    public var keyID: String?
    /// The ticket data after the header: the compressed records of a `#UT` frame, or the whole
    /// barcode for a dynamic header.
    public var data: [UInt8]
    /// The whole barcode as scanned.
    public var bytes: [UInt8]
    /// The compressed data's length as the `#UT` header declares it (`nil` otherwise), which may
    /// differ from `data.count` when the barcode is damaged.
    public var declaredDataLength: Int?
    /// The records of a `#UT` frame's data, in order; empty when the data do not decompress to
    /// well-formed records (or for a dynamic header).
    public var records: [Record] = []
    /// `U_HEAD`'s ticket key (the issuer's reference of the ticket), `nil` without one.
    public var ticketKey: String?
    /// `U_HEAD`'s issuing date and time, as written (the issuer's local time, no zone).
    public var issued: IssueTime?

    /// A record of a `#UT` frame: six-character ID, two-character version, whole length.
    public struct Record: Hashable, Sendable {
        public let id: String
        public let version: String
        /// Characters of the record, its 12-character header included.
        public let length: Int
    }

    /// A date and time of day to the minute.
    public struct IssueTime: Hashable, Sendable {
        public let date: CivilDate
        public let hour: Int
        public let minute: Int

        /// ISO 8601 without a zone (`2025-04-21T12:05`).
        public var iso8601: String {
            date.iso8601 + "T" + (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
        }
    }

    /// Whether the ticket carries UIC 918.9's flexible content (`U_FLEX`).
    public var hasFlexibleContent: Bool { records.contains { $0.id == "U_FLEX" } }

    /// Most bytes a `#UT` frame's records may decompress to (tickets hold a few hundred).
    public static let maximumRecordBytes = 64 * 1024

    public init(frame: Frame, issuerCode: String?, keyID: String?, data: [UInt8], declaredDataLength: Int? = nil, bytes: [UInt8]? = nil) {
        self.frame = frame
        self.bytes = bytes ?? data
        self.issuerCode = issuerCode
        self.keyID = keyID
        self.data = data
        self.declaredDataLength = declaredDataLength
    }

    /// The issuer's name when `RailIssuers` knows the code.
    public var issuerName: String? { issuerCode.flatMap { RailIssuers.name(of: $0) } }

    /// Characters before the signature of a `#UT` frame: `#UT`, version, RICS code, key ID.
    static let staticPrefixLength = 14

    /// Reads `bytes` as a rail ticket's barcode; `nil` when it has neither header.
    public init?(bytes: [UInt8]) {
        if let ticket = RailTicket.staticFrame(bytes) ?? RailTicket.dynamicHeader(bytes) {
            self = ticket
        } else {
            return nil
        }
    }

    /// `#UT` `01`|`02`, four-character RICS code, five-character key ID, signature (50 bytes in
    /// version 1, 64 in version 2), four-digit length of the compressed data, the data.
    static func staticFrame(_ bytes: [UInt8]) -> RailTicket? {
        guard bytes.count >= staticPrefixLength, bytes.starts(with: Array("#UT".utf8)) else { return nil }
        let version: Int
        switch (bytes[3], bytes[4]) {
        case (0x30, 0x31): version = 1
        case (0x30, 0x32): version = 2
        default: return nil
        }
        func ascii(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let issuer = bytes[5..<9]
        guard issuer.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }) else { return nil }
        let key = bytes[9..<14]
        let keyID = key.allSatisfy({ (0x20...0x7E).contains($0) }) ? ContentParser.trimmingSpace(ascii(9..<14)) : ""
        let signatureEnd = staticPrefixLength + (version == 1 ? 50 : 64)
        var declared: Int?
        var data: [UInt8] = []
        if bytes.count >= signatureEnd + 4 {
            let length = bytes[signatureEnd..<(signatureEnd + 4)]
            if length.allSatisfy({ (0x30...0x39).contains($0) }) { declared = Int(ascii(signatureEnd..<(signatureEnd + 4))) }
            data = Array(bytes[(signatureEnd + 4)...])
        }
        var ticket = RailTicket(
            frame: .static918_3(version: version), issuerCode: ascii(5..<9), keyID: keyID.isEmpty ? nil : keyID, data: data,
            declaredDataLength: declared, bytes: bytes)
        if let records = try? Inflate.zlib(data, limit: maximumRecordBytes) { ticket.readRecords(records) }
        return ticket
    }

    /// The records in decompressed `#UT` data, and `U_HEAD`'s ticket key and issuing time; stops
    /// at the first record that is not well formed (an ID of letters, digits and `_`, a printable
    /// version, a length of four digits from 12 to what is left).
    mutating func readRecords(_ data: [UInt8]) {
        var position = 0
        var found: [Record] = []
        while data.count - position >= 12 {
            let header = data[position..<(position + 12)]
            let id = header.prefix(6)
            let isName = { (b: UInt8) in (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F }
            guard id.allSatisfy(isName), header.dropFirst(6).prefix(2).allSatisfy({ (0x20...0x7E).contains($0) }),
                header.suffix(4).allSatisfy({ (0x30...0x39).contains($0) }),
                let length = Int(String(decoding: header.suffix(4), as: UTF8.self)), length >= 12, length <= data.count - position
            else { break }
            let record = Record(
                id: String(decoding: id, as: UTF8.self), version: String(decoding: header.dropFirst(6).prefix(2), as: UTF8.self),
                length: length)
            found.append(record)
            if record.id == "U_HEAD" { readHead(Array(data[(position + 12)..<(position + length)])) }
            position += length
        }
        records = found
    }

    /// `U_HEAD`: issuing company (4), ticket key (20), issuing date and time `DDMMYYYYHHMM` (12), …
    mutating func readHead(_ body: [UInt8]) {
        guard body.count >= 36, body.allSatisfy({ (0x20...0x7E).contains($0) }) else { return }
        let key = ContentParser.trimmingSpace(String(decoding: body[4..<24], as: UTF8.self))
        ticketKey = key.isEmpty ? nil : key
        let digits = body[24..<36]
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return }
        func number(_ range: Range<Int>) -> Int {
            Int(String(decoding: digits[(24 + range.lowerBound)..<(24 + range.upperBound)], as: UTF8.self)) ?? -1
        }
        let (hour, minute) = (number(8..<10), number(10..<12))
        guard let date = CivilDate(year: number(4..<8), month: number(2..<4), day: number(0..<2)), (0...23).contains(hour),
            (0...59).contains(minute)
        else { return }
        issued = IssueTime(date: date, hour: hour, minute: minute)
    }

    /// UIC 918.9's `UicBarcodeHeader` in unaligned PER: one bit for the optional level 2
    /// signature, the format as an IA5String (length 2, seven bits a character: `U1`, `U2`),
    /// then the level 2 and level 1 data's presence bits and, when present, the security
    /// provider (the issuer: `INTEGER (1..32000)` in 15 bits, or an IA5String) and `keyId`
    /// (`INTEGER (0..99999)` in 17 bits). Formats other than `U1` and `U2` give no issuer.
    static func dynamicHeader(_ bytes: [UInt8]) -> RailTicket? {
        var bits = PERBitReader(bytes)
        guard bytes.count >= 4, bits.read(1) != nil, bits.read(8) == 2, bits.read(7) == 0x55, let digit = bits.read(7),
            (0x31...0x39).contains(digit)
        else { return nil }
        let format = "U" + String(Character(Unicode.Scalar(UInt8(digit))))
        // The level 1 data's optional fields: 8 in U1, 12 in U2 (the end-of-validity fields).
        let optionalCount: Int
        switch format {
        case "U1": optionalCount = 8
        case "U2": optionalCount = 12
        default: return RailTicket(frame: .dynamic918_9(format: format), issuerCode: nil, keyID: nil, data: bytes)
        }
        var issuer: String?
        var keyID: String?
        if bits.read(2) != nil, let presence = bits.read(optionalCount) {
            let hasNumber = presence >> (optionalCount - 1) & 1 == 1
            let hasText = presence >> (optionalCount - 2) & 1 == 1
            let hasKey = presence >> (optionalCount - 3) & 1 == 1
            if hasNumber, let number = bits.read(15) { issuer = RailTicket.ricsCode(number + 1) }
            if hasText, let length = bits.read(8), length <= 16 {
                var text = ""
                for _ in 0..<length {
                    guard let code = bits.read(7), (0x20...0x7E).contains(code) else { break }
                    text.append(Character(Unicode.Scalar(UInt8(code))))
                }
                if issuer == nil, text.count == length, !text.isEmpty { issuer = text }
            }
            if hasKey, let key = bits.read(17), key <= 99_999 { keyID = String(key) }
        }
        return RailTicket(frame: .dynamic918_9(format: format), issuerCode: issuer, keyID: keyID, data: bytes)
    }

    /// A numeric RICS code as its four digits (`1080`).
    static func ricsCode(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Reads unsigned numbers of up to 32 bits, most significant bit first (unaligned PER).
struct PERBitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next `count` bits (1…32) as a number, `nil` past the end.
    mutating func read(_ count: Int) -> Int? {
        guard count > 0, count <= 32, position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            let bit = Int(bytes[position / 8] >> (7 - UInt8(position % 8))) & 1
            value = value << 1 | bit
            position += 1
        }
        return value
    }
}
