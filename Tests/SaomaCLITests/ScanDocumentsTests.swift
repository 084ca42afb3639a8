// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

/// Documents end to end through the real components: `saoma generate --format` draws them with
/// libzint (PDF417, Aztec), `saoma scan --json` reads them with the decoder process and gives
/// them as content kinds with fields.
@Suite("Documents drawn, scanned and parsed")
struct ScanDocumentsTests {
    /// Draws `bytes` in `format` with `saoma generate --input` into a temporary folder and reads
    /// the image back: the first symbol's `"content"` object of `saoma scan --json`.
    private func scanned(_ bytes: [UInt8], format: String) throws -> [String: Any] {
        let folder = try TemporaryFolder(prefix: "saoma-documents")
        defer { folder.remove() }
        let input = folder.file("payload.bin")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let path = folder.file("\(format).png")
        let drawn = try SpawnedCommand.run(["generate", "--format", format, "--input", input, "-o", path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let outcome = try SpawnedCommand.run(["scan", "--json", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let symbol = try #require((object["symbols"] as? [[String: Any]])?.first, "no code read in \(path): \(outcome.output)")
        return try #require(symbol["content"] as? [String: Any], "\(symbol)")
    }

    /// Expects each of `fields` in `object`, a string of exactly that value.
    private func expect(_ object: [String: Any], has fields: [String: String], sourceLocation: SourceLocation = #_sourceLocation) {
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            #expect(object[key] as? String == value, "\(key)", sourceLocation: sourceLocation)
        }
    }

    @Test("a boarding pass in PDF417 comes back as a boarding pass, leg by leg")
    func boardingPass() throws {
        let pass = "M1ROE/JANE MS         EQX7K2P HELBCNAY 1651 112Y023C0041 100"
        let content = try scanned(Array(pass.utf8), format: "pdf417")
        expect(content, has: ["kind": "boarding_pass", "passenger_name": "ROE/JANE MS"])
        let leg = try #require((content["legs"] as? [[String: Any]])?.first)
        expect(leg, has: ["from": "HEL", "to": "BCN", "flight_number": "1651", "date_basis": "nearest_scan_date"])
        #expect(leg["day_of_year"] as? Int == 112)
        // Placed by the stated rule relative to the day the scan runs (the command's own clock).
        let expected = FlightDateRule.flightDate(dayOfYear: 112, issued: nil, scannedOn: CivilDate.today())?.date.iso8601
        #expect(leg["date"] as? String == expected)
    }

    @Test("a driver's licence in PDF417, LF, RS and CR included, comes back with ISO dates")
    func licence() throws {
        let card = "@\n\u{1E}\rANSI 636026100101DL00310060DLDAQD1234567\nDCSROE\nDACJANE\nDBB07041990\nDBA07042031\nDCGUSA\r"
        let content = try scanned(Array(card.utf8), format: "pdf417")
        expect(
            content,
            has: [
                "kind": "id_document", "family_name": "ROE", "date_of_birth": "1990-07-04", "expiry_date": "2031-07-04",
                "document_number": "D1234567",
            ])
    }

    @Test("a rail ticket in Aztec comes back as a rail ticket from its bytes, with its issuer")
    func railTicket() throws {
        let data: [UInt8] = [0x78, 0x9C, 0x0B, 0x8D, 0xF7, 0x70, 0x75, 0x74, 0x00, 0x00, 0xFF, 0x00]
        let ticket =
            Array("#UT01118500001".utf8) + [UInt8](repeating: 0x30, count: 50) + Array(String(format: "%04d", data.count).utf8) + data
        let content = try scanned(ticket, format: "aztec")
        expect(content, has: ["kind": "rail_ticket", "issuer_code": "1185", "issuer_name": "SBB CFF FFS"])
        #expect(content["data_length"] as? Int == data.count)
    }
}
