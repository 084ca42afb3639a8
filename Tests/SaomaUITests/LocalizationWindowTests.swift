// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

// End-to-end checks of the installed-style behaviour of the window: each test starts its own
// Xvfb (`-displayfd`), runs the built `saoma` under it with its own settings and cache folders,
// and drives it with xdotool.

/// An Xvfb server owned by one test; stopped by `stop()`.
///
/// `-noreset`: without it the server resets whenever its last client leaves (each xdotool call,
/// the first app run), and a client connecting during the reset gets "cannot open display".
private final class PrivateDisplay {
    let process = Process()
    /// The display name (":N").
    private(set) var name = ""

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        let number = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty, Int(number) != nil else {
            stop()
            throw WindowTestError("Xvfb did not report a display number")
        }
        name = ":" + number
    }

    func stop() {
        forceStop(process)
    }
}

private struct WindowTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Ends `process` with SIGKILL and reaps it: children of the test runner inherit a signal mask in
/// which SIGTERM (`Process.terminate()`) may be blocked, so it cannot be relied on.
private func forceStop(_ process: Process) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}

/// The `saoma` binary built beside this test bundle.
private func saomaBinary() -> URL? {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let candidate = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("saoma")
    return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
}

/// Runs xdotool on `display`; returns its standard output (trimmed) and status.
@discardableResult
private func xdotool(_ display: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdotool"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return (-1, "") }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

/// Polls `condition` every 100 ms until it returns a value or `seconds` pass (a time-out, not a timing check).
private func waitFor<T>(seconds: Double, _ condition: () -> T?) -> T? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if let value = condition() { return value }
        usleep(100_000)
    }
    return condition()
}

/// One saoma process on a private display with private settings, cache and config folders.
private final class SaomaUnderTest {
    let process = Process()
    let display: String

    init(display: String, home: URL, language: String, arguments: [String] = []) throws {
        guard let binary = saomaBinary() else { throw WindowTestError("saoma is not built beside the tests") }
        self.display = display
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging([
            "DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "GTK_A11Y": "none",
            "LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": language,
            "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_RUNTIME_DIR": home.path, "DBUS_SESSION_BUS_ADDRESS": "disabled:",
        ]) { $1 }
        let log = home.appendingPathComponent("saoma-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        logFile = log
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
    }

    /// Where the app's standard error goes.
    let logFile: URL

    /// The app's standard error so far, for failure messages.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// The id of a window whose title is exactly `title`, once it is mapped.
    func window(titled title: String, within seconds: Double = 30) -> String? {
        waitFor(seconds: seconds) {
            let found = xdotool(display, ["search", "--onlyvisible", "--name", "^\(title)$"])
            return found.status == 0 ? found.output.split(separator: "\n").first.map(String.init) : nil
        }
    }

    /// Presses Ctrl+Q in `window` and waits for the process to end; false if it did not.
    func quit(window: String) -> Bool {
        xdotool(display, ["windowfocus", "--sync", window])
        xdotool(display, ["key", "--clearmodifiers", "ctrl+q"])
        let ended = waitFor(seconds: 20) { process.isRunning ? nil : true } ?? false
        if !ended { forceStop(process) }
        process.waitUntilExit()
        return ended
    }

    func kill() {
        forceStop(process)
    }
}

@Suite("Localized window under Xvfb")
struct LocalizationWindowTests {
    /// LANGUAGE=zh_CN gives the window its Chinese title (扫码), from catalogues compiled on demand.
    @Test(arguments: [("zh_CN", "扫码"), ("de", "Saoma")])
    func windowTitleFollowsLanguage(language: String, title: String) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let display = try PrivateDisplay()
        defer { display.stop() }
        let app = try SaomaUnderTest(display: display.name, home: home, language: language)
        defer { app.kill() }
        let window = app.window(titled: title)
        #expect(window != nil, "no window titled \(title) under LANGUAGE=\(language); saoma said: \(app.log)")
    }

    /// F1 opens the keyboard shortcuts window, titled in the user's language.
    @Test func f1OpensTheTranslatedShortcutsWindow() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let display = try PrivateDisplay()
        defer { display.stop() }
        let app = try SaomaUnderTest(display: display.name, home: home, language: "zh_CN")
        defer { app.kill() }
        let main = try #require(app.window(titled: "扫码"), "no window; saoma said: \(app.log)")
        xdotool(display.name, ["windowfocus", "--sync", main])
        xdotool(display.name, ["key", "--clearmodifiers", "F1"])
        #expect(app.window(titled: "键盘快捷键", within: 15) != nil, "F1 did not open the shortcuts window")
    }

    /// The window size is written to GSettings on quit and used at the next start.
    @Test func windowSizeIsKeptAcrossRuns() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let display = try PrivateDisplay()
        defer { display.stop() }
        let keyfile = home.appendingPathComponent("config/glib-2.0/settings/keyfile")

        let first = try SaomaUnderTest(display: display.name, home: home, language: "zh_CN", arguments: ["--window-size", "700x500"])
        defer { first.kill() }
        let firstWindow = try #require(first.window(titled: "扫码"), "no window; saoma said: \(first.log)")
        #expect(first.quit(window: firstWindow), "Ctrl+Q did not quit")
        let saved = (try? String(contentsOf: keyfile, encoding: .utf8)) ?? ""
        #expect(saved.contains("window-width=700") && saved.contains("window-height=500"), "keyfile after the first run: \(saved)")

        // Second run without --window-size: it must open at 700×500 and so save 700×500 again.
        let second = try SaomaUnderTest(display: display.name, home: home, language: "zh_CN")
        defer { second.kill() }
        let secondWindow = try #require(second.window(titled: "扫码"), "no window; saoma said: \(second.log)")
        let geometry = xdotool(display.name, ["getwindowgeometry", secondWindow]).output
        #expect(geometry.contains("700x500"), "second window geometry: \(geometry)")
        #expect(second.quit(window: secondWindow))
        let resaved = (try? String(contentsOf: keyfile, encoding: .utf8)) ?? ""
        #expect(resaved.contains("window-width=700"), "keyfile after the second run: \(resaved)")
    }
}
