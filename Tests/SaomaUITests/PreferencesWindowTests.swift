// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// The Preferences window in this process under a private Xvfb: its switches follow and change
/// the `symbologies` setting, and the last kind switched on cannot be switched off.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class PreferencesWindowTests: XCTestCase {
    @MainActor
    private static func makeWindow(stored: [String]) throws -> PreferencesWindow {
        setenv("GSETTINGS_BACKEND", "memory", 0)
        try InProcessGtk.start()
        AppSettings.shared.setStrings("symbologies", stored)
        let preferences = try PreferencesWindow()
        gtk_window_present(gcast(preferences.window))
        InProcessGtk.flush()
        return preferences
    }

    @MainActor
    private static func isOn(_ toggle: UnsafeMutablePointer<GtkWidget>?) -> Bool {
        toggle.map { gtk_switch_get_active(gcast($0)) != 0 } ?? false
    }

    func testSwitchesShowTheStoredSelection() throws {
        try MainActor.assumeIsolated {
            let preferences = try PreferencesWindowTests.makeWindow(stored: ["QR", "CODE-128"])
            defer { gtk_window_destroy(gcast(preferences.window)) }
            XCTAssertEqual(preferences.switches.count, Symbology.allCases.count)
            for symbology in Symbology.allCases {
                XCTAssertEqual(
                    PreferencesWindowTests.isOn(preferences.switches[symbology]), [.qrCode, .code128].contains(symbology), "\(symbology)")
            }
        }
    }

    func testTogglingASwitchChangesTheSetting() throws {
        try MainActor.assumeIsolated {
            let preferences = try PreferencesWindowTests.makeWindow(stored: [])
            defer { gtk_window_destroy(gcast(preferences.window)) }
            let ean8 = try XCTUnwrap(preferences.switches[.ean8])
            XCTAssertTrue(PreferencesWindowTests.isOn(ean8), "an empty setting means every kind is on")
            gtk_switch_set_active(gcast(ean8), 0)
            InProcessGtk.flush()
            let stored = AppSettings.shared.strings("symbologies")
            XCTAssertFalse(stored.contains("EAN-8"))
            XCTAssertEqual(stored.count, Symbology.allCases.count - 1)
            gtk_switch_set_active(gcast(ean8), 1)
            InProcessGtk.flush()
            XCTAssertEqual(AppSettings.shared.strings("symbologies"), [], "every kind on is stored as the empty list")
        }
    }

    func testTheLastKindOnStaysOn() throws {
        try MainActor.assumeIsolated {
            let preferences = try PreferencesWindowTests.makeWindow(stored: ["QR", "EAN-13"])
            defer { gtk_window_destroy(gcast(preferences.window)) }
            let qr = try XCTUnwrap(preferences.switches[.qrCode])
            let ean13 = try XCTUnwrap(preferences.switches[.ean13])
            XCTAssertTrue(gtk_widget_get_sensitive(qr) != 0)
            gtk_switch_set_active(gcast(ean13), 0)
            InProcessGtk.flush()
            XCTAssertEqual(AppSettings.shared.strings("symbologies"), ["QR"])
            XCTAssertTrue(gtk_widget_get_sensitive(qr) == 0, "the only kind left on is locked")
            // Switched off anyway (e.g. by an assistive technology): it turns back on.
            gtk_switch_set_active(gcast(qr), 0)
            InProcessGtk.flush()
            XCTAssertTrue(PreferencesWindowTests.isOn(qr))
            XCTAssertEqual(AppSettings.shared.strings("symbologies"), ["QR"])
        }
    }

    func testKeepHistoryComesFirstAndTheKindsAreASubpage() throws {
        try MainActor.assumeIsolated {
            let preferences = try PreferencesWindowTests.makeWindow(stored: ["QR", "EAN-13"])
            defer { gtk_window_destroy(gcast(preferences.window)) }
            let widgets = InProcessGtk.descendants(of: preferences.window)
            let keepHistory = try XCTUnwrap(widgets.firstIndex { String(cString: gtk_widget_get_name($0)) == "keep-history" })
            let kindsRow = preferences.kindsRow
            let kinds = try XCTUnwrap(widgets.firstIndex(of: kindsRow))
            XCTAssertLessThan(keepHistory, kinds, "Keep History comes before the kinds of codes")
            XCTAssertEqual(String(cString: adw_action_row_get_subtitle(gcast(kindsRow))), "2 of \(Symbology.allCases.count) kinds are read")
            let qr = try XCTUnwrap(preferences.switches[.qrCode])
            XCTAssertFalse(gtk_widget_get_mapped(qr) != 0, "the switches are on the subpage, not the main page")
            preferences.showKinds()
            XCTAssertTrue(
                InProcessGtk.iterate {
                    Symbology.allCases.allSatisfy { preferences.switches[$0].map { gtk_widget_get_mapped($0) != 0 } ?? false }
                })
            // The subpage lists every symbology Saoma reads, each once, whatever the enum holds.
            let pageSwitches = InProcessGtk.descendants(of: preferences.kindsPage.pointer).filter {
                InProcessGtk.isA(UnsafeMutableRawPointer($0), gtk_switch_get_type())
            }
            XCTAssertEqual(pageSwitches.count, Symbology.allCases.count)
        }
    }
}
