// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import SaomaCore

/// One attack on the document parsers: the payload and what it must be read as.
struct HostileDocumentCase: CustomTestStringConvertible, Sendable {
    let attack: String
    let bytes: [UInt8]
    /// The kind the payload reads as (`.text` when the parser refuses it as a document).
    let kind: ContentKind
    var testDescription: String { attack }

    init(_ attack: String, text: String, _ kind: ContentKind) {
        self.attack = attack
        bytes = Array(text.utf8)
        self.kind = kind
    }

    init(_ attack: String, bytes: [UInt8], _ kind: ContentKind) {
        self.attack = attack
        self.bytes = bytes
        self.kind = kind
    }
}

@Suite("Documents: hostile payloads")
struct DocumentHostileInputTests {
    static let pass = BCBPSamples.oneLeg
    static let card = AAMVASamples.us

    /// The one-leg pass with another name (padded to its 20 characters).
    static func named(_ name: String) -> String {
        let padding = String(repeating: " ", count: max(0, 20 - name.unicodeScalars.count))
        return "M1" + name + padding + pass.dropFirst(22)
    }

    static let cases: [HostileDocumentCase] = [
        // Boarding passes
        HostileDocumentCase("BCBP: a header and nothing else", text: "M1ROE/JANE MS         E", .text),
        HostileDocumentCase("BCBP: one character short of a leg", text: String(pass.dropLast()), .text),
        HostileDocumentCase("BCBP: nine legs", text: "M9" + pass.dropFirst(2), .text),
        HostileDocumentCase("BCBP: four legs declared, one present", text: "M4" + pass.dropFirst(2), .text),
        HostileDocumentCase("BCBP: an escape sequence in the name", text: named("ROE\u{1B}[2J/JANE"), .text),
        HostileDocumentCase(
            "BCBP: a line feed in the booking reference", text: String(pass.prefix(23)) + "QX7\nK2P" + pass.dropFirst(30), .text),
        HostileDocumentCase("BCBP: lower-case airports", text: String(pass.prefix(30)) + "helbcn" + pass.dropFirst(36), .text),
        HostileDocumentCase("BCBP: day 999", text: String(pass.prefix(44)) + "999" + pass.dropFirst(47), .text),
        HostileDocumentCase("BCBP: a size that is not hexadecimal", text: String(pass.dropLast(2)) + "ZZ", .text),
        HostileDocumentCase("BCBP: the largest variable size, nothing after it", text: String(pass.dropLast(2)) + "FF", .boardingPass),
        HostileDocumentCase("BCBP: markup in the name is a name", text: named("<b>ROE</b>/J&amp;"), .boardingPass),
        HostileDocumentCase("BCBP: a bidi override in the name", text: named("ROE\u{202E}/JANE"), .boardingPass),
        HostileDocumentCase("BCBP: a zero-size conditional section", text: String(pass.dropLast(2)) + "04>600", .boardingPass),
        // AAMVA cards
        HostileDocumentCase("AAMVA: the header cut short", text: String(card.prefix(12)), .text),
        HostileDocumentCase("AAMVA: 99 designators, none there", text: "@\n\u{1E}\rANSI 6360261001990", .text),
        HostileDocumentCase(
            "AAMVA: offsets beyond the text", text: card.replacingFirst("DL0041", with: "DL9999").replacingFirst("DLDAQ", with: "XXDAQ"),
            .text),
        HostileDocumentCase(
            "AAMVA: a length of zero (elements are read up to the CR)",
            text: card.replacingFirst("DL0041" + card.digits(after: "DL0041"), with: "DL00410000"), .identityDocument),
        HostileDocumentCase(
            "AAMVA: version 00 reads as version 1", text: "@\n\u{1E}\rANSI 6360260001DL00290010DLDAQ12345\r", .identityDocument),
        HostileDocumentCase(
            "AAMVA: NULs between elements", text: card.replacingFirst("\nDCSROE", with: "\n\u{0}\u{0}\nDCSROE"), .identityDocument),
        HostileDocumentCase(
            "AAMVA: element IDs in lower case are skipped", text: "@\n\u{1E}\rANSI 636026100101DL00310014DLdaqabc\nDAQ1\r",
            .identityDocument),
        // Rail tickets
        HostileDocumentCase("UIC: #UT with a version of letters", bytes: Array("#UTAB108000002".utf8), .text),
        HostileDocumentCase(
            "UIC: a declared length of letters", bytes: RailSamples.staticFrame().replacing(at: 64, with: Array("ABCD".utf8)), .railTicket),
        HostileDocumentCase("UIC: a dynamic header cut after the format", bytes: [0x81, 0x55, 0x62], .text),
        HostileDocumentCase(
            "UIC: a dynamic header with a 255-character provider text",
            bytes: RailSamples.dynamicHeader(format: "U2", optionalCount: 12, text: String(repeating: "A", count: 255)), .railTicket),
    ]

    @Test("each attack reads as the expected kind, and never crashes", arguments: cases)
    func attacks(_ c: HostileDocumentCase) {
        let text = String(validating: c.bytes, as: UTF8.self)
        let content = ContentParser.parse(Symbol(format: .qrCode, bytes: c.bytes, text: text, corners: []))
        #expect(content?.kind ?? .text == c.kind)
    }

    @Test("a provider text longer than any RICS code is no issuer")
    func longProvider() throws {
        let bytes = RailSamples.dynamicHeader(format: "U2", optionalCount: 12, text: String(repeating: "A", count: 255))
        #expect(try #require(RailTicket(bytes: bytes)).issuerCode == nil)
    }

    @Test("a 9000-character element value (the most four-digit lengths allow) is read whole")
    func hugeElement() throws {
        let long = String(repeating: "X", count: 9000)
        let text = AAMVASamples.file(version: 10, subfiles: [("DL", ["DAQ1", "DCS" + long, "DCGUSA"])])
        #expect(try #require(IdentityDocument(aamva: text)).familyName?.count == 9000)
    }

    @Test("payloads over the parser's limit are text, not documents")
    func overLimit() {
        let text = BCBPSamples.oneLeg + String(repeating: " ", count: ContentParser.maximumParsedLength)
        #expect(ContentParser.parse(text).kind == .text)
    }
}

extension String {
    /// `self` with the first occurrence of `target` replaced (unchanged when there is none).
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

extension String {
    /// The four characters after the first `target`.
    fileprivate func digits(after target: String) -> String {
        guard let range = range(of: target) else { return "" }
        return String(self[range.upperBound...].prefix(4))
    }
}

extension Array where Element == UInt8 {
    /// `self` with the bytes from `index` replaced by `replacement`.
    fileprivate func replacing(at index: Int, with replacement: [UInt8]) -> [UInt8] {
        var copy = self
        copy.replaceSubrange(index..<(index + replacement.count), with: replacement)
        return copy
    }
}
