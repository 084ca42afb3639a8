// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Documents in lists: their flight or issuer, never the person")
struct DocumentSummaryTests {
    @Test("a boarding pass is its first flight and route")
    func boardingPass() {
        let summary = ContentSummary(
            symbol: Symbol(format: .pdf417, bytes: Array(BCBPSamples.oneLeg.utf8), text: BCBPSamples.oneLeg, corners: []))
        #expect(summary == ContentSummary(subject: "AY 1651 HEL–BCN", kind: .content(.boardingPass)))
        #expect(!summary.subject.contains("ROE"))
    }

    @Test("a licence is its jurisdiction")
    func licence() {
        let summary = ContentSummary(
            symbol: Symbol(format: .pdf417, bytes: Array(AAMVASamples.us.utf8), text: AAMVASamples.us, corners: []))
        #expect(summary == ContentSummary(subject: "AZ", kind: .content(.identityDocument)))
    }

    @Test("a rail ticket is its issuer, from its bytes, in a code and in a history row")
    func railTicket() {
        let bytes = RailSamples.staticFrame()
        let symbol = Symbol(format: .aztec, bytes: bytes, text: nil, corners: [])
        #expect(ContentSummary(symbol: symbol) == ContentSummary(subject: "DB Fernverkehr", kind: .content(.railTicket)))
        let record = HistoryRecord(symbol: symbol, source: .camera, timeMilliseconds: 0)
        #expect(ContentSummary(record: record).kind == .content(.railTicket))
    }
}
