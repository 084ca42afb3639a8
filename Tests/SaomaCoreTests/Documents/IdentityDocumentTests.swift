// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import SaomaCore

/// AAMVA files put together as Annex D lays them out, with offsets and lengths computed.
enum AAMVASamples {
    /// The file: header (`@` LF RS CR `ANSI `, IIN, version, jurisdiction version from version 2
    /// on, number of entries), one designator per subfile, then the subfiles (type, elements
    /// joined by LF, CR).
    static func file(iin: String = "636026", version: Int, jurisdictionVersion: Int = 1, subfiles: [(String, [String])]) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        func four(_ n: Int) -> String { String(repeating: "0", count: 4 - String(n).count) + String(n) }
        var header = "@\n\u{1E}\rANSI " + iin + two(version)
        if version >= 2 { header += two(jurisdictionVersion) }
        header += two(subfiles.count)
        let bodies = subfiles.map { $0.0 + $0.1.joined(separator: "\n") + "\r" }
        var offset = header.unicodeScalars.count + 10 * subfiles.count
        var designators = ""
        for (index, body) in bodies.enumerated() {
            designators += subfiles[index].0 + four(offset) + four(body.unicodeScalars.count)
            offset += body.unicodeScalars.count
        }
        return header + designators + bodies.joined()
    }

    /// A version 10 US driver's licence.
    static let usElements = [
        "DAQD1234567", "DCSROE", "DDEN", "DACJANE", "DDFN", "DADANN,MARIE", "DDGN", "DCAC", "DCBNONE", "DCDNONE", "DBD03152023",
        "DBB07041990", "DBA07042031", "DBC2", "DAU065 IN", "DAYGRN", "DAG1200 MAIN ST", "DAHAPT 4", "DAIPHOENIX", "DAJAZ",
        "DAK850040000  ", "DCFX1234", "DCGUSA", "DCUJR",
    ]
    static let us = file(version: 10, subfiles: [("DL", usElements), ("ZA", ["ZAAJURISDICTION DATA"])])
}

/// One card and what it must say (`nil` = not read as a card).
struct AAMVACase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    var type: IdentityDocument.DocumentType? = .driverLicense
    var birth: String?
    var expiry: String?
    var order: IdentityDocument.DateOrder?
    var family: String?
    var number: String?
    var city: String?
    var testDescription: String { name }
}

@Suite("Driver's licences and ID cards (AAMVA)")
struct IdentityDocumentTests {
    @Test("a version 10 US licence, field by field")
    func usLicence() throws {
        let card = try #require(IdentityDocument(aamva: AAMVASamples.us))
        #expect(card.documentType == .driverLicense)
        #expect(card.issuerNumber == "636026")
        #expect(card.version == 10)
        #expect(card.jurisdictionVersion == 1)
        #expect(card.familyName == "ROE")
        #expect(card.firstName == "JANE")
        #expect(card.middleNames == "ANN,MARIE")
        #expect(card.nameSuffix == "JR")
        #expect(card.displayName == "JANE ANN MARIE ROE JR")
        #expect(card.dateOfBirth?.iso8601 == "1990-07-04")
        #expect(card.expiryDate?.iso8601 == "2031-07-04")
        #expect(card.issueDate?.iso8601 == "2023-03-15")
        #expect(card.dateOrder == .monthDayYear)
        #expect(card.documentNumber == "D1234567")
        #expect(card.addressLines == ["1200 MAIN ST", "APT 4", "PHOENIX, AZ 850040000", "USA"])
        #expect(card.sex == .female)
        #expect(card.vehicleClass == "C")
        #expect(ContentParser.parse(AAMVASamples.us).kind == .identityDocument)
    }

    static let cases: [AAMVACase] = [
        AAMVACase(
            name: "Canadian ID card: CCYYMMDD",
            text: AAMVASamples.file(
                iin: "636012", version: 8, subfiles: [("ID", ["DAQ123456789", "DCSTREMBLAY", "DBB19850412", "DBA20300412", "DCGCAN"])]),
            type: .identificationCard, birth: "1985-04-12", expiry: "2030-04-12", order: .yearMonthDay, family: "TREMBLAY",
            number: "123456789"),
        AAMVACase(
            name: "version 1: CCYYMMDD everywhere, DAA and DAB names",
            text: AAMVASamples.file(
                iin: "636000", version: 1,
                subfiles: [("DL", ["DAQ0123456789ABC", "DAAROE,JANE,A", "DABROE", "DBB19761123", "DBA20011201", "DAJVA"])]),
            birth: "1976-11-23", expiry: "2001-12-01", order: .yearMonthDay, family: "ROE", number: "0123456789ABC"),
        AAMVACase(
            name: "no DCG: a Canadian province orders the dates",
            text: AAMVASamples.file(version: 9, subfiles: [("DL", ["DAQX1", "DBB19991231", "DAJQC"])]), birth: "1999-12-31",
            order: .yearMonthDay, number: "X1"),
        AAMVACase(
            name: "no DCG: a US state orders the dates",
            text: AAMVASamples.file(version: 9, subfiles: [("DL", ["DAQX1", "DBB12311999", "DAJVA"])]), birth: "1999-12-31",
            order: .monthDayYear, number: "X1"),
        AAMVACase(
            name: "no country at all: dates are not read",
            text: AAMVASamples.file(version: 9, subfiles: [("DL", ["DAQX1", "DBB12311999", "DAJZZ"])]), number: "X1"),
        AAMVACase(
            name: "an unknown country: dates are not read",
            text: AAMVASamples.file(version: 9, subfiles: [("DL", ["DAQX1", "DBB12311999", "DCGFRA"])]), number: "X1"),
        AAMVACase(
            name: "malformed dates are absent (month 13, 29 February of a common year, seven digits, letters)",
            text: AAMVASamples.file(version: 10, subfiles: [("DL", ["DBB13011990", "DBA02292023", "DBD0704199", "DCGUSA", "DAQ1"])]),
            order: .monthDayYear, number: "1"),
        AAMVACase(
            name: "a date in the other order is malformed, not swapped",
            text: AAMVASamples.file(version: 10, subfiles: [("DL", ["DBB19900704", "DCGUSA", "DAQ1"])]), order: .monthDayYear,
            number: "1"),
        AAMVACase(
            name: "the first DL or ID subfile with elements counts; others are skipped",
            text: AAMVASamples.file(version: 10, subfiles: [("ZV", ["ZVA01"]), ("ID", ["DCSROE", "DCGUSA", "DBB01021980"])]),
            type: .identificationCard, birth: "1980-01-02", order: .monthDayYear, family: "ROE"),
        AAMVACase(
            name: "only a jurisdiction subfile: not a card", text: AAMVASamples.file(version: 10, subfiles: [("ZV", ["ZVA01"])]), type: nil),
        AAMVACase(name: "the header alone", text: "@\n\u{1E}\rANSI 6360261001", type: nil),
        AAMVACase(name: "no compliance indicator", text: String(AAMVASamples.us.dropFirst()), type: nil),
        AAMVACase(name: "another file type", text: "@\n\u{1E}\rXNSI " + AAMVASamples.us.dropFirst(9), type: nil),
        AAMVACase(name: "letters in the IIN", text: "@\n\u{1E}\rANSI 63A026" + AAMVASamples.us.dropFirst(15), type: nil),
    ]

    @Test("cards of several versions and countries", arguments: cases)
    func cards(_ c: AAMVACase) {
        guard let card = IdentityDocument(aamva: c.text) else {
            #expect(c.type == nil, "not read as a card")
            return
        }
        #expect(card.documentType == c.type)
        #expect(card.dateOfBirth?.iso8601 == c.birth)
        #expect(card.expiryDate?.iso8601 == c.expiry)
        #expect(card.dateOrder == c.order)
        #expect(card.familyName == c.family)
        #expect(card.documentNumber == c.number)
    }

    @Test("a first subfile whose offset is wrong is found right after the designators")
    func wrongOffset() throws {
        let text = AAMVASamples.us.replacingOccurrences(of: "DL0041", with: "DL0099")
        #expect(text != AAMVASamples.us)
        let card = try #require(IdentityDocument(aamva: text))
        #expect(card.familyName == "ROE")
    }

    @Test("an element cut off by the end of the text is left out; the ones before it are read")
    func truncated() throws {
        let full = AAMVASamples.file(version: 10, subfiles: [("DL", ["DAQD1", "DCSROE", "DAIPHOENIX"])])
        let cut = String(full.dropLast(4))
        let card = try #require(IdentityDocument(aamva: cut))
        #expect(card.familyName == "ROE")
        #expect(card.city == nil)
    }

    @Test("a declared length two characters short still gives whole values, up to the CR")
    func shortLength() throws {
        let text = AAMVASamples.file(version: 10, subfiles: [("DL", ["DAQD1", "DCSROE", "DCGUSA"])])
        let short = text.replacingOccurrences(of: "DL00310022", with: "DL00310020")
        #expect(short != text)
        let card = try #require(IdentityDocument(aamva: short))
        #expect(card.country == "USA")
    }

    @Test("a count of 99 subfiles in a short file reads the designators that are there")
    func hugeCount() throws {
        let text = AAMVASamples.us.replacingOccurrences(of: "ANSI 6360261001", with: "ANSI 6360261099")
        let card = try #require(IdentityDocument(aamva: text))
        #expect(card.familyName == "ROE")
    }

    @Test("a repeated element keeps its first value; control characters and markup stay literal")
    func literalValues() throws {
        let text = AAMVASamples.file(version: 10, subfiles: [("DL", ["DCS<b>ROE</b>\u{1B}[2J", "DCSOTHER", "DAQ1"])])
        let card = try #require(IdentityDocument(aamva: text))
        #expect(card.familyName == "<b>ROE</b>\u{1B}[2J")
    }
}
