// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SQLiteHistory
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// The History page in this process under a private Xvfb, over a real SQLite history in a
/// temporary folder: rows newest first by day, search as you type, star, label, delete with
/// Undo, clear with confirmation, the empty state. Waits for states, never for time.
final class HistoryPageTests: XCTestCase {
    @MainActor
    final class Fixture {
        let history: TemporaryHistoryPage
        let window: UnsafeMutablePointer<GtkWidget>
        var folder: String { history.folder }
        var recorder: HistoryRecorder { history.recorder }
        var page: HistoryPage { history.page }

        init() {
            history = TemporaryHistoryPage(prefix: "saoma-history-page")
            window = InProcessGtk.window(holding: history.page.widget)
        }

        func code(_ text: String) -> Symbol { Symbol(format: .qrCode, bytes: Array(text.utf8), text: text, corners: []) }

        /// The rows' titles, in order.
        var titles: [String] { page.records.map { HistoryPage.title(of: $0) } }

        /// Waits until the page shows `expected` (returns whether it did).
        @discardableResult
        func waitForTitles(_ expected: [String]) -> Bool {
            InProcessGtk.iterate { titles == expected }
        }

        func type(_ text: String) {
            gtk_editable_set_text(gcast(page.searchEntry), text)
        }

        func button(_ name: String, in root: UnsafeMutablePointer<GtkWidget>? = nil) throws -> UnsafeMutablePointer<GtkWidget> {
            try XCTUnwrap(InProcessGtk.button(named: name, in: root ?? page.widget), "no \(name) button")
        }

        /// The rows' menu buttons, in order.
        var rowMenus: [UnsafeMutablePointer<GtkWidget>] {
            InProcessGtk.descendants(of: page.list).filter { InProcessGtk.isA($0, gtk_menu_button_get_type()) }
        }

        /// Opens the first row's menu and chooses its item for the row action `name` (`star`,
        /// `label`, `delete`), as a click on the menu item does.
        func chooseFromFirstRowMenu(_ name: String) throws {
            XCTAssertTrue(InProcessGtk.iterate { page.rowsShowRecords })
            let menu = try XCTUnwrap(rowMenus.first)
            XCTAssertEqual(gtk_widget_get_tooltip_text(menu).map { String(cString: $0) }, "More Options")
            gtk_menu_button_popup(gcast(menu))
            XCTAssertNotNil(gtk_menu_button_get_menu_model(gcast(menu)), "the menu is made when it opens")
            XCTAssertEqual(page.menuRecord?.id, page.records.first?.id, "the menu is for the first row")
            XCTAssertNotEqual(gtk_widget_activate_action_variant(menu, "row.\(name)", nil), 0, "no row.\(name) action in the menu")
            gtk_menu_button_popdown(gcast(menu))
        }

        func close() {
            for dialog in InProcessGtk.messageDialogs() {
                gtk_window_destroy(gcast(dialog))
            }
            gtk_window_destroy(gcast(window))
            InProcessGtk.flush()
            history.remove()
        }
    }

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try InProcessGtk.start() }
    }

    func testRecordedCodesShowNewestFirstAndSearchFilters() {
        MainActor.assumeIsolated {
            let fixture = Fixture()
            defer { fixture.close() }
            XCTAssertTrue(InProcessGtk.iterate { InProcessGtk.labelTexts(in: fixture.page.widget).contains("No Scans Yet") })
            for text in ["https://example.org/扫码", "扫码轻触小蓝点", "<b>not bold</b>\u{1B}[2J"] {
                fixture.recorder.record(fixture.code(text), origin: .camera)
            }
            let titles = ["<b>not bold</b>␛[2J · Text", "扫码轻触小蓝点 · Text", "example.org · Link"]
            XCTAssertTrue(fixture.waitForTitles(titles), "\(fixture.titles)")
            XCTAssertTrue(InProcessGtk.labelTexts(in: fixture.page.widget).contains("Today"))
            fixture.type("轻触小")
            XCTAssertTrue(fixture.waitForTitles(["扫码轻触小蓝点 · Text"]), "\(fixture.titles)")
            fixture.type("扫码")
            XCTAssertTrue(fixture.waitForTitles(["扫码轻触小蓝点 · Text", "example.org · Link"]), "\(fixture.titles)")
            fixture.type("nothing like this")
            XCTAssertTrue(InProcessGtk.iterate { InProcessGtk.labelTexts(in: fixture.page.widget).contains("No Matches") })
            fixture.type("")
            XCTAssertTrue(fixture.waitForTitles(titles))
            var opened: [String] = []
            fixture.page.onOpen = { opened.append($0.displayText) }
            let rows = InProcessGtk.descendants(of: fixture.page.list).filter { InProcessGtk.isA($0, adw_action_row_get_type()) }
            XCTAssertEqual(rows.count, 3)
            if let first = rows.first { gtk_widget_activate(first) }
            XCTAssertTrue(InProcessGtk.iterate { opened == ["<b>not bold</b>\u{1B}[2J"] }, "\(opened)")
        }
    }

    func testDeleteUndoStarAndClear() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture()
            defer { fixture.close() }
            fixture.recorder.record(fixture.code("keep me"), origin: .camera)
            XCTAssertTrue(fixture.waitForTitles(["keep me · Text"]))
            fixture.recorder.record(fixture.code("delete me"), origin: CodeOrigin(source: .photo, photoPath: "/tmp/p.jpg"))
            XCTAssertTrue(fixture.waitForTitles(["delete me · Text", "keep me · Text"]))
            XCTAssertTrue(InProcessGtk.iterate { fixture.page.rowsShowRecords })
            // Each row has one button and a menu.
            XCTAssertEqual(InProcessGtk.buttons(in: fixture.page.list).map(\.name).filter { $0 == "Copy" }.count, 2)
            XCTAssertEqual(fixture.rowMenus.count, 2)

            try fixture.chooseFromFirstRowMenu("star")
            XCTAssertTrue(InProcessGtk.iterate { fixture.page.records.first?.starred == true }, "the star is stored and shown")
            let starShown = {
                InProcessGtk.descendants(of: fixture.page.list).contains { widget in
                    InProcessGtk.isA(widget, gtk_image_get_type())
                        && gtk_image_get_icon_name(OpaquePointer(widget)).map { String(cString: $0) } == "starred-symbolic"
                }
            }
            XCTAssertTrue(InProcessGtk.iterate { fixture.page.rowsShowRecords && starShown() }, "a starred row shows its star")

            try fixture.chooseFromFirstRowMenu("delete")
            XCTAssertTrue(fixture.waitForTitles(["keep me · Text"]), "\(fixture.titles)")
            let undo = InProcessGtk.descendants(of: fixture.page.widget).filter { InProcessGtk.isA($0, gtk_button_get_type()) }
                .first { InProcessGtk.labelTexts(in: $0).contains("_Undo") || InProcessGtk.labelTexts(in: $0).contains("Undo") }
            gtk_widget_activate(try XCTUnwrap(undo, "the toast offers Undo"))
            XCTAssertTrue(fixture.waitForTitles(["delete me · Text", "keep me · Text"]), "\(fixture.titles)")
            XCTAssertEqual(fixture.page.records.first?.photoPath, "/tmp/p.jpg")
            XCTAssertEqual(fixture.page.records.first?.starred, true)

            XCTAssertNil(InProcessGtk.button(named: "Clear All…", in: fixture.page.widget), "Clear All is in the menu, not in view")
            let before = InProcessGtk.messageDialogs().count
            XCTAssertNotEqual(gtk_widget_activate_action_variant(fixture.page.widget, "history.clear", nil), 0)
            XCTAssertTrue(InProcessGtk.iterate { InProcessGtk.messageDialogs().count > before })
            let dialog = try XCTUnwrap(InProcessGtk.messageDialogs().last)
            let dialogWidget = UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWidget.self)
            gtk_widget_activate(try fixture.button("Clear All", in: dialogWidget))
            XCTAssertTrue(
                InProcessGtk.iterate {
                    fixture.page.records.isEmpty && InProcessGtk.labelTexts(in: fixture.page.widget).contains("No Scans Yet")
                })
            XCTAssertEqual(try HistoryStore(path: fixture.recorder.path).count(), 0)
        }
    }

    /// Rows are built once the page is on screen, not while it waits behind another page (at
    /// start-up a full page of rows held the first camera frame back).
    func testRowsAreBuiltOnceThePageIsShown() {
        MainActor.assumeIsolated {
            let history = TemporaryHistoryPage(prefix: "saoma-history-lazy")
            defer { history.remove() }
            let (recorder, page) = (history.recorder, history.page)
            let stack = gtk_stack_new()!
            let other = gtk_label_new("another page")!
            gtk_stack_add_named(OpaquePointer(stack), other, "other")
            gtk_stack_add_named(OpaquePointer(stack), page.widget, "history")
            gtk_stack_set_visible_child_name(OpaquePointer(stack), "other")
            let window = InProcessGtk.window(holding: stack)
            defer {
                gtk_window_destroy(gcast(window))
                InProcessGtk.flush()
            }
            for text in ["first", "second"] {
                recorder.record(Symbol(format: .qrCode, bytes: Array(text.utf8), text: text, corners: []), origin: .camera)
            }
            XCTAssertTrue(InProcessGtk.iterate { page.records.map(\.displayText) == ["second", "first"] })
            let actionRows = { InProcessGtk.descendants(of: page.list).filter { InProcessGtk.isA($0, adw_action_row_get_type()) } }
            XCTAssertEqual(gtk_widget_get_mapped(page.widget), 0)
            XCTAssertFalse(page.rowsShowRecords)
            XCTAssertEqual(actionRows().count, 0, "no row is built while the page is not on screen")

            gtk_stack_set_visible_child_name(OpaquePointer(stack), "history")
            XCTAssertTrue(InProcessGtk.iterate { page.rowsShowRecords && actionRows().count == 2 }, "\(actionRows().count) rows")
            XCTAssertTrue(InProcessGtk.labelTexts(in: page.widget).contains("Today"))
        }
    }

    func testDamagedDatabaseIsMovedAsideWithAToast() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture()
            defer { fixture.close() }
            try FileManager.default.createDirectory(atPath: fixture.folder + "/saoma", withIntermediateDirectories: true)
            // The page's first query opened the store already; a second recorder meets the damage.
            let path = fixture.folder + "/saoma/other.db"
            try Data("<b>not</b> a database".utf8).write(to: URL(fileURLWithPath: path))
            let recorder = HistoryRecorder(path: path)
            var problems: [String] = []
            recorder.onProblem = { problems.append($0) }
            recorder.record(fixture.code("after damage"), origin: .camera)
            XCTAssertTrue(InProcessGtk.iterate { problems.count == 1 })
            XCTAssertTrue(problems.first?.contains("other.db.corrupt-") == true, "\(problems)")
            XCTAssertTrue(InProcessGtk.iterate { (try? HistoryStore(path: path).count()) == 1 })
        }
    }
}
