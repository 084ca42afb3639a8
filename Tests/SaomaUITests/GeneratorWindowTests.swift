// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The Generate tab inside the real application: `saoma` on its own Xvfb, Ctrl+G, typing, and
/// the code on screen read back by zbarimg.
@Suite(.serialized)
struct GeneratorWindowTests {
    /// Seconds to wait for Xvfb, the window or the code before giving up (a guard against hangs,
    /// not a timing assertion).
    static let patience: TimeInterval = 30

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/saoma").path

    /// Runs a tool to completion with `DISPLAY` set; returns its status and standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], display: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Starts `Xvfb -displayfd` and returns it with its display name.
    static func startXvfb(screen: String) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", screen + "x24", "-nolisten", "tcp"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return (process, ":" + text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Ends a process this test started and reaps it.
    ///
    /// SIGKILL, because processes started from Swift Testing's worker threads inherit their
    /// blocked signal mask, SIGTERM included, and would outlive the test.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Repeats `attempt` every quarter second until it returns a value or `patience` runs out.
    static func poll<T>(_ attempt: () throws -> T?) rethrows -> T? {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if let value = try attempt() { return value }
            usleep(250_000)
        }
        return nil
    }

    /// (GDK scale factor, window size in points, screen size in pixels).
    static let scales: [(Int, String, String)] = [(1, "1100x760", "1280x800"), (2, "700x880", "1600x1800")]

    @Test(arguments: scales.indices)
    func ctrlGFocusesTheGeneratorAndTypedTextBecomesAScannableCodeOnScreen(_ index: Int) throws {
        let (scale, windowSize, screen) = Self.scales[index]
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build saoma first: swift build --build-tests")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"), "Xvfb is not installed (scripts/bootstrap)")
        let (xvfb, display) = try Self.startXvfb(screen: screen)
        defer { Self.stop(xvfb) }
        let app = Process()
        app.executableURL = URL(fileURLWithPath: Self.binary)
        app.arguments = ["--oneshot", "--window-size", windowSize]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["GSK_RENDERER"] = "cairo"
        environment["GTK_A11Y"] = "none"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["GDK_SCALE"] = String(scale)
        app.environment = environment
        app.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        app.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try app.run()
        defer { Self.stop(app) }

        let window = Self.poll { () -> String? in
            let found = try? Self.run("xdotool", ["search", "--onlyvisible", "--name", "^Saoma$"], display: display)
            return found?.status == 0 ? found?.output : nil
        }
        try #require(window != nil, "the Saoma window should appear")
        usleep(500_000)
        try Self.run("xdotool", ["mousemove", "300", "300"], display: display)
        try Self.run("xdotool", ["key", "ctrl+g"], display: display)
        usleep(300_000)
        let typed = "Saoma Ctrl+G at scale \(scale)"
        try Self.run("xdotool", ["type", "--delay", "20", typed], display: display)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-generator-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let shot = directory.appendingPathComponent("window.png").path
        let decoded = try Self.poll { () -> String? in
            // At scale 1 the window's size in points is its size in pixels: crop the screenshot to it.
            let crop = scale == 1 ? ["-crop", windowSize + "+0+0", "+repage"] : []
            guard try Self.run("import", ["-window", "root"] + crop + [shot], display: display).status == 0
            else { return nil }
            let read = try Self.run("zbarimg", ["--quiet", "--raw", "-Sbinary", shot], display: display)
            return read.status == 0 && read.output.hasPrefix(typed) ? read.output : nil
        }
        #expect(decoded?.trimmingCharacters(in: .newlines) == typed, "the code on screen should hold the typed text")
        // Kept for the docs only when asked (`SAOMA_SCREENSHOT_DIR=docs/screenshots`), so a test run
        // does not rewrite committed files.
        guard scale == 1, let folder = ProcessInfo.processInfo.environment["SAOMA_SCREENSHOT_DIR"] else { return }
        let screenshots = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        let kept = screenshots.appendingPathComponent("generator-window.png")
        try? FileManager.default.removeItem(at: kept)
        try FileManager.default.copyItem(atPath: shot, toPath: kept.path)
    }
}
