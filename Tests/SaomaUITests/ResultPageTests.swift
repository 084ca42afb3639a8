// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore
import SaomaTestSupport
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

        /// Files handed to the desktop's handlers: path and MIME type.
        var handedOver: [(path: String, mimeType: String)] = []
        /// Save dialogs asked for.
        var saveRequests: [ResultPage.SaveRequest] = []
        /// Where the save dialog "chooses" to save (`nil`: it is cancelled).
        var savePath: String?
        /// The default application for `text/calendar` and `text/vcard` (`nil`: none installed).
        var handler: String? = "Organizer"
        /// Seconds since 1970 the login-code clock reads.
        var now: Int64 = 59
        /// The stand-in for NetworkManager: its answers and the networks it was asked to join.
        let joins = JoinRecorder()

        init(
            _ text: String?, bytes: [UInt8]? = nil, format: Symbology = .qrCode, handler: String? = "Organizer", height: Int32 = 720,
            assembly: Symbol.Assembly? = nil, width: Int32 = 480
        ) {
            window = InProcessGtk.window(holding: page.widget, width: width, height: height)
            self.handler = handler
            page.launcher = { [unowned self] uri, _ in self.opened.append(uri) }
            page.handlerName = { [unowned self] _ in self.handler }
            page.fileLauncher = { [unowned self] path, mimeType, _ in self.handedOver.append((path, mimeType)) }
            page.savePathChooser = { [unowned self] request, _, done in
                self.saveRequests.append(request)
                done(self.savePath)
            }
            page.clock = { [unowned self] in self.now }
            let joins = self.joins
            page.networkPlan = { _ in joins.plan }
            page.joinNetwork = { network, plan in joins.join(network, plan) }
            var symbol = Symbol(format: format, bytes: bytes ?? Array((text ?? "").utf8), text: text, corners: [])
            symbol.assembly = assembly
            page.show(symbol)
            InProcessGtk.flush()
        }

        var labels: [String] { InProcessGtk.labelTexts(in: page.widget) }

        /// Fails for each of `expected` that no label shows.
        func expectLabels(_ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
            let shown = labels
            for text in expected where !shown.contains(text) {
                XCTFail("\(text) missing from \(shown)", file: file, line: line)
            }
        }
        var buttonNames: [String] { InProcessGtk.buttons(in: page.widget).map(\.name) }

        /// Presses the button named `name` and waits until the clipboard holds `text`; whether it did.
        func copies(_ name: String, _ text: String) throws -> Bool {
            InProcessGtk.press(try button(name)) { InProcessGtk.clipboardText(of: page.widget) == text }
        }

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
            for dialog in InProcessGtk.messageDialogs() { gtk_window_destroy(gcast(dialog)) }
            gtk_window_destroy(gcast(window))
            InProcessGtk.flush()
        }
    }

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try InProcessGtk.start() }
    }

    /// Runs `body` on the main thread with a page showing `text` (see `Fixture`), closed afterwards.
    private func showing(
        _ text: String?, bytes: [UInt8]? = nil, format: Symbology = .qrCode, handler: String? = "Organizer",
        _ body: @MainActor (Fixture) throws -> Void
    ) rethrows {
        try MainActor.assumeIsolated {
            let fixture = Fixture(text, bytes: bytes, format: format, handler: handler)
            defer { fixture.close() }
            try body(fixture)
        }
    }

    func testLinkShowsTheRealHostAndOpensOnlyAfterConfirmation() throws {
        let url = "https://paypal.com@evil.example/login"
        try showing(url) { fixture in
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
        showing("javascript:alert(document.cookie)") { fixture in
            XCTAssertFalse(fixture.buttonNames.contains("Open…"), "buttons: \(fixture.buttonNames)")
            XCTAssertTrue(fixture.labels.contains { $0.contains("“javascript:”") }, "labels: \(fixture.labels)")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "javascript:alert(document.cookie)")
        }
    }

    func testHomographHostIsShownInUnicodeWithAWarning() throws {
        try showing("https://xn--pypal-4ve.com/") { fixture in
            XCTAssertEqual(InProcessGtk.labels(in: fixture.page.widget, withClass: "title-1"), ["pаypal.com"])
            XCTAssertTrue(fixture.labels.contains { $0.contains("Latin, Cyrillic") }, "labels: \(fixture.labels)")
            let dialog = try fixture.pressExpectingDialog("Open…")
            XCTAssertTrue(
                fixture.texts(of: dialog).body.contains("different alphabets"), "the danger is repeated: \(fixture.texts(of: dialog).body)")
            fixture.answer(dialog, "Cancel")
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testALaunchFailureIsReportedUnderTheActions() {
        showing("saoma-test-no-handler://x") { fixture in
            fixture.page.launchDefault("saoma-test-no-handler://x")
            XCTAssertTrue(
                InProcessGtk.iterate { fixture.labels.contains { $0.hasPrefix("Could not open it:") } }, "labels: \(fixture.labels)")
        }
    }

    func testWiFiShowsFieldsAndCopiesEachOne() throws {
        try showing(#"WIFI:T:WPA;S:Café\;Net;P:hunter2;H:true;;"#) { fixture in
            fixture.expectLabels(["Wi-Fi Network", "Café;Net", "WPA/WPA2", "hunter2", "Hidden network"])
            XCTAssertTrue(try fixture.copies("Copy Network Name", "Café;Net"))
            XCTAssertTrue(InProcessGtk.iterate { fixture.labels.contains("Network name copied") }, "a toast says what was copied")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "hunter2", "the main value of a network is its password")
            XCTAssertEqual(InProcessGtk.xclipText(), "hunter2", "other X clients see the copied text")
        }
    }

    func testContactShowsEveryField() throws {
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nORG:Analytical Engines\r\nTEL:+44 20 7946 0000\r\nEMAIL:ada@example.org\r\nEND:VCARD"
        try showing(card) { fixture in
            fixture.expectLabels(["Contact", "Ada Lovelace", "Analytical Engines", "+44 20 7946 0000", "ada@example.org"])
            XCTAssertTrue(try fixture.copies("Copy E-mail Address", "ada@example.org"))
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testEmailWritesOnlyAfterConfirmation() throws {
        try showing("mailto:ada@example.org?subject=Hello%20there&body=Numbers%20%26%20notes") { fixture in
            fixture.expectLabels(["ada@example.org", "Hello there", "Numbers & notes"])
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
        try showing("geo:48.2082,16.3738?q=Stephansplatz") { fixture in
            XCTAssertTrue(fixture.labels.contains("48.2082, 16.3738"), "labels: \(fixture.labels)")
            XCTAssertTrue(fixture.labels.contains("Stephansplatz"))
            let dialog = try fixture.pressExpectingDialog("Open in Maps…")
            XCTAssertEqual(fixture.opened, [])
            fixture.answer(dialog, "Open in Maps")
            XCTAssertEqual(fixture.opened, ["geo:48.2082,16.3738?q=Stephansplatz"])
        }
    }

    func testTinyCoordinatesAreWrittenWithoutExponents() throws {
        try showing("geo:0.00001,-0.5,12.25") { fixture in
            XCTAssertTrue(fixture.labels.contains("0.00001, -0.5"), "labels: \(fixture.labels)")
            XCTAssertTrue(fixture.labels.contains("12.25"))
            fixture.answer(try fixture.pressExpectingDialog("Open in Maps…"), "Open in Maps")
            XCTAssertEqual(fixture.opened, ["geo:0.00001,-0.5"])
        }
    }

    func testTextShowsControlCharactersVisiblyAndCopiesTheOriginal() {
        let text = "line one\nline two \u{1B}[31m red\u{0}"
        showing(text) { fixture in
            XCTAssertTrue(fixture.labels.contains("line one\nline two \u{241B}[31m red\u{2400}"), "labels: \(fixture.labels)")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "line one\nline two \u{1B}[31m red")
        }
    }

    func testTextAsLongAsAQRCodeHoldsIsShownWhole() throws {
        let text = String(repeating: "0123456789abcdef", count: 443) + "0"
        try showing(text) { fixture in
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
        let text = String(repeating: String(repeating: "0123456789abcdef", count: 8) + "\n", count: 600)
        showing(text) { fixture in
            let shown = String(text.prefix(ResultPage.maximumShownCharacters)) + "…"
            XCTAssertTrue(fixture.labels.contains(shown), "the start of the text is shown")
            XCTAssertTrue(fixture.labels.contains { $0.contains("\(text.count) characters") }, "a note says how long it is")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), text)
        }
    }

    func testBinaryShowsHexAndCopiesIt() throws {
        try showing(nil, bytes: [0xDE, 0xAD, 0x00, 0xFF], format: .code128) { fixture in
            XCTAssertTrue(fixture.labels.contains("de ad 00 ff"), "labels: \(fixture.labels)")
            XCTAssertTrue(fixture.labels.contains("Code type: CODE-128"))
            XCTAssertTrue(try fixture.copies("Copy as Hex", "dead00ff"))
        }
    }

    /// One payload of each kind the parser reads (and a product number, read from an EAN-13).
    static let everyKind: [(text: String, format: Symbology)] = [
        ("https://example.org", .qrCode), ("WIFI:S:Home;P:pw;;", .qrCode), ("MECARD:N:Doe,John;TEL:123;;", .qrCode),
        ("mailto:a@example.org", .qrCode), ("tel:123", .qrCode), ("sms:123", .qrCode), ("geo:1,2", .qrCode),
        ("BEGIN:VEVENT\nSUMMARY:Dinner\nDTSTART:20261224T180000Z\nEND:VEVENT", .qrCode),
        ("otpauth://totp/ACME:jane?secret=JBSWY3DPEHPK3PXP&issuer=ACME", .qrCode),
        ("BCD\n002\n1\nSCT\nCOBADEFF\nJane Roe\nDE89370400440532013000\nEUR12.5\n\n\nInvoice 7", .qrCode),
        ("4006381333931", .ean13), ("plain", .qrCode),
    ]

    /// Every kind: its main action comes first, outside the scrolled fields, as the only
    /// suggested button, and holds the keyboard focus once the page is shown; Back calls back;
    /// every button is named and reachable by keyboard; nothing opens by itself.
    func testEveryKindKeepsOneSuggestedMainActionInViewAndFocused() throws {
        try MainActor.assumeIsolated {
            for (sample, format) in Self.everyKind {
                let fixture = Fixture(sample, format: format)
                defer { fixture.close() }
                // A menu button's inner toggle is named by the menu button around it.
                let menuButtonType = gtk_menu_button_get_type()
                for button in InProcessGtk.buttons(in: fixture.page.widget) {
                    let named =
                        gtk_widget_get_parent(button.widget).map { parent in
                            InProcessGtk.isA(parent, menuButtonType) && gtk_widget_get_tooltip_text(parent) != nil
                        } ?? false
                    XCTAssertFalse(button.name.isEmpty && !named, "an unnamed button for \(sample)")
                    XCTAssertNotEqual(gtk_widget_get_focusable(button.widget), 0, "\(button.name) cannot be reached by keyboard")
                }
                let primary = try XCTUnwrap(fixture.page.primaryAction, "no main action for \(sample)")
                XCTAssertEqual(gtk_widget_is_ancestor(primary, fixture.page.scroller), 0, "the main action of \(sample) scrolls away")
                let suggested = InProcessGtk.buttons(in: fixture.page.widget).filter {
                    gtk_widget_has_css_class($0.widget, "suggested-action") != 0
                }
                XCTAssertEqual(suggested.map(\.widget), [primary], "one suggested action for \(sample): \(suggested.map(\.name))")
                XCTAssertTrue(
                    InProcessGtk.iterate { gtk_widget_has_focus(primary) != 0 }, "the main action of \(sample) does not hold the focus")
                var back = 0
                fixture.page.onBack = { back += 1 }
                fixture.page.goBack()
                XCTAssertEqual(back, 1, "Back for \(sample)")
                XCTAssertEqual(fixture.opened, [], "nothing opens by itself for \(sample)")
            }
        }
    }

    /// The main action of each kind, by name.
    func testEachKindsMainAction() throws {
        let expected = [
            "Open…", "Connect", "Save Contact…", "Write E-mail…", "Call…", "Write Message…", "Open in Maps…", "Add to Calendar",
            "Copy Code", "Copy IBAN", "Search the Web…", "Copy Text",
        ]
        try MainActor.assumeIsolated {
            for ((sample, format), name) in zip(Self.everyKind, expected) {
                let fixture = Fixture(sample, format: format)
                defer { fixture.close() }
                let primary = try XCTUnwrap(fixture.page.primaryAction)
                XCTAssertEqual(InProcessGtk.labelTexts(in: primary).joined(separator: " "), name, "for \(sample)")
            }
        }
    }

    /// In a pane too narrow for the actions side by side, they wrap onto centred lines in their
    /// order, each whole inside the page; wide enough, they share one line.
    func testActionsWrapInsteadOfBeingCutOff() throws {
        let card = "MECARD:N:Roe,Jane;TEL:+15550100;EMAIL:jane@example.org;;"
        try MainActor.assumeIsolated {
            for (width, wraps) in [(Int32(300), true), (Int32(700), false)] {
                let fixture = Fixture(card, width: width)
                defer { fixture.close() }
                XCTAssertTrue(InProcessGtk.iterate { gtk_widget_get_width(fixture.page.widget) > 0 })
                let pageWidth = Float(gtk_widget_get_width(fixture.page.widget))
                let names = ["Save Contact…", "Open in Contacts"]
                var tops: [Float] = []
                for name in names {
                    let button = try fixture.button(name)
                    var bounds = graphene_rect_t()
                    XCTAssertNotEqual(gtk_widget_compute_bounds(button, fixture.page.widget, &bounds), 0)
                    XCTAssertGreaterThanOrEqual(bounds.origin.x, 0, "\(name) at \(width) px")
                    XCTAssertLessThanOrEqual(bounds.origin.x + bounds.size.width, pageWidth, "\(name) at \(width) px")
                    tops.append(bounds.origin.y)
                }
                let menu = try XCTUnwrap(
                    InProcessGtk.descendants(of: fixture.page.widget).first { InProcessGtk.isA($0, gtk_menu_button_get_type()) })
                var menuBounds = graphene_rect_t()
                XCTAssertNotEqual(gtk_widget_compute_bounds(menu, fixture.page.widget, &menuBounds), 0)
                XCTAssertLessThanOrEqual(menuBounds.origin.x + menuBounds.size.width, pageWidth)
                // Wrapped, the second action starts a line below the main one.
                XCTAssertEqual(tops[0] < tops[1], wraps, "at \(width) px: \(tops)")
            }
        }
    }

    /// A message joined from structured-append parts says how many codes it came from; one with
    /// parts missing says which, in the part of the page that never scrolls, above the actions.
    func testStructuredAppendPartsAreToldUnderTheTitle() throws {
        let rows: [(Symbol.Assembly?, String?)] = [
            (nil, nil),
            (Symbol.Assembly(total: 3, missing: []), "Joined from 3 codes"),
            (Symbol.Assembly(total: 4, missing: [1, 3]), "Parts 2 and 4 of 4 are missing: the text is incomplete."),
            (Symbol.Assembly(total: 4, missing: [3]), "Part 4 of 4 is missing: the text is incomplete."),
            (Symbol.Assembly(total: 9, missing: [1, 2, 3, 5, 8]), "Parts 2–4, 6 and 9 of 9 are missing: the text is incomplete."),
            (
                Symbol.Assembly(total: 16, missing: Array(stride(from: 1, to: 16, by: 2))),
                "Parts 2, 4, 6, 8, 10, 12 and more of 16 are missing: the text is incomplete."
            ),
            // A PDF417 macro without its segment count whose last segment was not read.
            (Symbol.Assembly(total: 2, missing: [], isOpenEnded: true), "The parts after part 2 were not read: the text is incomplete."),
            (
                Symbol.Assembly(total: 5, missing: [1, 2], isOpenEnded: true),
                "Parts 2–3 and the parts after part 5 are missing: the text is incomplete."
            ),
        ]
        try MainActor.assumeIsolated {
            for (assembly, expected) in rows {
                let fixture = Fixture("The first half and the second half", assembly: assembly)
                defer { fixture.close() }
                let told = fixture.labels.filter { $0.hasPrefix("Joined from") || $0.hasSuffix(": the text is incomplete.") }
                XCTAssertEqual(told, expected.map { [$0] } ?? [], "for \(String(describing: assembly))")
                // An incomplete message is not drawn again as if it were whole.
                XCTAssertEqual(fixture.buttonNames.contains("Copy Code Image"), assembly?.isComplete ?? true, "\(fixture.buttonNames)")
                guard let expected else { continue }
                let label = try XCTUnwrap(
                    InProcessGtk.descendants(of: fixture.page.widget).first {
                        InProcessGtk.isA($0, gtk_label_get_type()) && InProcessGtk.labelText($0) == expected
                    })
                XCTAssertEqual(gtk_widget_is_ancestor(label, fixture.page.scroller), 0, "“\(expected)” scrolls away")
                let primary = try XCTUnwrap(fixture.page.primaryAction)
                var origin = graphene_point_t()
                var point = graphene_point_t()
                var actionPoint = graphene_point_t()
                XCTAssertNotEqual(gtk_widget_compute_point(label, fixture.page.widget, &origin, &point), 0)
                XCTAssertNotEqual(gtk_widget_compute_point(primary, fixture.page.widget, &origin, &actionPoint), 0)
                XCTAssertLessThan(point.y, actionPoint.y, "“\(expected)” should come before the main action")
                XCTAssertEqual(InProcessGtk.labelTexts(in: primary).joined(separator: " "), "Copy Text")
            }
        }
    }

    /// A copy's toast says what was copied and covers no control: it shows over the page's
    /// foot, below the fields.
    func testCopyToastSaysWhatAndCoversNoControl() throws {
        let card =
            "MECARD:N:Roe,Jane;TEL:+15550100;TEL:+15550101;TEL:+15550102;EMAIL:jane@example.org;EMAIL:roe@example.org;"
            + "URL:https://example.org;ADR:1 Main St;NOTE:A note;ORG:ACME;;"
        try MainActor.assumeIsolated {
            for textScale in [1.0, 1.5] {
                try Self.expectToastClearOfControls(card, textScale: textScale)
            }
        }
    }

    /// Copies the main value of `card` in a 420 px high window with text `textScale` times its
    /// size and checks that the toast covers no button in view.
    @MainActor
    private static func expectToastClearOfControls(_ card: String, textScale: Double) throws {
        Self.setTextScale(textScale)
        defer { Self.setTextScale(1) }
        do {
            let fixture = Fixture(card, height: 420)
            defer { fixture.close() }
            let adjustment = try XCTUnwrap(gtk_scrolled_window_get_vadjustment(OpaquePointer(fixture.page.scroller)))
            XCTAssertTrue(
                InProcessGtk.iterate { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) + 1 },
                "the fields should fill the page and scroll")
            // Without animations the toast is laid out where it stays (it would slide in from the foot).
            Self.setAnimations(false)
            defer { Self.setAnimations(true) }
            fixture.page.copyToClipboard()
            let shown = InProcessGtk.iterate {
                guard let toast = Self.toastWidget(in: fixture.page.widget) else { return false }
                let rect = Self.bounds(of: toast, in: fixture.page.widget)
                return rect.height >= 24 && rect.width >= 60
            }
            let toast = try XCTUnwrap(shown ? Self.toastWidget(in: fixture.page.widget) : nil, "no toast")
            XCTAssertTrue(InProcessGtk.labelTexts(in: toast).contains("Contact copied"), "\(InProcessGtk.labelTexts(in: toast))")
            let toastBounds = Self.bounds(of: toast, in: fixture.page.widget)
            // What shows of a scrolled button is the part inside the scrolled window.
            let viewport = Self.bounds(of: fixture.page.scroller, in: fixture.page.widget)
            var checked = 0
            for button in InProcessGtk.buttons(in: fixture.page.widget) where gtk_widget_is_ancestor(button.widget, toast) == 0 {
                guard gtk_widget_get_mapped(button.widget) != 0 else { continue }
                var rect = Self.bounds(of: button.widget, in: fixture.page.widget)
                if gtk_widget_is_ancestor(button.widget, fixture.page.scroller) != 0 { rect = rect.intersection(viewport) }
                guard !rect.isNull, rect.height > 0 else { continue }
                checked += 1
                XCTAssertFalse(
                    rect.intersects(toastBounds), "at text scale \(textScale) the toast \(toastBounds) covers \(button.name) \(rect)")
            }
            XCTAssertGreaterThanOrEqual(checked, 3, "the buttons in view at text scale \(textScale)")
            // Nor may it cover the fields, which scroll their buttons under it.
            XCTAssertGreaterThanOrEqual(toastBounds.minY, viewport.maxY, "at text scale \(textScale) the toast covers the fields")
        }
    }

    /// Scales GTK's text (`gtk-xft-dpi`, as the large-text setting does) for this process.
    @MainActor
    static func setTextScale(_ scale: Double) {
        var value = GValue()
        g_value_init(&value, GType(6 << 2))  // G_TYPE_INT
        g_value_set_int(&value, gint(96 * 1024 * scale))
        g_object_set_property(
            UnsafeMutableRawPointer(gtk_settings_get_default()).assumingMemoryBound(to: GObject.self), "gtk-xft-dpi", &value)
        g_value_unset(&value)
    }

    /// Turns GTK's (and libadwaita's) animations on or off for this process.
    @MainActor
    static func setAnimations(_ on: Bool) {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, on ? 1 : 0)
        g_object_set_property(
            UnsafeMutableRawPointer(gtk_settings_get_default()).assumingMemoryBound(to: GObject.self), "gtk-enable-animations", &value)
        g_value_unset(&value)
    }

    /// The toast widget shown over the page, if any (libadwaita's private `AdwToastWidget`).
    @MainActor
    static func toastWidget(in root: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        InProcessGtk.descendants(of: root).first { widget in
            String(
                cString: g_type_name(
                    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type))
                == "AdwToastWidget"
        }
    }

    /// The bounds of `widget` in `root`'s coordinates.
    @MainActor
    static func bounds(of widget: UnsafeMutablePointer<GtkWidget>, in root: UnsafeMutablePointer<GtkWidget>) -> CGRect {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, root, &rect) != 0 else { return .zero }
        return CGRect(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }

    /// Records join requests from the worker thread and answers with a chosen outcome.
    final class JoinRecorder: @unchecked Sendable {
        private let lock = NSLock()
        private var _plan = WiFiJoinPlan.addProfile
        private var _outcome = WiFiJoinOutcome.connected
        private var _joined: [WiFiNetwork] = []
        private var _plans: [WiFiJoinPlan] = []

        var plan: WiFiJoinPlan {
            get { lock.withLock { _plan } }
            set { lock.withLock { _plan = newValue } }
        }
        var outcome: WiFiJoinOutcome {
            get { lock.withLock { _outcome } }
            set { lock.withLock { _outcome = newValue } }
        }
        var joined: [WiFiNetwork] { lock.withLock { _joined } }
        /// The plans the page joined by, one per join.
        var plans: [WiFiJoinPlan] { lock.withLock { _plans } }

        func join(_ network: WiFiNetwork, _ plan: WiFiJoinPlan) -> WiFiJoinOutcome {
            lock.withLock {
                _joined.append(network)
                _plans.append(plan)
                return _outcome
            }
        }
    }

    func testConnectJoinsTheNetworkAndShowsTheOutcome() throws {
        try showing("WIFI:T:WPA2-EAP;S:Campus;E:PEAP;I:alice;P:pw;;") { fixture in
            fixture.expectLabels(["PEAP", "alice", "WPA/WPA2/WPA3 Enterprise"])
            let unchecked =
                "The network’s server is not checked (the code names no certificate): any network called “Campus” can receive this login."
            XCTAssertTrue(InProcessGtk.iterate { fixture.labels.contains(unchecked) }, "the page warns before Connect: \(fixture.labels)")
            fixture.joins.outcome = .wrongPassword
            XCTAssertTrue(InProcessGtk.press(try fixture.button("Connect")) { fixture.labels.contains("Campus refused the password.") })
            XCTAssertEqual(fixture.joins.joined.map(\.ssid), ["Campus"])
            XCTAssertEqual(fixture.joins.joined.first?.enterprise?.identity, "alice")
            let button = try fixture.button("Connect")
            XCTAssertTrue(gtk_widget_get_visible(button) != 0 && gtk_widget_get_sensitive(button) != 0, "a refused password can be retried")
            fixture.joins.outcome = .connected
            XCTAssertTrue(InProcessGtk.press(button) { fixture.labels.contains("Connected to Campus.") })
            XCTAssertEqual(gtk_widget_get_visible(button), 0)
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testASavedNetworkIsNamedBeforeConnectUpdatesIt() throws {
        let saved = SavedWiFiProfile(uuid: "e1d3f7a2-0000-4000-8000-000000000001", name: "Home (saved)", checksServer: false)
        try MainActor.assumeIsolated {
            let fixture = Fixture(nil, bytes: [])
            defer { fixture.close() }
            fixture.joins.plan = .updateProfile(saved)
            fixture.page.show(
                Symbol(
                    format: .qrCode, bytes: Array("WIFI:T:WPA;S:Home;P:newpass1;;".utf8), text: "WIFI:T:WPA;S:Home;P:newpass1;;",
                    corners: []))
            let line = "Updates your saved network “Home (saved)”: its security and password only."
            XCTAssertTrue(InProcessGtk.iterate { fixture.labels.contains(line) }, "the page names the saved network: \(fixture.labels)")
            XCTAssertFalse(
                fixture.labels.contains { $0.hasPrefix("The network’s server is not checked") }, "a personal network has no server to check"
            )
            XCTAssertTrue(InProcessGtk.press(try fixture.button("Connect")) { fixture.labels.contains("Connected to Home.") })
            XCTAssertEqual(fixture.joins.plans, [.updateProfile(saved)], "joined by the plan the page showed")
        }
    }

    func testWithoutAWiFiDeviceALineReplacesTheButton() {
        MainActor.assumeIsolated {
            let page = ResultPage()
            let window = InProcessGtk.window(holding: page.widget)
            defer { gtk_window_destroy(gcast(window)) }
            page.networkPlan = { _ in .impossible(.noWiFiDevice) }
            page.joinNetwork = { _, _ in .connected }
            page.show(Symbol(format: .qrCode, bytes: Array("WIFI:S:Home;;".utf8), text: "WIFI:S:Home;;", corners: []))
            XCTAssertTrue(
                InProcessGtk.iterate {
                    InProcessGtk.labelTexts(in: page.widget).contains("This computer has no Wi-Fi device to join the network with.")
                })
            let connect = InProcessGtk.button(named: "Connect", in: page.widget)
            XCTAssertTrue(connect.map { gtk_widget_get_visible($0) == 0 } ?? true, "no Connect button")
        }
    }

    /// What an independent parser (Python's `icalendar` or `vobject`, Debian packages) reads in a
    /// file: the script prints one value per line.
    private static func readBack(_ path: String, _ script: String) throws -> [String] {
        let run = try runToolStatus("/usr/bin/python3", ["-c", script, path])
        XCTAssertEqual(run.status, 0, "the parser should read \(path): \(run.errors)")
        return run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("saoma-results-\(UUID().uuidString)-\(name)").path
    }

    func testEventShowsItsFieldsAndSavesAFileOthersRead() throws {
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Example//EN\r
            BEGIN:VEVENT\r
            UID:42@example.org\r
            DTSTAMP:20260101T000000Z\r
            SUMMARY:Team <b>dinner</b>/party\r
            DTSTART;TZID=Europe/Berlin:20260710T190000\r
            DTEND;TZID=Europe/Berlin:20260710T223000\r
            LOCATION:Gasthaus\\, Hof 3\r
            DESCRIPTION:Bring\\nfriends\r
            END:VEVENT\r
            END:VCALENDAR
            """
        try showing(ics) { fixture in
            fixture.expectLabels(["Event", "Team <b>dinner</b>/party", "Gasthaus, Hof 3", "Bring\nfriends"])
            XCTAssertTrue(fixture.labels.contains { $0.contains("19:00") && $0.contains("(Europe/Berlin)") }, "\(fixture.labels)")
            XCTAssertTrue(fixture.labels.contains { $0.contains("22:30") && $0.contains("(Europe/Berlin)") }, "\(fixture.labels)")
            XCTAssertTrue(fixture.handedOver.isEmpty, "nothing opens by itself")

            let path = Self.temporaryPath("event.ics")
            defer { try? FileManager.default.removeItem(atPath: path) }
            fixture.savePath = path
            XCTAssertTrue(InProcessGtk.press(try fixture.button("Save Event…")) { FileManager.default.fileExists(atPath: path) })
            XCTAssertEqual(fixture.saveRequests.first?.suggestedName, "Team <b>dinner<b>party.ics", "no path separators in the name")
            XCTAssertEqual(fixture.saveRequests.first?.mimeType, "text/calendar")
            XCTAssertTrue(InProcessGtk.iterate { fixture.labels.contains { $0.hasPrefix("Saved as") } }, "a toast confirms the save")
            let values = try Self.readBack(
                path,
                """
                import sys, icalendar
                cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
                ev = next(c for c in cal.walk() if c.name == 'VEVENT')
                print(ev['SUMMARY']); print(ev.decoded('DTSTART').isoformat()); print(ev.decoded('DTEND').isoformat()); print(ev['LOCATION'])
                """)
            XCTAssertEqual(
                Array(values.prefix(4)),
                ["Team <b>dinner</b>/party", "2026-07-10T19:00:00+02:00", "2026-07-10T22:30:00+02:00", "Gasthaus, Hof 3"])

            XCTAssertTrue(InProcessGtk.press(try fixture.button("Add to Calendar")) { fixture.handedOver.count == 1 })
            XCTAssertEqual(fixture.handedOver.first?.mimeType, "text/calendar")
            let handed = try String(contentsOfFile: try XCTUnwrap(fixture.handedOver.first?.path), encoding: .utf8)
            XCTAssertTrue(handed.hasPrefix("BEGIN:VCALENDAR\r\n") && handed.contains("SUMMARY:Team <b>dinner</b>/party\r\n"))
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testABareAllDayEventIsWrappedAndCalendarlessDesktopsSaySo() throws {
        try showing("BEGIN:VEVENT\nSUMMARY:Holiday\nDTSTART;VALUE=DATE:20261224\nDTEND;VALUE=DATE:20261227\nEND:VEVENT", handler: nil) {
            fixture in
            XCTAssertTrue(fixture.labels.contains { $0.hasSuffix("(all day)") }, "\(fixture.labels)")
            XCTAssertTrue(fixture.labels.contains("No calendar app is installed to add the event."))
            XCTAssertFalse(fixture.buttonNames.contains("Add to Calendar"))
            let path = Self.temporaryPath("holiday.ics")
            defer { try? FileManager.default.removeItem(atPath: path) }
            fixture.savePath = path
            XCTAssertTrue(InProcessGtk.press(try fixture.button("Save Event…")) { FileManager.default.fileExists(atPath: path) })
            let values = try Self.readBack(
                path,
                """
                import sys, icalendar
                cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
                ev = next(c for c in cal.walk() if c.name == 'VEVENT')
                print(cal['VERSION']); print(ev.decoded('DTSTART').isoformat()); print(ev.decoded('DTEND').isoformat())
                """)
            XCTAssertEqual(Array(values.prefix(3)), ["2.0", "2026-12-24", "2026-12-27"])
        }
    }

    func testCancellingTheSaveDialogWritesNothing() throws {
        try showing("BEGIN:VEVENT\nSUMMARY:x\nDTSTART:20260101T100000Z\nEND:VEVENT") { fixture in
            fixture.savePath = nil
            XCTAssertTrue(InProcessGtk.press(try fixture.button("Save Event…")) { fixture.saveRequests.count == 1 })
            InProcessGtk.flush()
            XCTAssertFalse(fixture.labels.contains { $0.hasPrefix("Saved as") })
        }
    }

    func testMECARDIsSavedAsAVCard30OthersRead() throws {
        try showing("MECARD:N:Lovelace,Ada;TEL:+44 20 7946 0000;EMAIL:ada@example.org;ADR:12 St James\\, London;NOTE:a\\;b;;") { fixture in
            let path = Self.temporaryPath("ada.vcf")
            defer { try? FileManager.default.removeItem(atPath: path) }
            fixture.savePath = path
            XCTAssertTrue(InProcessGtk.press(try fixture.button("Save Contact…")) { FileManager.default.fileExists(atPath: path) })
            XCTAssertEqual(fixture.saveRequests.first?.suggestedName, "Ada Lovelace.vcf")
            XCTAssertEqual(fixture.saveRequests.first?.mimeType, "text/vcard")
            let values = try Self.readBack(
                path,
                """
                import sys, vobject
                card = vobject.readOne(open(sys.argv[1], encoding='utf-8').read())
                print(card.version.value); print(card.fn.value); print(card.tel.value); print(card.email.value); print(card.note.value)
                """)
            XCTAssertEqual(Array(values.prefix(5)), ["3.0", "Ada Lovelace", "+44 20 7946 0000", "ada@example.org", "a;b"])
            XCTAssertTrue(InProcessGtk.press(try fixture.button("Open in Contacts")) { fixture.handedOver.count == 1 })
            XCTAssertEqual(fixture.handedOver.first?.mimeType, "text/vcard")
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testLoginCodeHidesTheSecretAndCountsDown() throws {
        // RFC 6238's SHA-1 seed "12345678901234567890" in base32, 8 digits: 94287082 at t = 59.
        try showing("otpauth://totp/ACME:alice@example.org?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=ACME&digits=8") { fixture in
            fixture.expectLabels(["Login Code", "ACME", "alice@example.org", "942 870 82", "Changes in 1 second", "SHA1", "30 seconds"])
            XCTAssertFalse(fixture.labels.contains { $0.contains("GEZD") }, "the secret stays hidden")
            XCTAssertTrue(fixture.labels.contains { $0.contains("anyone who has it can make your login codes") })
            XCTAssertFalse(fixture.buttonNames.contains { $0.hasPrefix("Open") }, "a key is never opened as a link")
            fixture.page.copyToClipboard()
            XCTAssertEqual(InProcessGtk.clipboardText(of: fixture.page.widget), "94287082", "the main value is the code, not the secret")

            fixture.now = 60
            XCTAssertTrue(InProcessGtk.iterate { fixture.labels.contains("373 591 52") }, "the code changes with the time step")
            XCTAssertTrue(fixture.labels.contains("Changes in 30 seconds"))

            XCTAssertTrue(
                InProcessGtk.press(try fixture.button("Show Secret Key")) {
                    fixture.labels.contains("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ")
                }, "\(fixture.labels) \(fixture.buttonNames)")
            XCTAssertTrue(try fixture.copies("Copy Secret Key", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"))
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testPaymentShowsCheckedFieldsAndWarnings() throws {
        try showing("BCD\n002\n1\nSCT\nCOBADEFF\nJane Roe\nDE89370400440532013001\nEUR12.5\n\nRF18539007547034") { fixture in
            fixture.expectLabels([
                "SEPA Credit Transfer", "Jane Roe", "DE89 3704 0044 0532 0130 01", "COBADEFF", "12.50 EUR", "RF18 5390 0754 7034",
            ])
            XCTAssertTrue(fixture.labels.contains { $0.hasPrefix("The IBAN is not valid") }, "a bad checksum is a visible warning")
            XCTAssertFalse(fixture.labels.contains { $0.hasPrefix("The payment reference is not valid") })
            XCTAssertTrue(try fixture.copies("Copy IBAN", "DE89370400440532013001"))
            XCTAssertTrue(try fixture.copies("Copy Amount", "12.50"))
            XCTAssertEqual(fixture.opened, [])
        }
    }

    func testSwissBillNamesTheBeneficiaryAndChecksTheQRReference() {
        let bill = [
            "SPC", "0200", "1", "CH4431999123000889012", "S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH",
            "", "", "", "", "", "", "", "1949.75", "CHF", "", "", "", "", "", "", "", "QRR", "210000000003139471430009018",
            "Order 15", "EPD",
        ].joined(separator: "\r\n")
        showing(bill) { fixture in
            fixture.expectLabels(["Swiss QR-Bill", "Robert Schneider AG", "Rue du Lac, 1268, 2501, Biel, CH", "1949.75 CHF", "Order 15"])
            XCTAssertTrue(fixture.labels.contains { $0.hasPrefix("The payment reference is not valid") })
            XCTAssertFalse(fixture.labels.contains { $0.hasPrefix("The IBAN is not valid") })
        }
    }
}
