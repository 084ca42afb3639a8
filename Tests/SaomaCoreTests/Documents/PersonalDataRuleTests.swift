// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("History: documents with personal data wait for Keep")
struct PersonalDataRuleTests {
    static let symbols: [(String, Symbol, PersonalDataRule.Decision)] = [
        ("boarding pass", Symbol(format: .qrCode, bytes: Array(BCBPSamples.oneLeg.utf8), text: BCBPSamples.oneLeg, corners: []), .askFirst),
        ("licence", Symbol(format: .qrCode, bytes: Array(AAMVASamples.us.utf8), text: AAMVASamples.us, corners: []), .askFirst),
        ("rail ticket", Symbol(format: .qrCode, bytes: RailSamples.staticFrame(), text: nil, corners: []), .askFirst),
        ("link", Symbol(format: .qrCode, bytes: Array("https://example.org".utf8), text: "https://example.org", corners: []), .record),
        ("text", Symbol(format: .qrCode, bytes: Array("M1 is a motorway".utf8), text: "M1 is a motorway", corners: []), .record),
        ("binary", Symbol(format: .qrCode, bytes: [0, 1, 2, 255], text: nil, corners: []), .record),
    ]

    @Test("the decision per symbol", arguments: symbols)
    func decisions(_ row: (String, Symbol, PersonalDataRule.Decision)) {
        #expect(PersonalDataRule.decision(for: row.1) == row.2, "\(row.0)")
    }

    @Test("every kind has a decision; only the documents ask first")
    func kinds() {
        for kind in ContentKind.allCases {
            let expected: PersonalDataRule.Decision = [.boardingPass, .identityDocument, .railTicket].contains(kind) ? .askFirst : .record
            #expect(PersonalDataRule.decision(for: kind) == expected, "\(kind)")
        }
    }

    @Test("a kept ticket's history row is a rail ticket, not binary")
    func historyKind() {
        let record = HistoryRecord(symbol: PersonalDataRuleTests.symbols[2].1, source: .camera, timeMilliseconds: 0)
        #expect(record.kind.rawValue == "rail_ticket")
        let pass = HistoryRecord(symbol: PersonalDataRuleTests.symbols[0].1, source: .camera, timeMilliseconds: 0)
        #expect(pass.kind.rawValue == "boarding_pass")
    }
}
