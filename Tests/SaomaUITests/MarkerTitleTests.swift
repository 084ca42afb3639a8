// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore
import XCTest

@testable import SaomaUI

/// The markers over codes are named and titled by the codes' list titles (`ContentSummary`):
/// what a code is about and its kind, never a Wi-Fi password or a login key.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class MarkerTitleTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try InProcessGtk.start() }
    }

    func testMarkersAreTitledByKindAndNeverShowASecret() {
        let password = "correct-horse-battery"
        let secret = "JBSWY3DPEHPK3PXP"
        let payloads = [
            "WIFI:T:WPA;S:Home Network;P:\(password);;",
            "otpauth://totp/ACME:jane@example.org?secret=\(secret)&issuer=ACME",
            "https://gnome.org/donate",
        ]
        MainActor.assumeIsolated {
            let layer = MarkerLayer()
            let window = InProcessGtk.window(holding: layer.widget, width: 600, height: 200)
            defer { gtk_window_destroy(gcast(window)) }
            // Three codes in a row, left to right in the image (not mirrored).
            let symbols = payloads.enumerated().map { index, text in
                let left = Double(20 + index * 200)
                return Symbol(
                    format: .qrCode, bytes: Array(text.utf8), text: text,
                    corners: [
                        Point(x: left, y: 20), Point(x: left, y: 180), Point(x: left + 160, y: 180), Point(x: left + 160, y: 20),
                    ])
            }
            let transform = ViewTransform(
                imageSize: Size(width: 600, height: 200), viewport: Viewport(size: Size(width: 600, height: 200), fit: .contain))
            layer.show(symbols, transform: transform)
            InProcessGtk.flush()
            let tooltips = InProcessGtk.buttons(in: layer.widget).map(\.tooltip).filter { !$0.isEmpty }
            XCTAssertEqual(
                tooltips,
                ["Code 1 of 3: Home Network · Wi-Fi", "Code 2 of 3: ACME (jane@example.org) · Login Code", "Code 3 of 3: gnome.org · Link"])
            // Resized and mirrored: numbered again in the order now shown, titled the same way.
            let mirrored = ViewTransform(
                imageSize: Size(width: 600, height: 200),
                viewport: Viewport(size: Size(width: 900, height: 300), fit: .contain, mirrored: true))
            layer.relayout(transform: mirrored)
            let relabelled = InProcessGtk.buttons(in: layer.widget).map(\.tooltip).filter { !$0.isEmpty }
            XCTAssertEqual(
                relabelled,
                ["Code 3 of 3: Home Network · Wi-Fi", "Code 2 of 3: ACME (jane@example.org) · Login Code", "Code 1 of 3: gnome.org · Link"])
            for label in tooltips + relabelled {
                XCTAssertFalse(label.contains(password) || label.contains(secret), label)
            }
        }
    }
}
