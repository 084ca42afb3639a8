// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import SaomaCore
import XCTest

@testable import SaomaUI

/// The result page in this process under a private Xvfb: what each kind of content shows, what
/// gets copied, and that nothing opens without confirmation.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class ResultPageTests: XCTestCase {
    /// A page shown in a window, with every URI it asks the desktop to open recorded.
    @MainActor
    final class Fixture {
        let page = ResultPage()
        let window: UnsafeMutablePointer<GtkWidget>
        var opened: [String] = []

        init(_ text: String?, bytes: [UInt8]? = nil, format: Symbology = .qrCode) {
            window = InProcessGtk.window(holding: page.widget)
            page.launcher = { [unowned self] uri, _ in self.opened.append(uri) }
            page.show(Symbol(format: format, bytes: bytes ?? Array((text ?? "").utf8), text: text, corners: []))
            InProcessGtk.flush()
        }

        var labels: [String] { InProcessGtk.labelTexts(in: page.widget) }
        var buttonNames: [String] { InProcessGtk.buttons(in: page.widget).map(\.name) }

        func button(_ name: String) throws -> UnsafeMutablePointer<GtkWidget> {
            try XCTUnwrap(InProcessGtk.button(named: name, in: page.widget), "no button named \(name) among \(buttonNames)")
        }

        /// Presses the button named `name` and returns the confirmation dialog it presents.
        func pressExpectingDialog(_ name: String) throws -> UnsafeMutablePointer<AdwMessageDialog> {
            let before = InProcessGtk.messageDialogs().count
            let pressed = InProcessGtk.press(try button(name)) { InProcessGtk.messageDialogs().count > before }
            XCTAssertTrue(pressed, "\(name) should present a confirmation dialog")
            return try XCTUnwrap(InProcessGtk.messageDialogs().last)
        }

        /// Presses the dialog's button labelled `choice` (the dialog then closes itself) and lets
        /// the main loop run the handlers.
        func answer(_ dialog: UnsafeMutablePointer<AdwMessageDialog>, _ choice: String) {
            let before = InProcessGtk.messageDialogs().count
            let widget = UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWidget.self)
            guard let button = InProcessGtk.button(named: choice, in: widget) else {
                XCTFail("no \(choice) button in the dialog: \(InProcessGtk.buttons(in: widget).map(\.name))")
                return
            }
            XCTAssertTrue(InProcessGtk.press(button) { InProcessGtk.messageDialogs().count < before }, "the dialog should close")
            InProcessGtk.flush()
        }

        /// The heading and body of a message dialog.
        func texts(of dialog: UnsafeMutablePointer<AdwMessageDialog>) -> (heading: String, body: String) {
            (String(cString: adw_message_dialog_get_heading(dialog)), String(cString: adw_message_dialog_get_body(dialog)))
        }

        func close() {
            for dialog in InProcessGtk.messageDialogs() { gtk_window_destroy(gcastWindow(dialog)) }
            gtk_window_destroy(gcastWindow(window))
            InProcessGtk.flush()
        }

        private func gcastWindow(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkWindow> {
            pointer.assumingMemoryBound(to: GtkWindow.self)
        }
    }

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try InProcessGtk.start() }
    }

    func testLinkShowsTheRealHostAndOpensOnlyAfterConfirmation() throws {
        try MainActor.assumeIsolated {
            let url = "https://paypal.com@evil.example/login"
            let fixture = Fixture(url)
            defer { fixture.close() }
            XCTAssertEqual(InProcessGtk.labels(in: fixture.page.widget, withClass: "title-1"), ["evil.example"])
            XCTAssertTrue(fixture.labels.contains(url), "the full link is shown")
            XCTAssertTrue(fixture.labels.contains { $0.contains("“paypal.com”") }, "the user-info trick is explained: \(fixture.labels)")
            XCTAssertTrue(fixture.buttonNames.contains("Open…"))

            let dialog = try fixture.pressExpectingDialog("Open…")
            XCTAssertEqual(fixture.opened, [], "pressing Open only asks")
            XCTAssertTrue(
                fixture.texts(of: dialog).heading.contains("evil.example"), "the dialog names the host: \(fixture.texts(of: dialog))")
            fixture.answer(dialog, "Cancel")
            XCTAssertEqual(fixture.opened, [], "cancelling opens nothing")

            let again = try fixture.pressExpectingDialog("Open…")
            fixture.answer(again, "Open")
            XCTAssertEqual(fixture.opened, [url], "confirming opens exactly the link")
        }
    }

    func testDangerousSchemesHaveNoOpenButton() {
        MainActor.assumeIsolated {
            let fixture = Fixture("javascript:alert(document.cookie)")
            defer { fixture.close() }
            XCTAssertFalse(fixture.buttonNames.contains("Open…"), "buttons: \(fixture.buttonNames)")
            XCTAssertTrue(fixture.labels.contains { $0.contains("“javascript:”") }, "labels: \(fixture.labels)")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "javascript:alert(document.cookie)")
        }
    }

    func testHomographHostIsShownInUnicodeWithAWarning() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture("https://xn--pypal-4ve.com/")
            defer { fixture.close() }
            XCTAssertEqual(InProcessGtk.labels(in: fixture.page.widget, withClass: "title-1"), ["pаypal.com"])
            XCTAssertTrue(fixture.labels.contains { $0.contains("Latin, Cyrillic") }, "labels: \(fixture.labels)")
            let dialog = try fixture.pressExpectingDialog("Open…")
            XCTAssertTrue(
                fixture.texts(of: dialog).body.contains("different alphabets"), "the danger is repeated: \(fixture.texts(of: dialog).body)")
            fixture.answer(dialog, "Cancel")
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testALaunchFailureIsReportedInAToast() {
        MainActor.assumeIsolated {
            let fixture = Fixture("saoma-test-no-handler://x")
            defer { fixture.close() }
            fixture.page.launchDefault("saoma-test-no-handler://x")
            XCTAssertTrue(
                InProcessGtk.iterate { fixture.labels.contains { $0.hasPrefix("Could not open it:") } }, "labels: \(fixture.labels)")
        }
    }

    func testWiFiShowsFieldsAndCopiesEachOne() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture(#"WIFI:T:WPA;S:Café\;Net;P:hunter2;H:true;;"#)
            defer { fixture.close() }
            for expected in ["Wi-Fi Network", "Café;Net", "WPA/WPA2", "hunter2", "Hidden network"] {
                XCTAssertTrue(fixture.labels.contains(expected), "\(expected) missing from \(fixture.labels)")
            }
            XCTAssertTrue(
                InProcessGtk.press(try fixture.button("Copy Network Name")) {
                    InProcessGtk.clipboardText(of: fixture.page.widget) == "Café;Net"
                })
            XCTAssertTrue(InProcessGtk.iterate { fixture.labels.contains("Copied") }, "a toast confirms the copy")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "hunter2", "the main value of a network is its password")
            XCTAssertEqual(InProcessGtk.xclipText(), "hunter2", "other X clients see the copied text")
        }
    }

    func testContactShowsEveryField() throws {
        try MainActor.assumeIsolated {
            let card =
                "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nORG:Analytical Engines\r\nTEL:+44 20 7946 0000\r\nEMAIL:ada@example.org\r\nEND:VCARD"
            let fixture = Fixture(card)
            defer { fixture.close() }
            for expected in ["Contact", "Ada Lovelace", "Analytical Engines", "+44 20 7946 0000", "ada@example.org"] {
                XCTAssertTrue(fixture.labels.contains(expected), "\(expected) missing from \(fixture.labels)")
            }
            XCTAssertTrue(
                InProcessGtk.press(try fixture.button("Copy E-mail Address")) {
                    InProcessGtk.clipboardText(of: fixture.page.widget) == "ada@example.org"
                })
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testEmailWritesOnlyAfterConfirmation() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture("mailto:ada@example.org?subject=Hello%20there&body=Numbers%20%26%20notes")
            defer { fixture.close() }
            for expected in ["ada@example.org", "Hello there", "Numbers & notes"] {
                XCTAssertTrue(fixture.labels.contains(expected), "\(expected) missing from \(fixture.labels)")
            }
            let dialog = try fixture.pressExpectingDialog("Write E-mail…")
            XCTAssertEqual(fixture.opened, [])
            XCTAssertTrue(fixture.texts(of: dialog).heading.contains("ada@example.org"))
            fixture.answer(dialog, "Write E-mail")
            XCTAssertEqual(fixture.opened, ["mailto:ada@example.org?subject=Hello%20there&body=Numbers%20%26%20notes"])
        }
    }

    func testPhoneAndSMSAskBeforeCalling() throws {
        try MainActor.assumeIsolated {
            let phone = Fixture("tel:+1 555 0100")
            defer { phone.close() }
            XCTAssertTrue(phone.labels.contains("+1 555 0100"))
            let call = try phone.pressExpectingDialog("Call…")
            XCTAssertEqual(phone.opened, [])
            phone.answer(call, "Call")
            XCTAssertEqual(phone.opened, ["tel:+15550100"])

            let sms = Fixture("SMSTO:+15550100:See you at 8")
            defer { sms.close() }
            XCTAssertTrue(sms.labels.contains("See you at 8"))
            let write = try sms.pressExpectingDialog("Write Message…")
            sms.answer(write, "Cancel")
            XCTAssertEqual(sms.opened, [])
        }
    }

    func testPlaceOpensMapsWithTheGeoURIAfterConfirmation() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture("geo:48.2082,16.3738?q=Stephansplatz")
            defer { fixture.close() }
            XCTAssertTrue(fixture.labels.contains("48.2082, 16.3738"), "labels: \(fixture.labels)")
            XCTAssertTrue(fixture.labels.contains("Stephansplatz"))
            let dialog = try fixture.pressExpectingDialog("Open in Maps…")
            XCTAssertEqual(fixture.opened, [])
            fixture.answer(dialog, "Open in Maps")
            XCTAssertEqual(fixture.opened, ["geo:48.2082,16.3738?q=Stephansplatz"])
        }
    }

    func testTinyCoordinatesAreWrittenWithoutExponents() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture("geo:0.00001,-0.5,12.25")
            defer { fixture.close() }
            XCTAssertTrue(fixture.labels.contains("0.00001, -0.5"), "labels: \(fixture.labels)")
            XCTAssertTrue(fixture.labels.contains("12.25"))
            fixture.answer(try fixture.pressExpectingDialog("Open in Maps…"), "Open in Maps")
            XCTAssertEqual(fixture.opened, ["geo:0.00001,-0.5"])
        }
    }

    func testTextShowsControlCharactersVisiblyAndCopiesTheOriginal() {
        MainActor.assumeIsolated {
            let text = "line one\nline two \u{1B}[31m red\u{0}"
            let fixture = Fixture(text)
            defer { fixture.close() }
            XCTAssertTrue(fixture.labels.contains("line one\nline two \u{241B}[31m red\u{2400}"), "labels: \(fixture.labels)")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "line one\nline two \u{1B}[31m red")
        }
    }

    func testTextAsLongAsAQRCodeHoldsIsShownWhole() throws {
        try MainActor.assumeIsolated {
            let text = String(repeating: "0123456789abcdef", count: 443) + "0"
            let fixture = Fixture(text)
            defer { fixture.close() }
            let label = try XCTUnwrap(
                InProcessGtk.descendants(of: fixture.page.widget).first {
                    InProcessGtk.isA($0, gtk_label_get_type()) && InProcessGtk.labelText($0) == text
                }, "all 7089 characters are in one label")
            XCTAssertEqual(
                gtk_label_get_wrap_mode(OpaquePointer(label)), PANGO_WRAP_CHAR,
                "one long word wraps at any character (word wrapping it is very slow)")
            XCTAssertEqual(ResultPage.longestUnbrokenRun("ab cdef\tg"), 4)
        }
    }

    func testHugeTextShowsItsStartAndCopiesEverything() {
        MainActor.assumeIsolated {
            let text = String(repeating: String(repeating: "0123456789abcdef", count: 8) + "\n", count: 600)
            let fixture = Fixture(text)
            defer { fixture.close() }
            let shown = String(text.prefix(ResultPage.maximumShownCharacters)) + "…"
            XCTAssertTrue(fixture.labels.contains(shown), "the start of the text is shown")
            XCTAssertTrue(fixture.labels.contains { $0.contains("\(text.count) characters") }, "a note says how long it is")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), text)
        }
    }

    func testBinaryShowsHexAndCopiesIt() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture(nil, bytes: [0xDE, 0xAD, 0x00, 0xFF], format: .code128)
            defer { fixture.close() }
            XCTAssertTrue(fixture.labels.contains("de ad 00 ff"), "labels: \(fixture.labels)")
            XCTAssertTrue(fixture.labels.contains("Code type: CODE-128"))
            XCTAssertTrue(
                InProcessGtk.press(try fixture.button("Copy as Hex")) { InProcessGtk.clipboardText(of: fixture.page.widget) == "dead00ff" })
        }
    }

    func testScanAgainCallsBackAndEveryButtonIsNamedAndFocusable() throws {
        try MainActor.assumeIsolated {
            let samples = [
                "https://example.org", "WIFI:S:Home;P:pw;;", "MECARD:N:Doe,John;TEL:123;;", "mailto:a@example.org", "tel:123",
                "sms:123", "geo:1,2", "plain",
            ]
            for sample in samples {
                let fixture = Fixture(sample)
                defer { fixture.close() }
                for button in InProcessGtk.buttons(in: fixture.page.widget) {
                    XCTAssertFalse(button.name.isEmpty, "an unnamed button for \(sample)")
                    XCTAssertNotEqual(gtk_widget_get_focusable(button.widget), 0, "\(button.name) cannot be reached by keyboard")
                }
                var scanAgain = 0
                fixture.page.onScanAgain = { scanAgain += 1 }
                XCTAssertTrue(InProcessGtk.press(try fixture.button("Scan Again")) { scanAgain == 1 }, "Scan Again for \(sample)")
                XCTAssertEqual(fixture.opened, [], "nothing opens by itself for \(sample)")
            }
        }
    }
}
