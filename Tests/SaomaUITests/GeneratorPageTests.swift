// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// The Generate page end to end in this process under a private Xvfb: forms to codes that other
/// readers (zbarimg, via rsvg-convert for SVG) decode, the clipboard read by xclip, the capacity
/// message, the full-screen view on screen, remembered options and keyboard focus.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class GeneratorPageTests: XCTestCase {
    /// A page in a window at the screen's origin.
    @MainActor
    final class Fixture {
        let page = GeneratorPage()
        let window: UnsafeMutablePointer<GtkWidget>

        init(width: Int32 = 380, height: Int32 = 780) {
            window = InProcessGtk.window(holding: page.widget, width: width, height: height)
        }

        /// Waits until the page has regenerated after the last change; returns whether it has a code.
        @discardableResult
        func waitForPreview() -> Bool {
            GeneratorHarness.iterate { !page.isBusy }
            return page.current != nil
        }

        func form(_ template: ContentTemplate) throws -> GeneratorForm {
            page.choose(template)
            return try XCTUnwrap(page.form, "no form for \(template)")
        }

        func text(of label: UnsafeMutablePointer<GtkWidget>) -> String {
            String(cString: gtk_label_get_text(OpaquePointer(label)))
        }

        func isShown(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { gtk_widget_get_visible(widget) != 0 }

        func close() {
            page.fullScreen?.close()
            gtk_window_destroy(gcast(window))
            GeneratorHarness.iterate { true }
        }
    }

    /// The Wi-Fi payload for the test network, escaped as the `WIFI:` notation requires.
    static let wifiPayload = #"WIFI:T:WPA;S:Café\;Net;P:p@ss\:word\,1;;"#

    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try GeneratorHarness.start()
            // Every test starts from the defaults (the options are remembered across pages).
            AppSettings.shared.setString("generator-error-correction", "M")
            AppSettings.shared.setInt("generator-quiet-zone", QRStyle.standardQuietZone)
        }
    }

    /// Runs `body` on the main thread with a new page in a window (see `Fixture`), closed afterwards.
    private func withFixture(_ body: @MainActor (Fixture) throws -> Void) rethrows {
        try MainActor.assumeIsolated {
            let fixture = Fixture()
            defer { fixture.close() }
            try body(fixture)
        }
    }

    func testWiFiFormSavesPNGAndSVGThatDecodeToTheExactPayload() throws {
        try withFixture { fixture in
            let form = try fixture.form(.wifi)
            form.setText("ssid", "Café;Net")
            form.setText("password", "p@ss:word,1")
            XCTAssertTrue(fixture.waitForPreview(), "a Wi-Fi code should be generated: \(fixture.text(of: fixture.page.messageLabel))")
            XCTAssertEqual(fixture.text(of: fixture.page.verdictLabel), "Verified readable")
            XCTAssertEqual(fixture.page.current?.text, GeneratorPageTests.wifiPayload)

            let directory = try TemporaryFolder(prefix: "saoma-generator")
            defer { directory.remove() }
            let png = directory.path("wifi.png")
            let svg = directory.path("wifi.svg")
            XCTAssertTrue(fixture.page.save(to: png), fixture.text(of: fixture.page.actionStatusLabel))
            XCTAssertTrue(fixture.page.save(to: svg), fixture.text(of: fixture.page.actionStatusLabel))
            XCTAssertEqual(try GeneratorHarness.zbarimg(png), [GeneratorPageTests.wifiPayload])
            let rendered = directory.path("wifi-svg.png")
            XCTAssertEqual(try GeneratorHarness.run("rsvg-convert", ["-o", rendered, svg]).status, 0)
            XCTAssertEqual(try GeneratorHarness.zbarimg(rendered), [GeneratorPageTests.wifiPayload])
            // Nothing but the two images (and the rendering) is left behind: the writes were atomic.
            let names = directory.contents()
            XCTAssertEqual(names, ["wifi-svg.png", "wifi.png", "wifi.svg"])

            GeneratorHarness.settle(seconds: 0.3)
            try FileManager.default.createDirectory(at: GeneratorHarness.screenshotDirectory, withIntermediateDirectories: true)
            try GeneratorHarness.screenshot(
                to: GeneratorHarness.screenshotDirectory.appendingPathComponent("generator.png").path,
                crop: (0, 0, Int(gtk_widget_get_width(fixture.window)), Int(gtk_widget_get_height(fixture.window))))
        }
    }

    func testWrongFieldsGiveInlineMessagesAndNoCode() throws {
        try withFixture { fixture in
            let form = try fixture.form(.wifi)
            form.setText("ssid", "Home")
            form.setText("password", "short")
            XCTAssertFalse(fixture.waitForPreview())
            XCTAssertTrue(fixture.isShown(fixture.page.messageLabel))
            XCTAssertTrue(fixture.text(of: fixture.page.messageLabel).contains("8 to 63"), fixture.text(of: fixture.page.messageLabel))
            XCTAssertEqual(gtk_widget_get_sensitive(fixture.page.saveButton), 0)
            // An open network needs no password: the field goes away and the code comes.
            form.setChoice("security", 3)
            let password = try XCTUnwrap(form.input("password"))
            XCTAssertEqual(gtk_widget_is_visible(password), 0, "the password field should hide for an open network")
            XCTAssertTrue(fixture.waitForPreview())
            XCTAssertEqual(fixture.page.current?.text, "WIFI:T:nopass;S:Home;;")
            form.setChoice("security", 0)
            XCTAssertNotEqual(gtk_widget_is_visible(password), 0)

            let geo = try fixture.form(.geo)
            geo.setText("latitude", "north")
            geo.setText("longitude", "13.4")
            XCTAssertFalse(fixture.waitForPreview())
            XCTAssertTrue(fixture.text(of: fixture.page.messageLabel).contains("north"))
            geo.setText("latitude", "52,5")
            XCTAssertTrue(fixture.waitForPreview())
            XCTAssertEqual(fixture.page.current?.text, "geo:52.5,13.4")
            XCTAssertFalse(fixture.isShown(fixture.page.messageLabel))
        }
    }

    func testTypingIntoTheFocusedFieldUpdatesThePreview() throws {
        try withFixture { fixture in
            fixture.page.choose(.text)
            fixture.page.focusFirstField()
            GeneratorHarness.settle(seconds: 0.2)
            let focused = gtk_window_get_focus(gcast(fixture.window))
            XCTAssertEqual(focused, fixture.page.form?.firstInput, "focusFirstField should focus the text field")
            XCTAssertEqual(try GeneratorHarness.run("xdotool", ["mousemove", "150", "150"]).status, 0)
            XCTAssertEqual(try GeneratorHarness.run("xdotool", ["type", "--delay", "30", "Hello Saoma 42"]).status, 0)
            XCTAssertTrue(GeneratorHarness.iterate { fixture.page.current?.text == "Hello Saoma 42" && !fixture.page.isBusy })
            XCTAssertEqual(fixture.page.current?.text, "Hello Saoma 42")
            XCTAssertEqual(fixture.page.previewAccessibleLabel, "QR code for: Hello Saoma 42")
            let version = try XCTUnwrap(fixture.page.current?.code.matrix?.version)
            XCTAssertTrue(fixture.page.previewAccessibleDescription.hasPrefix("QR version \(version)-M"))
            XCTAssertTrue(fixture.page.previewAccessibleDescription.hasSuffix("Verified readable."))
            XCTAssertEqual(fixture.text(of: fixture.page.capacityLabel), "14 of 2331 bytes")
        }
    }

    func testCopiedImageIsAPNGOnTheClipboardThatDecodes() throws {
        try withFixture { fixture in
            let text = "Grüße aus 扫码 — clipboard"
            try fixture.form(.text).setText("text", text)
            XCTAssertTrue(fixture.waitForPreview())
            fixture.page.copyImageToClipboard()
            GeneratorHarness.iterate { true }
            let result = try GeneratorHarness.run("xclip", ["-selection", "clipboard", "-t", "image/png", "-o"])
            XCTAssertEqual(result.status, 0)
            XCTAssertEqual(Array(result.output.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "the clipboard should hold a PNG")
            let directory = try TemporaryFolder(prefix: "saoma-generator")
            defer { directory.remove() }
            let file = directory.url.appendingPathComponent("clipboard.png")
            try result.output.write(to: file)
            XCTAssertEqual(try GeneratorHarness.zbarimg(file.path), [text])
        }
    }

    func testTooMuchDataIsAnInlineMessageAndTheCodeComesBack() throws {
        try withFixture { fixture in
            gtk_drop_down_set_selected(OpaquePointer(fixture.page.levelDropDown), 3)
            XCTAssertEqual(fixture.page.level, .high)
            let form = try fixture.form(.text)
            let capacity = QRCapacity.maximumBytes(level: .high, withECI: false)
            form.setText("text", String(repeating: "x", count: capacity + 200))
            XCTAssertFalse(fixture.waitForPreview())
            let message = fixture.text(of: fixture.page.messageLabel)
            XCTAssertTrue(fixture.isShown(fixture.page.messageLabel))
            XCTAssertTrue(message.contains("\(capacity + 200) bytes") && message.contains("at most \(capacity)"), message)
            XCTAssertEqual(fixture.text(of: fixture.page.capacityLabel), "\(capacity + 200) of \(capacity) bytes")
            XCTAssertEqual(gtk_widget_get_sensitive(fixture.page.copyButton), 0)

            form.setText("text", String(repeating: "many words ", count: 2_000))
            XCTAssertFalse(fixture.waitForPreview())
            XCTAssertTrue(fixture.text(of: fixture.page.messageLabel).contains("22000 bytes"), fixture.text(of: fixture.page.messageLabel))

            form.setText("text", "short again")
            XCTAssertTrue(fixture.waitForPreview())
            XCTAssertFalse(fixture.isShown(fixture.page.messageLabel))
            XCTAssertEqual(gtk_widget_get_sensitive(fixture.page.copyButton), 1)
        }
    }

    func testPreviewDrawsWholePixelsPerModuleInExactlyTheTwoColours() throws {
        try withFixture { fixture in
            let navy = RGBColor(red: 0, green: 0, blue: 128)
            let cream = RGBColor(red: 255, green: 250, blue: 230)
            // Whatever the theme: the code sits on a white card even in the dark style.
            let styles = adw_style_manager_get_default()
            adw_style_manager_set_color_scheme(styles, ADW_COLOR_SCHEME_FORCE_DARK)
            defer { adw_style_manager_set_color_scheme(styles, ADW_COLOR_SCHEME_DEFAULT) }
            GeneratorPage.setColor(fixture.page.foregroundButton, navy)
            GeneratorPage.setColor(fixture.page.backgroundButton, cream)
            try fixture.form(.url).setText("url", "example.org/crisp")
            XCTAssertTrue(fixture.waitForPreview())
            GeneratorHarness.settle(seconds: 0.3)
            let canvas = fixture.page.preview
            let layout = try XCTUnwrap(canvas.lastLayout)
            let matrix = try XCTUnwrap(fixture.page.current?.code.matrix)
            XCTAssertGreaterThanOrEqual(layout.moduleSize, 2)
            var origin = graphene_point_t()
            var local = graphene_point_t(x: 0, y: 0)
            XCTAssertNotEqual(gtk_widget_compute_point(canvas.widget, fixture.window, &local, &origin), 0)
            let quiet = fixture.page.style.quietZone
            let pixels = try GeneratorHarness.screenPixels(
                x: Int(origin.x) + layout.originX, y: Int(origin.y) + layout.originY, width: layout.side, height: layout.side)
            var wrong = 0
            for y in 0..<layout.side {
                for x in 0..<layout.side {
                    let dark = matrix.isDark(x: x / layout.moduleSize - quiet, y: y / layout.moduleSize - quiet)
                    let expected = dark ? navy : cream
                    let i = (y * layout.side + x) * 3
                    if RGBColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2]) != expected { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "every screen pixel of the code should be exactly its module's colour")
            let margin = QRCodeCanvas.cardPadding
            let card = try GeneratorHarness.screenPixels(
                x: Int(origin.x) + layout.originX - margin, y: Int(origin.y) + layout.originY + layout.side / 2, width: margin, height: 4)
            XCTAssertTrue(card.allSatisfy { $0 == 255 }, "the card around the code should be white in the dark style")
            let page = try GeneratorHarness.screenPixels(x: 2, y: Int(origin.y) + layout.originY, width: 4, height: 4)
            XCTAssertTrue(page.allSatisfy { $0 < 128 }, "the page itself should follow the dark style")
        }
    }

    func testFullScreenShowsAScannableCodeAndEscapeOrAClickCloses() throws {
        try withFixture { fixture in
            let text = "https://example.org/full-screen"
            try fixture.form(.url).setText("url", text)
            XCTAssertTrue(fixture.waitForPreview())
            // Whatever the theme: the view is white even in the dark style.
            let styles = adw_style_manager_get_default()
            adw_style_manager_set_color_scheme(styles, ADW_COLOR_SCHEME_FORCE_DARK)
            defer { adw_style_manager_set_color_scheme(styles, ADW_COLOR_SCHEME_DEFAULT) }
            fixture.page.presentFullScreen()
            let view = try XCTUnwrap(fixture.page.fullScreen)
            let window = try XCTUnwrap(view.window)
            XCTAssertTrue(GeneratorHarness.iterate { gtk_widget_get_mapped(window) != 0 && view.canvas.lastLayout != nil })
            GeneratorHarness.settle(seconds: 0.5)
            let layout = try XCTUnwrap(view.canvas.lastLayout)
            let modules = try XCTUnwrap(fixture.page.current?.code.matrix?.sizeInModules(quietZone: fixture.page.style.quietZone))
            let shortSide = min(Int(gtk_widget_get_width(view.canvas.widget)), Int(gtk_widget_get_height(view.canvas.widget)))
            XCTAssertEqual(layout.moduleSize, shortSide / modules, "the code should be as large as whole pixels per module allow")

            let shot = GeneratorHarness.screenshotDirectory.appendingPathComponent("fullscreen.png").path
            try FileManager.default.createDirectory(at: GeneratorHarness.screenshotDirectory, withIntermediateDirectories: true)
            try GeneratorHarness.screenshot(to: shot)
            XCTAssertEqual(try GeneratorHarness.zbarimg(shot), [text])
            let screen = GeneratorHarness.screenSize
            let corners = try [(0, 0), (screen.width - 10, 0), (0, screen.height - 10), (screen.width - 10, screen.height - 10)].map {
                x, y in
                try GeneratorHarness.screenPixels(x: x, y: y, width: 10, height: 10)
            }
            XCTAssertTrue(corners.allSatisfy { $0.allSatisfy { $0 == 255 } }, "the full-screen view should be white to its corners")

            XCTAssertEqual(try GeneratorHarness.run("xdotool", ["mousemove", "640", "500", "key", "Escape"]).status, 0)
            XCTAssertTrue(GeneratorHarness.iterate { fixture.page.fullScreen == nil }, "Escape should close the full-screen view")

            fixture.page.presentFullScreen()
            let again = try XCTUnwrap(fixture.page.fullScreen?.window)
            XCTAssertTrue(GeneratorHarness.iterate { gtk_widget_get_mapped(again) != 0 })
            GeneratorHarness.settle(seconds: 0.3)
            XCTAssertEqual(try GeneratorHarness.run("xdotool", ["mousemove", "640", "500", "click", "1"]).status, 0)
            XCTAssertTrue(GeneratorHarness.iterate { fixture.page.fullScreen == nil }, "a click should close the full-screen view")
        }
    }

    func testLevelAndQuietZoneAreRemembered() {
        MainActor.assumeIsolated {
            let first = Fixture()
            gtk_drop_down_set_selected(OpaquePointer(first.page.levelDropDown), 2)
            gtk_spin_button_set_value(OpaquePointer(first.page.quietZoneSpin), 7)
            first.close()
            let second = Fixture()
            defer {
                gtk_drop_down_set_selected(OpaquePointer(second.page.levelDropDown), 1)
                gtk_spin_button_set_value(OpaquePointer(second.page.quietZoneSpin), 4)
                second.close()
            }
            XCTAssertEqual(second.page.level, .quartile)
            XCTAssertEqual(second.page.style.quietZone, 7)
        }
    }

    func testColoursWarnBelowTheRecommendedContrastAndRefuseInvisibleOnes() throws {
        try withFixture { fixture in
            try fixture.form(.text).setText("text", "colours")
            XCTAssertTrue(fixture.waitForPreview())
            XCTAssertFalse(fixture.isShown(fixture.page.contrastLabel))

            GeneratorPage.setColor(fixture.page.foregroundButton, RGBColor(red: 150, green: 150, blue: 150))
            XCTAssertTrue(fixture.waitForPreview(), "a low-contrast code is still made")
            let warning = fixture.text(of: fixture.page.contrastLabel)
            XCTAssertTrue(fixture.isShown(fixture.page.contrastLabel))
            XCTAssertTrue(warning.contains("Low contrast") && warning.contains("4.5:1"), warning)

            GeneratorPage.setColor(fixture.page.foregroundButton, RGBColor(red: 250, green: 250, blue: 250))
            XCTAssertFalse(fixture.waitForPreview(), "an invisible code is refused")
            XCTAssertTrue(fixture.text(of: fixture.page.messageLabel).contains("invisible"), fixture.text(of: fixture.page.messageLabel))

            GeneratorPage.setColor(fixture.page.foregroundButton, .white)
            GeneratorPage.setColor(fixture.page.backgroundButton, .black)
            XCTAssertTrue(fixture.waitForPreview(), "a light-on-dark code is made, with a warning")
            XCTAssertTrue(fixture.text(of: fixture.page.contrastLabel).contains("Light modules on a dark background"))
        }
    }

    func testEmptyFormsSayWhatToTypeAndTheWarningAndSaveStayInView() throws {
        try MainActor.assumeIsolated {
            // The default window's height for the side panel: 640 less the header bar.
            let fixture = Fixture(width: 380, height: 590)
            defer { fixture.close() }
            for template in GeneratorPage.templates {
                _ = try fixture.form(template)
                fixture.waitForPreview()
                XCTAssertTrue(fixture.isShown(fixture.page.emptyHint), "no hint over the empty \(template) preview")
                XCTAssertEqual(fixture.text(of: fixture.page.emptyHint), GeneratorMessages.emptyHint(for: template))
            }
            let wifi = try fixture.form(.wifi)
            wifi.setText("ssid", "Home Network")
            wifi.setText("password", "correct horse")
            XCTAssertTrue(fixture.waitForPreview(), fixture.text(of: fixture.page.messageLabel))
            XCTAssertFalse(fixture.isShown(fixture.page.emptyHint), "the hint stays over a code")
            XCTAssertEqual(fixture.page.suggestedFileName, "wifi-Home-Network.png")
            GeneratorPage.setColor(fixture.page.foregroundButton, RGBColor(red: 150, green: 150, blue: 150))
            XCTAssertTrue(fixture.waitForPreview())
            GeneratorHarness.iterate { true }
            XCTAssertTrue(fixture.isShown(fixture.page.contrastLabel))
            // The warning and Save are inside the window without scrolling, even under the Wi-Fi form.
            for widget in [fixture.page.contrastLabel, fixture.page.saveButton] {
                var local = graphene_point_t(x: 0, y: Float(gtk_widget_get_height(widget)))
                var bottom = graphene_point_t()
                XCTAssertNotEqual(gtk_widget_compute_point(widget, fixture.window, &local, &bottom), 0)
                XCTAssertLessThanOrEqual(bottom.y, 590, "below the fold: \(String(cString: gtk_widget_get_name(widget)))")
                XCTAssertTrue(gtk_widget_get_mapped(widget) != 0)
            }
        }
    }

    func testSaveAsDialogWritesTheChosenFileWithTheFiltersExtension() throws {
        try withFixture { fixture in
            let text = "saved through the dialog"
            try fixture.form(.text).setText("text", text)
            XCTAssertTrue(fixture.waitForPreview())
            gtk_widget_activate(fixture.page.saveButton)
            XCTAssertTrue(GeneratorHarness.iterate { fixture.page.saveDialog != nil })
            // The dialog GTK shows for the native chooser (no portal under Xvfb), answered like a user.
            var dialog: UnsafeMutablePointer<GtkWidget>?
            GeneratorHarness.iterate {
                dialog = GeneratorHarness.toplevels().first { g_type_check_instance_is_a(gcast($0), gtk_file_chooser_get_type()) != 0 }
                return dialog != nil
            }
            let shown = try XCTUnwrap(dialog, "the save dialog should be on screen")
            let chooser = OpaquePointer(shown)
            let directory = try TemporaryFolder(prefix: "saoma-generator")
            defer { directory.remove() }
            // The SVG filter chosen and a name without an extension: the filter decides the type.
            let filters = try XCTUnwrap(gtk_file_chooser_get_filters(chooser))
            defer { g_object_unref(UnsafeMutableRawPointer(filters)) }
            XCTAssertEqual(g_list_model_get_n_items(filters), 2)
            let svgFilter = try XCTUnwrap(g_list_model_get_item(filters, 1))
            gtk_file_chooser_set_filter(chooser, OpaquePointer(svgFilter))
            g_object_unref(svgFilter)
            // Typed as a user may: a whole path in the name field.
            gtk_file_chooser_set_current_name(chooser, directory.path("from-dialog"))
            GeneratorHarness.settle(seconds: 0.3)
            gtk_dialog_response(gcast(shown), GTK_RESPONSE_ACCEPT.rawValue)
            let saved = directory.path("from-dialog.svg")
            XCTAssertTrue(GeneratorHarness.iterate { FileManager.default.fileExists(atPath: saved) && fixture.page.saveDialog == nil })
            let rendered = directory.path("rendered.png")
            XCTAssertEqual(try GeneratorHarness.run("rsvg-convert", ["-o", rendered, saved]).status, 0)
            XCTAssertEqual(try GeneratorHarness.zbarimg(rendered), [text])
            XCTAssertEqual(fixture.text(of: fixture.page.actionStatusLabel), "Saved from-dialog.svg")
        }
    }

    func testSaveRefusesUnknownExtensionsAndUnwritablePlaces() throws {
        try withFixture { fixture in
            let directory = try TemporaryFolder(prefix: "saoma-generator")
            defer { directory.remove() }
            XCTAssertFalse(fixture.page.save(to: directory.path("nothing-yet.png")))
            try fixture.form(.phone).setText("number", "+49 30 1234567")
            XCTAssertTrue(fixture.waitForPreview())
            XCTAssertEqual(fixture.page.current?.text, "tel:+49301234567")
            XCTAssertFalse(fixture.page.save(to: directory.path("code.jpeg")))
            XCTAssertTrue(fixture.text(of: fixture.page.actionStatusLabel).contains(".png or .svg"))
            XCTAssertFalse(fixture.page.save(to: directory.path("missing/code.png")))
            XCTAssertTrue(fixture.text(of: fixture.page.actionStatusLabel).hasPrefix("Cannot write code.png"))
            XCTAssertEqual(directory.contents(), [])
        }
    }
}
