// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import SaomaCLI

@Suite("saoma scan --json: documents")
struct ScanJSONDocumentTests {
    /// The scan date of these rows: 21 April 2025.
    static let today = CivilDate(year: 2025, month: 4, day: 21)!

    static func json(_ text: String) -> String {
        ScanJSON.object(of: ContentParser.parse(text), scannedOn: today).text
    }

    @Test("a boarding pass: passenger, legs with the flight's date and how its year was chosen")
    func boardingPass() {
        let text = "M1ROE/JANE MS         EQX7K2P HELBCNAY 1651 112Y023C0041 100"
        #expect(
            ScanJSONDocumentTests.json(text)
                == #"{"kind":"boarding_pass","passenger_name":"ROE/JANE MS","surname":"ROE","given_names":"JANE MS","electronic_ticket":true,"version":null,"issue_date":null,"conditional_data":false,"security_data":false,"legs":[{"booking_reference":"QX7K2P","from":"HEL","to":"BCN","carrier":"AY","flight_number":"1651","day_of_year":112,"date":"2025-04-22","date_basis":"nearest_scan_date","compartment":"Y","seat":"23C","sequence":"41","passenger_status":"1","marketing_carrier":null,"frequent_flyer_airline":null,"frequent_flyer_number":null,"airline_data":false}]}"#
        )
    }

    @Test("a boarding pass with its date of issue places the flight after it")
    func boardingPassIssued() throws {
        let text =
            "M1ROE/JANE MS         EQX7K2P HELARNAY 0641 112Y023C0041 1" + "1B" + ">6" + "07" + "0WW5110" + "0E" + "1052151234567" + "0"
        let object = try #require(JSONSerialization.jsonObject(with: Data(ScanJSONDocumentTests.json(text).utf8)) as? [String: Any])
        #expect(object["issue_date"] as? String == "2025-04-20")
        #expect(object["version"] as? Int == 6)
        let leg = try #require((object["legs"] as? [[String: Any]])?.first)
        #expect(leg["date"] as? String == "2025-04-22")
        #expect(leg["date_basis"] as? String == "issue_date")
    }

    @Test("a driver's licence: names, ISO dates, the order they were read in; absent fields are null")
    func licence() {
        let text = "@\n\u{1E}\rANSI 636026100101DL00310060DLDAQD1234567\nDCSROE\nDACJANE\nDBB07041990\nDBA07042031\nDCGUSA\r"
        #expect(
            ScanJSONDocumentTests.json(text)
                == #"{"kind":"id_document","document_type":"driver_license","issuer_number":"636026","aamva_version":10,"jurisdiction_version":1,"family_name":"ROE","first_name":"JANE","middle_names":null,"full_name":null,"name_suffix":null,"date_of_birth":"1990-07-04","expiry_date":"2031-07-04","issue_date":null,"document_number":"D1234567","street":null,"street2":null,"city":null,"jurisdiction":null,"postal_code":null,"country":"USA","sex":null,"vehicle_class":null,"date_order":"MMDDCCYY"}"#
        )
    }

    @Test("a rail ticket from its bytes: frame, issuer and its name, key, data length")
    func railTicket() {
        let bytes = Array("#UT01108000002".utf8) + [UInt8](repeating: 0x30, count: 50) + Array("0003".utf8) + [0x78, 0x9C, 0x00]
        let symbol = Symbol(format: .qrCode, bytes: bytes, text: nil, corners: [])
        #expect(
            ScanJSON.content(of: symbol).text
                == #"{"kind":"rail_ticket","frame":"uic918.3","version":"1","issuer_code":"1080","issuer_name":"DB Fernverkehr","key_id":"00002","data_length":3,"declared_data_length":3,"ticket_key":null,"issued":null,"records":[],"flexible_content":false}"#
        )
    }

    @Test("a rail ticket's records: names, ticket key and issuing time from U_HEAD, U_FLEX flagged")
    func railTicketRecords() throws {
        // U_HEAD: 12-character header, company, ticket key padded to 20, DDMMYYYYHHMM, flags and languages.
        let records = "U_HEAD0100531080ABC123              0102202615300DEEN" + "U_FLEX010014\u{1}\u{2}"
        let compressed = try ZlibReference.compress(Array(records.utf8), level: 6)
        let bytes =
            Array("#UT01108000002".utf8) + [UInt8](repeating: 0x30, count: 50) + Array(String(format: "%04d", compressed.count).utf8)
            + compressed
        let line = ScanJSON.content(of: Symbol(format: .aztec, bytes: bytes, text: nil, corners: [])).text
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["records"] as? [String] == ["U_HEAD", "U_FLEX"])
        #expect(object["ticket_key"] as? String == "ABC123")
        #expect(object["issued"] as? String == "2026-02-01T15:30")
        #expect(object["flexible_content"] as? Bool == true)
    }

    @Test("names with quotes, control characters and markup are escaped JSON strings")
    func escaping() throws {
        let text = "M1\"ROE\"\\<i>/JANE      EQX7K2P HELBCNAY 1651 112Y023C0041 100"
        let line = ScanJSONDocumentTests.json(text)
        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["passenger_name"] as? String == "\"ROE\"\\<i>/JANE")
    }
}
