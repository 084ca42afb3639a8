// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

// End-to-end checks of the installed-style behaviour of the window: each test starts its own
// Xvfb (`-displayfd`), runs the built `saoma` under it with its own settings, cache, data and
// runtime folders, and drives it with xdotool.

/// Starts saoma on `display` in the language `language`, with its settings in a keyfile under `home`.
private func localizedApp(display: VirtualDisplay, home: TemporaryFolder, language: String, arguments: [String] = []) throws -> AppUnderTest
{
    try AppUnderTest(
        arguments: arguments, windowSize: nil, settings: .keyfile(nil), display: display, home: home,
        environment: [
            "GDK_BACKEND": "x11", "LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": language,
            "XDG_DATA_HOME": home.path("data"), "XDG_RUNTIME_DIR": home.url.path, "DBUS_SESSION_BUS_ADDRESS": "disabled:",
        ])
}

/// Presses Ctrl+Q in `window` and waits for the app to end; false (and the app stopped) if it did not.
private func quit(_ app: AppUnderTest, window: String) throws -> Bool {
    try app.xdotool(["windowfocus", "--sync", window])
    try app.xdotool(["key", "--clearmodifiers", "ctrl+q"])
    guard (try? app.waitForExit()) != nil else {
        app.stop()
        return false
    }
    return true
}

@Suite("Localized window under Xvfb")
struct LocalizationWindowTests {
    /// LANGUAGE=zh_CN gives the window its Chinese title (扫码), from catalogues compiled on demand.
    @Test(arguments: [("zh_CN", "扫码"), ("de", "Saoma")])
    func windowTitleFollowsLanguage(language: String, title: String) throws {
        let home = try TemporaryFolder(prefix: "saoma-window")
        let display = try VirtualDisplay(width: 1280, height: 800)
        let app = try localizedApp(display: display, home: home, language: language)
        let window = app.window(titled: title)
        #expect(window != nil, "no window titled \(title) under LANGUAGE=\(language); saoma said: \(app.standardError)")
    }

    /// F1 opens the keyboard shortcuts window, titled in the user's language.
    @Test func f1OpensTheTranslatedShortcutsWindow() throws {
        let home = try TemporaryFolder(prefix: "saoma-window")
        let display = try VirtualDisplay(width: 1280, height: 800)
        let app = try localizedApp(display: display, home: home, language: "zh_CN")
        let main = try #require(app.window(titled: "扫码"), "no window; saoma said: \(app.standardError)")
        try app.xdotool(["windowfocus", "--sync", main])
        try app.xdotool(["key", "--clearmodifiers", "F1"])
        #expect(app.window(titled: "键盘快捷键") != nil, "F1 did not open the shortcuts window")
    }

    /// The window size is written to GSettings on quit and used at the next start.
    @Test func windowSizeIsKeptAcrossRuns() throws {
        let home = try TemporaryFolder(prefix: "saoma-window")
        let display = try VirtualDisplay(width: 1280, height: 800)
        let keyfile = URL(fileURLWithPath: PrivateHome.settingsKeyfile(in: home))

        let first = try localizedApp(display: display, home: home, language: "zh_CN", arguments: ["--window-size", "700x500"])
        let firstWindow = try #require(first.window(titled: "扫码"), "no window; saoma said: \(first.standardError)")
        #expect(try quit(first, window: firstWindow), "Ctrl+Q did not quit")
        let saved = (try? String(contentsOf: keyfile, encoding: .utf8)) ?? ""
        #expect(saved.contains("window-width=700") && saved.contains("window-height=500"), "keyfile after the first run: \(saved)")

        // Second run without --window-size: it must open at 700×500 and so save 700×500 again.
        let second = try localizedApp(display: display, home: home, language: "zh_CN")
        let secondWindow = try #require(second.window(titled: "扫码"), "no window; saoma said: \(second.standardError)")
        let geometry = try second.xdotool(["getwindowgeometry", secondWindow])
        #expect(geometry.contains("700x500"), "second window geometry: \(geometry)")
        #expect(try quit(second, window: secondWindow))
        let resaved = (try? String(contentsOf: keyfile, encoding: .utf8)) ?? ""
        #expect(resaved.contains("window-width=700"), "keyfile after the second run: \(resaved)")
    }
}
