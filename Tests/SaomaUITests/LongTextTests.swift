// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SQLiteHistory
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// Long text reaches no label whole: history rows, result pages and markers' accessible names
/// show a start cut by scalars and bytes (`DisplayText`), so one character of 24 000 combining
/// marks (which kept the History page's UI thread for 21 s) is a short title like any other.
final class LongTextTests: XCTestCase {
    /// One base letter and 24 000 combining acute accents: one `Character`, 48 KB of UTF-8.
    static let bomb = "a" + String(repeating: "\u{0301}", count: 24_000)
    /// 100 000 ordinary characters.
    static let long = String(repeating: "0123456789", count: 10_000)

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try InProcessGtk.start() }
    }

    /// Whether `text` fits a line's budget, with no more than the allowed run of marks.
    static func fitsALine(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        var run = 0
        var longest = 0
        for scalar in scalars {
            run = DisplayText.extends(scalar) ? run + 1 : 0
            longest = max(longest, run)
        }
        return scalars.count <= DisplayText.Budget.line.scalars + 1 && longest <= DisplayText.maximumMarksInARow
    }

    func testHistoryRowsShowACutTitle() {
        MainActor.assumeIsolated {
            let history = TemporaryHistoryPage(prefix: "saoma-long-text")
            defer { history.remove() }
            let (recorder, page) = (history.recorder, history.page)
            let window = InProcessGtk.window(holding: page.widget)
            defer { gtk_window_destroy(gcast(window)) }
            for text in [Self.bomb, Self.long] {
                recorder.record(Symbol(format: .qrCode, bytes: Array(text.utf8), text: text, corners: []), origin: .camera)
            }
            XCTAssertTrue(InProcessGtk.iterate { page.records.count == 2 }, "both rows are listed")
            let shown = InProcessGtk.labelTexts(in: page.widget)
            // Row titles are list titles (`ContentSummary`): a subject's budget and the kind.
            XCTAssertTrue(shown.contains("a" + String(repeating: "\u{0301}", count: 16) + "… · Text"), "the one-character bomb is cut")
            let subject = String(Self.long.prefix(ContentSummary.maximumSubjectCharacters)) + "…"
            XCTAssertTrue(shown.contains(subject + " · Text"), "the long text shows its start")
            for label in shown { XCTAssertTrue(Self.fitsALine(label), "a label of \(label.unicodeScalars.count) scalars") }
        }
    }

    func testResultPageShowsTheStartAndCopiesEverything() {
        MainActor.assumeIsolated {
            let page = ResultPage()
            let window = InProcessGtk.window(holding: page.widget)
            defer { gtk_window_destroy(gcast(window)) }
            page.show(Symbol(format: .qrCode, bytes: Array(Self.bomb.utf8), text: Self.bomb, corners: []))
            InProcessGtk.flush()
            let shown = InProcessGtk.labelTexts(in: page.widget)
            XCTAssertTrue(shown.contains("a" + String(repeating: "\u{0301}", count: 16) + "…"), "\(shown.map { $0.unicodeScalars.count })")
            XCTAssertTrue(shown.contains("Showing the first 17 of 24001 characters; copying copies all of them."), "\(shown)")
            page.copyToClipboard()
            XCTAssertTrue(InProcessGtk.iterate { InProcessGtk.clipboardText(of: page.widget) == Self.bomb }, "copying copies everything")
            // A contact whose note is 3000 characters: its field shows a field's budget.
            let card = "MECARD:N:Roe,Jane;NOTE:\(Self.long.prefix(3000));;"
            page.show(Symbol(format: .qrCode, bytes: Array(card.utf8), text: card, corners: []))
            InProcessGtk.flush()
            let note = InProcessGtk.labelTexts(in: page.widget).first { $0.hasPrefix("0123456789") }
            XCTAssertEqual(note, String(Self.long.prefix(DisplayText.Budget.field.scalars)) + "…")
        }
    }

    func testMarkersNameTheirCodeBriefly() {
        let label = MarkerLayer.accessibleLabel(index: 0, count: 2, text: Self.bomb + "\u{1B}[2J")
        XCTAssertEqual(label, "Code 1 of 2: a" + String(repeating: "\u{0301}", count: 16) + "…")
        XCTAssertEqual(MarkerLayer.accessibleLabel(index: 1, count: 2, text: "x\u{1B}y"), "Code 2 of 2: x␛y")
    }
}
