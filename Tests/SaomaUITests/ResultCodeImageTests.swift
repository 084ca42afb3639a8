// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// "Copy Code Image" on the result page: the code drawn again goes on the clipboard as an image
/// that other X clients read (xclip) and other readers decode (zbarimg) to the same payload.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class ResultCodeImageTests: XCTestCase {
    /// The PNG another client gets from the clipboard once it offers one (`nil` if it never does).
    @MainActor
    static func clipboardPNG() throws -> Data? {
        let targets = poll(every: 0.05) { () -> Bool? in
            InProcessGtk.iterate { true }
            let run = try? GeneratorHarness.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"])
            return run.map { String(decoding: $0.output, as: UTF8.self).split(separator: "\n").contains("image/png") } == true ? true : nil
        }
        guard targets == true else { return nil }
        let png = try GeneratorHarness.run("xclip", ["-o", "-selection", "clipboard", "-t", "image/png"])
        return png.status == 0 ? png.output : nil
    }

    /// Shows `symbol`, presses Copy Code Image and returns what zbarimg reads in the clipboard's image.
    @MainActor
    static func copiedPayload(_ text: String?, bytes: [UInt8]) throws -> String? {
        let fixture = ResultPageTests.Fixture(text, bytes: bytes)
        defer { gtk_window_destroy(gcast(fixture.window)) }
        // Another client owns the clipboard first, so an image there is the page's.
        gdk_clipboard_set_text(gtk_widget_get_clipboard(fixture.page.widget), "before")
        gtk_widget_activate(try fixture.button("Copy Code Image"))
        let png = try XCTUnwrap(try Self.clipboardPNG(), "the clipboard never offered an image")
        let folder = try TemporaryFolder(prefix: "saoma-code-image")
        defer { folder.remove() }
        try png.write(to: folder.url.appendingPathComponent("copied.png"))
        return try GeneratorHarness.zbarimg(folder.path("copied.png")).first
    }

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GeneratorHarness.start() }
    }

    func testAQRCodesImageIsCopiedAndReadsBackToTheSamePayload() throws {
        try MainActor.assumeIsolated {
            let text = "Grüße aus https://example.org — 扫码"
            XCTAssertEqual(try Self.copiedPayload(text, bytes: Array(text.utf8)), text)
        }
    }

    func testOnlyCodesSaomaCanDrawAgainHaveTheButton() {
        MainActor.assumeIsolated {
            let ean = ResultPageTests.Fixture("4006381333931", format: .ean13)
            defer { gtk_window_destroy(gcast(ean.window)) }
            XCTAssertFalse(ean.buttonNames.contains("Copy Code Image"), "\(ean.buttonNames)")
            let qr = ResultPageTests.Fixture("hello")
            defer { gtk_window_destroy(gcast(qr.window)) }
            XCTAssertTrue(qr.buttonNames.contains("Copy Code Image"), "\(qr.buttonNames)")
        }
    }

    func testRedrawnPayloadKeepsTextAndBytesApart() {
        let utf8 = Symbol(format: .qrCode, bytes: Array("Grüße".utf8), text: "Grüße", corners: [])
        XCTAssertEqual(ResultPage.redrawnPayload(of: utf8), .text("Grüße"))
        // Text read from Shift-JIS bytes is drawn again with the same bytes, not as UTF-8.
        let shiftJIS: [UInt8] = [0x82, 0xA0]
        let sjis = Symbol(format: .qrCode, bytes: shiftJIS, text: "あ", corners: [])
        XCTAssertEqual(ResultPage.redrawnPayload(of: sjis), .bytes(shiftJIS))
        XCTAssertNil(ResultPage.redrawnPayload(of: Symbol(format: .code128, bytes: Array("A1".utf8), text: "A1", corners: [])))
        XCTAssertNil(ResultPage.redrawnPayload(of: Symbol(format: .qrCode, bytes: [], text: "", corners: [])))
    }
}
