// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// A link whose scheme starts another application names that application in its confirmation
/// (or says that none opens it); web links keep the browser's wording.
final class LinkHandOffTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try InProcessGtk.start() }
    }

    /// Shows `link`, presses "Open…" and returns the confirmation's body; `handler` is the
    /// desktop's application for the scheme. Nothing is ever launched.
    @MainActor
    static func confirmation(for link: String, handler: String?) throws -> String {
        let page = ResultPage()
        let window = InProcessGtk.window(holding: page.widget)
        defer {
            for dialog in InProcessGtk.messageDialogs() {
                gtk_window_destroy(gcast(dialog))
            }
            gtk_window_destroy(gcast(window))
            InProcessGtk.flush()
        }
        var asked: [String] = []
        page.schemeHandlerName = { scheme in
            asked.append(scheme)
            return handler
        }
        page.launcher = { uri, _ in XCTFail("\(uri) was launched") }
        page.show(Symbol(format: .qrCode, bytes: Array(link.utf8), text: link, corners: []))
        InProcessGtk.flush()
        let open = try XCTUnwrap(InProcessGtk.button(named: "Open…", in: page.widget))
        XCTAssertTrue(InProcessGtk.press(open) { !InProcessGtk.messageDialogs().isEmpty }, "Open… asks first")
        let dialog = try XCTUnwrap(InProcessGtk.messageDialogs().last)
        XCTAssertEqual(asked.isEmpty, ResultPage.schemesSaomaHandles.contains(URLSafety.analyze(link).scheme))
        return String(cString: adw_message_dialog_get_body(dialog))
    }

    func testAnotherApplicationIsNamed() throws {
        try MainActor.assumeIsolated {
            for link in ["steam://run/440", "vscode://file/etc/passwd", "ghelp:///usr/share/help/C/gnome-help"] {
                let scheme = URLSafety.analyze(link).scheme
                let body = try Self.confirmation(for: link, handler: "Launcher <b>&</b>")
                XCTAssertTrue(
                    body.hasPrefix(
                        "This link starts another application: Launcher <b>&</b>, which opens “\(scheme):” links and receives the whole link."
                    ),
                    body)
            }
        }
    }

    func testNoApplicationIsSaid() throws {
        try MainActor.assumeIsolated {
            let body = try Self.confirmation(for: "steam://run/440", handler: nil)
            XCTAssertTrue(body.hasPrefix("No application on this computer opens “steam:” links."), body)
        }
    }

    func testWebLinksGoToTheBrowser() throws {
        try MainActor.assumeIsolated {
            let body = try Self.confirmation(for: "https://example.org/", handler: "Never asked")
            XCTAssertTrue(body.hasPrefix("The link will open in your browser"), body)
        }
    }

    func testGIOFindsNoHandlerForAnUnknownScheme() {
        MainActor.assumeIsolated {
            XCTAssertNil(ResultPage.defaultSchemeHandlerName("saoma-test-no-handler"))
        }
    }
}
