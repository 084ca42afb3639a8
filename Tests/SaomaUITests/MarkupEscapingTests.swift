// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// Names from outside reach toasts and status pages, whose text libadwaita 1.2 parses as Pango
/// markup: they must show literally (an `&` would empty the toast, a `<span>` restyle it).
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class MarkupEscapingTests: XCTestCase {
    /// File and folder names an attacker chooses (the second, read as markup, would dress the toast up
    /// as a verdict Saoma never gave).
    static let hostileNames = [
        "Tom & Jerry.jpg",
        #"<span foreground="red" size="xx-large">Code verified: safe to open<"#,
        "a <b>bold</b> &amp; move.png",
    ]

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try InProcessGtk.start() }
    }

    func testToastShowsAFileNameExactly() throws {
        MainActor.assumeIsolated {
            for name in Self.hostileNames {
                let page = ResultPage()
                let window = InProcessGtk.window(holding: page.widget)
                let message = "Cannot open \(name): not an image"
                page.toast(message)
                let shown = InProcessGtk.iterate { InProcessGtk.labelTexts(in: page.widget).contains(message) }
                XCTAssertTrue(shown, "the toast shows “\(message)” literally; labels: \(InProcessGtk.labelTexts(in: page.widget))")
                gtk_window_destroy(gcast(window))
                InProcessGtk.flush()
            }
        }
    }

    func testCameraProblemShowsADeviceNameExactly() throws {
        MainActor.assumeIsolated {
            for name in Self.hostileNames {
                let page = CameraProblemPage()
                let window = InProcessGtk.window(holding: page.widget)
                page.show(.failed(device: name, message: "Input/output error"))
                let expected = "\(name): Input/output error"
                let shown = InProcessGtk.iterate { InProcessGtk.labelTexts(in: page.widget).contains(expected) }
                XCTAssertTrue(shown, "the description shows “\(expected)” literally; labels: \(InProcessGtk.labelTexts(in: page.widget))")
                gtk_window_destroy(gcast(window))
                InProcessGtk.flush()
            }
        }
    }
}
