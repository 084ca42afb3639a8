// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// The result page's documents in this process under a private Xvfb: a boarding pass, a
/// driver's licence and a rail ticket field by field with copy buttons, and the Keep button.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class DocumentResultPageTests: XCTestCase {
    /// The scan date of these tests: 21 April 2025.
    static let today = CivilDate(year: 2025, month: 4, day: 21)!

    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try InProcessGtk.start()
            ResultPage.scanDate = { DocumentResultPageTests.today }
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated { ResultPage.scanDate = { CivilDate.today() } }
    }

    /// Runs `body` with a page showing the payload, closed afterwards.
    private func showing(_ text: String?, bytes: [UInt8]? = nil, _ body: @MainActor (ResultPageTests.Fixture) throws -> Void) rethrows {
        try MainActor.assumeIsolated {
            let fixture = ResultPageTests.Fixture(text, bytes: bytes, format: .qrCode)
            defer { fixture.close() }
            try body(fixture)
        }
    }

    func testBoardingPassShowsEachFlightAndCopiesTheBookingReference() throws {
        let pass =
            "M2ROE/JANE MS         E" + "QX7K2P HELARNAY 0641 112Y023C0041 1" + "00" + "QX7K2P ARNJFKSK 0903 112Y034A0042 3" + "00"
        try showing(pass) { fixture in
            fixture.expectLabels([
                "Boarding Pass", "ROE/JANE MS", "Electronic ticket", "Flight 1 of 2: HEL → ARN", "Flight 2 of 2: ARN → JFK", "AY 641",
                "SK 903", "2025-04-22", "Date (day 112: the year nearest today)", "23C", "34A", "1 — checked in",
                "3 — bags checked, checked in",
            ])
            XCTAssertTrue(try fixture.copies("Copy Booking Reference", "QX7K2P"))
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "QX7K2P", "the main value is the booking reference")
        }
    }

    func testLicenceShowsNamesDatesAndAddress() throws {
        let card =
            "@\n\u{1E}\rANSI 636026100101DL00310114DLDAQD1234567\nDCSROE\nDACJANE\nDADANN\nDBB07041990\nDBA07042023\nDBC2\nDAG1200 MAIN ST\nDAIPHOENIX\nDAJAZ\nDAK85004\nDCGUSA\r"
        try showing(card) { fixture in
            fixture.expectLabels([
                "Driver’s Licence", "JANE ANN ROE", "1990-07-04", "D1234567", "Expired on", "2023-07-04",
                "1200 MAIN ST\nPHOENIX, AZ 85004\nUSA",
                "Female",
            ])
            XCTAssertTrue(try fixture.copies("Copy Date of Birth", "1990-07-04"))
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "D1234567")
        }
    }

    func testLicenceWithoutCountryHidesItsDates() {
        let card = "@\n\u{1E}\rANSI 636026100101DL00310026DLDAQX1\nDBB07041990\nDAJZZ\r"
        showing(card) { fixture in
            XCTAssertFalse(fixture.labels.contains("1990-07-04"))
            XCTAssertTrue(fixture.labels.contains { $0.hasPrefix("The card does not say its country") }, "labels: \(fixture.labels)")
        }
    }

    func testRailTicketShowsItsIssuerAndCopiesTheCode() throws {
        let bytes = Array("#UT01108000002".utf8) + [UInt8](repeating: 0x30, count: 50) + Array("0003".utf8) + [0x78, 0x9C, 0x00]
        try showing(nil, bytes: bytes) { fixture in
            fixture.expectLabels(["Rail Ticket", "UIC 918.3 (version 1)", "DB Fernverkehr (RICS 1080)", "00002", "3 bytes"])
            XCTAssertTrue(try fixture.copies("Copy Issuer", "1080"))
            XCTAssertTrue(try fixture.copies("Copy as Hex", "789c00"))
        }
    }

    func testRailTicketListsItsRecordsAndTicketReference() throws {
        let records = "U_HEAD0100531185QX7K2P4PC8WQ1234    2104202512050DEEN" + "U_FLEX010014\u{1}\u{2}"
        let data = try ZlibReference.compress(Array(records.utf8), level: 6)
        let bytes =
            Array("#UT01118500001".utf8) + [UInt8](repeating: 0x30, count: 50) + Array(String(format: "%04d", data.count).utf8) + data
        try showing(nil, bytes: bytes) { fixture in
            fixture.expectLabels([
                "SBB CFF FFS (RICS 1185)", "QX7K2P4PC8WQ1234", "2025-04-21 12:05", "U_HEAD, U_FLEX (with UIC 918.9 flexible content)",
            ])
            XCTAssertTrue(try fixture.copies("Copy Record Names", "U_HEAD, U_FLEX"))
        }
    }

    func testMarkupInANameIsShownLiterally() {
        let pass = "M1<b>ROE</b>/J&amp;   EQX7K2P HELBCNAY 1651 112Y023C0041 100"
        showing(pass) { fixture in
            fixture.expectLabels(["<b>ROE</b>/J&amp;"])
        }
    }

    func testKeepRecordsOnceAndSaysSo() throws {
        try showing(BoardingPassSample.text) { fixture in
            var kept = 0
            fixture.page.offerKeep { kept += 1 }
            InProcessGtk.flush()
            fixture.expectLabels(["Not kept in history: it holds personal data."])
            XCTAssertTrue(InProcessGtk.press(try fixture.button("Keep in History")) { fixture.labels.contains("Kept in history.") })
            XCTAssertEqual(kept, 1)
            let button = try fixture.button("Keep in History")
            XCTAssertEqual(gtk_widget_get_sensitive(button), 0, "the button cannot keep it twice")
        }
    }
}

/// A one-leg boarding pass.
enum BoardingPassSample {
    static let text = "M1ROE/JANE MS         EQX7K2P HELBCNAY 1651 112Y023C0041 100"
}
