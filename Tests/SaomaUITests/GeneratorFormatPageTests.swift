// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// The Generate page's kinds of code in this process under a private Xvfb: each format drawn,
/// read back by the decoder process before it says "Verified readable", saved as PNG and SVG that
/// ZXing-C++'s own reader decodes; the format's rules as inline sentences; QR's options aside.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class GeneratorFormatPageTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try GeneratorHarness.start()
            AppSettings.shared.setInt("generator-quiet-zone", QRStyle.standardQuietZone)
        }
        try XCTSkipUnless(ExternalTool.isInstalled(ExternalTool.zxingReader), "ZXingReader missing: run scripts/bootstrap")
    }

    private func withFixture(_ body: @MainActor (GeneratorPageTests.Fixture) throws -> Void) rethrows {
        try MainActor.assumeIsolated {
            let fixture = GeneratorPageTests.Fixture()
            defer { fixture.close() }
            try body(fixture)
        }
    }

    /// The text ZXing-C++ reads in `path` and the format it names, or `nil`.
    private static func zxing(_ path: String) throws -> (format: String, text: String)? {
        let report = try runToolStatus(ExternalTool.zxingReader, [path]).output
        func value(_ key: String) -> String? {
            report.split(separator: "\n").first { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)) }
        }
        guard let format = value("Format:     "), let quoted = value("Text:       "), quoted.count >= 2 else { return nil }
        return (format, String(quoted.dropFirst().dropLast()))
    }

    func testEachFormatIsVerifiedAndSavesReadableFiles() throws {
        let rows: [(BarcodeFormat, String, String, String)] = [
            (.dataMatrix, "Saoma DM", "DataMatrix", "Saoma DM"), (.aztec, "Grüße 扫码", "Aztec", "Grüße 扫码"),
            (.pdf417, "PDF417 page", "PDF417", "PDF417 page"), (.microQR, "MQR-1", "MicroQRCode", "MQR-1"),
            (.ean13, "590123412345", "EAN-13", "5901234123457"), (.upcA, "03600029145", "UPC-A", "036000291452"),
            (.code128, "Code 128 Äpfel", "Code128", "Code 128 Äpfel"),
        ]
        let folder = try TemporaryFolder(prefix: "saoma-generator-format")
        defer { folder.remove() }
        try withFixture { fixture in
            let form = try fixture.form(.text)
            for (format, text, zxingName, readBack) in rows {
                fixture.page.choose(format: format)
                form.setText("text", text)
                XCTAssertTrue(fixture.waitForPreview(), "\(format): \(fixture.text(of: fixture.page.messageLabel))")
                XCTAssertEqual(fixture.text(of: fixture.page.verdictLabel), "Verified readable", "\(format)")
                XCTAssertEqual(gtk_widget_get_sensitive(fixture.page.levelDropDown), 0, "error correction is QR's")
                XCTAssertFalse(fixture.isShown(fixture.page.capacityLabel))
                let png = folder.file("\(format.name).png")
                XCTAssertTrue(fixture.page.save(to: png))
                let read = try XCTUnwrap(try GeneratorFormatPageTests.zxing(png), "\(format): nothing read in the saved PNG")
                XCTAssertEqual(read.format, zxingName)
                XCTAssertEqual(read.text, readBack)
                let svg = folder.file("\(format.name).svg")
                XCTAssertTrue(fixture.page.save(to: svg))
                let raster = folder.file("\(format.name)-svg.png")
                XCTAssertEqual(try runToolStatus(ExternalTool.rsvgConvert, ["--background-color", "white", svg, "-o", raster]).status, 0)
                XCTAssertEqual(try GeneratorFormatPageTests.zxing(raster)?.text, readBack, "\(format): the SVG")
            }
        }
    }

    func testTheFormatsRulesAreSentencesUnderThePreview() throws {
        try withFixture { fixture in
            let form = try fixture.form(.text)
            fixture.page.choose(format: .ean13)
            form.setText("text", "4006381333932")
            fixture.waitForPreview()
            XCTAssertNil(fixture.page.current)
            XCTAssertEqual(
                fixture.text(of: fixture.page.messageLabel),
                "The last digit should be 1, the check digit of the others, not 2 (or leave it out).")
            form.setText("text", "40063813339")
            fixture.waitForPreview()
            XCTAssertEqual(
                fixture.text(of: fixture.page.messageLabel), "An EAN-13 code has 12 digits, or 13 with its check digit; this has 11.")
            fixture.page.choose(format: .microQR)
            form.setText("text", "naïve")
            fixture.waitForPreview()
            XCTAssertEqual(fixture.text(of: fixture.page.messageLabel), "Micro QR codes hold ASCII text only: remove “ï”.")
        }
    }

    func testBackToQRBringsItsOptionsBackAndTheCanvasDrawsEachKind() throws {
        try withFixture { fixture in
            let form = try fixture.form(.text)
            form.setText("text", "590123412345")
            fixture.page.choose(format: .ean13)
            XCTAssertTrue(fixture.waitForPreview())
            XCTAssertNil(fixture.page.current?.code.matrix, "an EAN-13 has no QR matrix")
            XCTAssertTrue(GeneratorHarness.iterate { fixture.page.preview.lastBarcodeModuleSize > 0 }, "the preview draws the bars")
            fixture.page.choose(format: .qr)
            XCTAssertTrue(fixture.waitForPreview())
            XCTAssertNotNil(fixture.page.current?.code.matrix)
            XCTAssertEqual(gtk_widget_get_sensitive(fixture.page.levelDropDown), 1)
            XCTAssertTrue(fixture.isShown(fixture.page.capacityLabel))
            XCTAssertTrue(GeneratorHarness.iterate { fixture.page.preview.lastLayout != nil }, "the preview draws the QR code")
        }
    }
}
