// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The built `saoma` binary running under its own Xvfb with private folders and the debug log on
/// stderr (`SAOMA_DEBUG_GEOMETRY=1`), stopped (SIGKILL) in `deinit`.
///
/// Configurable for each kind of end-to-end test: the fake V4L2 camera (LD_PRELOAD) or none,
/// in-memory settings or a keyfile, files as arguments, a shared display or session bus, extra
/// environment. Driven like a person with `xdotool`; screenshots with ImageMagick's `import`.
/// Threading: used by the one test that made it.
public final class AppUnderTest {
    /// Where the app keeps its settings.
    public enum Settings {
        /// GSettings' in-memory backend: nothing is read or kept.
        case memory
        /// The keyfile backend (`<home>/config/glib-2.0/settings/keyfile`); when `lines` are given,
        /// the file is first written with them under `[io/github/saoma/Saoma]` (e.g. `mirror=false`).
        case keyfile(_ lines: [String]?)
    }

    /// The camera the app finds.
    public enum Camera {
        /// No camera: an empty device folder.
        case none
        /// The fake V4L2 device (LD_PRELOAD) at `devicePath`, serving `scene` from `scenePath`;
        /// when not `plugged`, the device node is missing until the test creates it.
        case fake(scene: CameraScene?, plugged: Bool = true)
    }

    public let display: VirtualDisplay
    /// The app's private folder (config, cache, dev, output files), kept until the app has ended.
    public let home: TemporaryFolder
    /// The fake camera's device node (see `Camera.fake`).
    public let devicePath: String
    /// The PPM the fake camera serves; a test may rewrite it (atomically) while the app runs.
    public let scenePath: String
    /// The GSettings keyfile (with `Settings.keyfile`).
    public let keyfilePath: String
    private let process: SpawnedProcess
    private let windowSize: (width: Int, height: Int)?
    private let stdoutPath: String
    private let stderrPath: String
    /// A clipboard owner started by `setClipboard`, stopped in `deinit`.
    private var clipboardOwner: SpawnedProcess?

    /// The folder of the test executable, where SwiftPM puts `saoma` and the test drivers.
    public static var buildFolder: URL { BuiltProducts.folder }
    public static var binary: URL { BuiltProducts.saoma }

    /// Starts the app with `arguments` plus `--window-size` when `windowSize` (points) is given.
    ///
    /// `display` shares another app's screen (a new one otherwise); `sessionBus` is the address
    /// of a private bus (none otherwise: the app runs alone); `home` is a folder shared with the
    /// test or a later run (a new one otherwise); `environment` adds or overrides variables last.
    public init(
        arguments: [String] = ["--oneshot"], windowSize: (width: Int, height: Int)? = (900, 600), camera: Camera = .none,
        settings: Settings = .memory, display existing: VirtualDisplay? = nil, sessionBus: String? = nil, home: TemporaryFolder? = nil,
        environment extra: [String: String] = [:], binary: URL = AppUnderTest.binary
    ) throws {
        for tool in ["/usr/bin/xdotool", "/usr/bin/import"] where !FileManager.default.fileExists(atPath: tool) {
            throw EndToEndError(description: "\(tool) is missing: run scripts/bootstrap")
        }
        try BuiltProducts.require(binary)
        self.windowSize = windowSize
        self.home = try home ?? TemporaryFolder(prefix: "saoma-e2e")
        devicePath = self.home.path("dev/video0")
        scenePath = self.home.path("scene.ppm")
        keyfilePath = PrivateHome.settingsKeyfile(in: self.home)
        stdoutPath = self.home.path("stdout-\(UUID().uuidString).txt")
        stderrPath = self.home.path("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: Data())
        _ = FileManager.default.createFile(atPath: stderrPath, contents: Data())
        display = try existing ?? VirtualDisplay()

        var env = try PrivateHome.windowEnvironment(in: self.home, display: display)
        if let sessionBus { env["DBUS_SESSION_BUS_ADDRESS"] = sessionBus }
        if case .keyfile(let lines) = settings { try PrivateHome.useKeyfileSettings(lines, in: self.home, environment: &env) }
        if case .fake(let scene, let plugged) = camera {
            if plugged { _ = FileManager.default.createFile(atPath: devicePath, contents: Data()) }
            if let scene { try scene.write(to: scenePath) }
            env["SAOMA_FAKE_V4L2_DEVICE"] = devicePath
            env["SAOMA_FAKE_V4L2_IMAGE"] = scenePath
            env["LD_PRELOAD"] = try FakeV4L2Device.library()
        }
        for (key, value) in extra { env[key] = value }
        let size = windowSize.map { ["--window-size", "\($0.width)x\($0.height)"] } ?? []
        process = try SpawnedProcess(
            binary.path, arguments + size, environment: env, stdoutPath: stdoutPath, stderrPath: stderrPath)
    }

    deinit {
        clipboardOwner?.stop()
        // The folder goes after this, once nothing writes into it any more.
        process.stop()
    }

    /// Whether the app is still running.
    public var isRunning: Bool { process.isRunning }

    /// Ends the app now (SIGKILL) if it still runs.
    public func stop() { process.stop() }

    /// Everything the app printed on stdout so far.
    public var standardOutput: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// The whole stderr (for failure messages).
    public var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    /// The `saoma-debug:` lines so far, without the prefix.
    public var debugLines: [String] {
        standardError.split(separator: "\n").compactMap { line in
            line.hasPrefix("saoma-debug: ") ? String(line.dropFirst("saoma-debug: ".count)) : nil
        }
    }

    /// Waits (`Patience.seconds` at most, a guard against hangs) for a debug line after the first
    /// `skip` lines that satisfies `match`; returns it and its index.
    @discardableResult
    public func waitForLine(after skip: Int = 0, _ match: (String) -> Bool) throws -> (line: String, index: Int) {
        let deadline = Patience.deadline
        while Date() < deadline {
            let lines = debugLines
            if lines.count > skip, let index = lines[skip...].firstIndex(where: match) { return (lines[index], index) }
            if !isRunning {
                // The line may have been written just before the exit that was seen after reading.
                let last = debugLines
                if last.count > skip, let index = last[skip...].firstIndex(where: match) { return (last[index], index) }
                throw EndToEndError(description: "saoma exited (\(process.exitStatus ?? -1)) while waiting; stderr:\n\(standardError)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw EndToEndError(description: "timed out waiting for a debug line; stderr:\n\(standardError)")
    }

    /// Waits (`Patience.seconds` at most, a guard against hangs) for the app to exit; returns its status.
    public func waitForExit() throws -> Int32 {
        do {
            return try process.wait()
        } catch {
            throw EndToEndError(description: "saoma did not exit; stderr:\n\(standardError)")
        }
    }

    /// The id of a mapped window whose title is exactly `title`, once there is one (`nil` after
    /// `Patience.seconds`, a guard against hangs).
    public func window(titled title: String) -> String? {
        poll {
            guard
                let found = try? runToolStatus(
                    "/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"], display: display.name),
                found.status == 0
            else { return nil }
            return found.output.split(separator: "\n").first.map(String.init)
        }
    }

    /// Gives the keyboard focus to the mapped window titled `title` and waits until it holds it
    /// (with no window manager, focus is whatever the app or the test last set); returns its id.
    @discardableResult
    public func focusWindow(titled title: String) throws -> String {
        guard let id = window(titled: title) else { throw EndToEndError("no window titled “\(title)” appeared") }
        let focused = poll { () -> Bool? in
            if (try? xdotool(["getwindowfocus"]))?.trimmingCharacters(in: .whitespacesAndNewlines) == id { return true }
            _ = try? xdotool(["windowfocus", id])
            return nil
        }
        guard focused != nil else { throw EndToEndError("the window titled “\(title)” never got the keyboard focus") }
        return id
    }

    /// Runs `xdotool` with `arguments` on this display; returns its standard output.
    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> String {
        try runTool("/usr/bin/xdotool", arguments, display: display.name)
    }

    /// Moves the pointer to `(x, y)` (screen points; with no window manager the window sits at (0, 0)).
    public func movePointer(x: Double, y: Double) throws {
        try xdotool(["mousemove", String(Int(x.rounded())), String(Int(y.rounded()))])
    }

    /// Moves the pointer to `(x, y)` (screen points) and clicks the left button.
    public func click(x: Double, y: Double) throws {
        try movePointer(x: x, y: y)
        Thread.sleep(forTimeInterval: 0.15)
        try xdotool(["click", "1"])
    }

    /// Drags with the left button from `(x, y)` by `(dx, dy)` (screen points) in `steps` small steps.
    public func drag(fromX x: Double, y: Double, dx: Int, dy: Int, steps: Int = 10) throws {
        let x0 = Int(x.rounded())
        let y0 = Int(y.rounded())
        try xdotool(["mousemove", String(x0), String(y0)])
        Thread.sleep(forTimeInterval: 0.15)
        try xdotool(["mousedown", "1"])
        Thread.sleep(forTimeInterval: 0.1)
        for step in 1...steps {
            try xdotool(["mousemove", String(x0 + dx * step / steps), String(y0 + dy * step / steps)])
            Thread.sleep(forTimeInterval: 0.03)
        }
        Thread.sleep(forTimeInterval: 0.1)
        try xdotool(["mouseup", "1"])
    }

    /// A point inside every window size the tests use (screen points).
    public static let insideWindow = (x: 300.0, y: 300.0)

    /// Sends a key (xdotool key name, e.g. `Escape`, `ctrl+v`), first moving the pointer to
    /// `pointer` when given: with no window manager, keys go to the window under the pointer.
    public func key(_ name: String, pointer: (x: Double, y: Double)? = nil) throws {
        if let pointer {
            try movePointer(x: pointer.x, y: pointer.y)
            Thread.sleep(forTimeInterval: 0.1)
        }
        try xdotool(["key", name])
    }

    /// Focuses the main window, opens the Generate tab with Ctrl+G, waits for its first field to
    /// take the focus and types `text` there, as a person would.
    public func typeIntoGenerator(_ text: String) throws {
        try focusWindow(titled: "Saoma")
        try key("ctrl+g", pointer: Self.insideWindow)
        try waitForLine { $0 == "focus generator" }
        try xdotool(["type", "--delay", "20", text])
    }

    /// Makes a clipboard owner (`xclip -quiet`, in the foreground) offer `file` as `mimeType`.
    public func setClipboard(file: String, mimeType: String) throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/xclip") else {
            throw EndToEndError(description: "/usr/bin/xclip is missing: run scripts/bootstrap")
        }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display.name
        clipboardOwner?.stop()
        clipboardOwner = try SpawnedProcess(
            "/usr/bin/xclip", ["-quiet", "-selection", "clipboard", "-t", mimeType, "-i", file], environment: env)
        // Offered once the owner answers a TARGETS request with the type (a state, not a delay).
        try Patience.wait("xclip to own the clipboard with \(mimeType)") {
            let targets = try? runToolStatus("/usr/bin/xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], display: display.name)
            return targets?.status == 0 && targets?.output.split(separator: "\n").contains(Substring(mimeType)) == true
        }
    }

    /// Writes a screenshot of the whole screen as `path` (format from the extension), cropped to
    /// the window (at (0, 0), `windowSize` pixels) when `croppedToWindow`.
    public func saveScreenshot(to path: String, croppedToWindow: Bool = false) throws {
        var crop: [String] = []
        if croppedToWindow, let windowSize { crop = ["-crop", "\(windowSize.width)x\(windowSize.height)+0+0", "+repage"] }
        try runTool("/usr/bin/import", ["-window", "root", "-depth", "8"] + crop + [path], display: display.name)
    }

    /// A screenshot of the whole screen; also kept as `keepAs` (see `keep(_:as:)`), taken with the
    /// pointer off the window so that no tooltip covers it.
    public func screenshot(keepAs: String? = nil) throws -> Screenshot {
        let path = home.path("shot-\(UUID().uuidString).ppm")
        if keepAs != nil {
            try xdotool(["mousemove", "1390", "990"])
            Thread.sleep(forTimeInterval: 0.8)
        }
        try saveScreenshot(to: path)
        if let keepAs { try keep(path, as: keepAs) }
        guard let data = FileManager.default.contents(atPath: path), let shot = Screenshot(ppm: data) else {
            throw EndToEndError(description: "could not read the screenshot \(path)")
        }
        return shot
    }

    /// A screenshot once `condition` holds for it: the screen catches up with a logged state when
    /// it is next drawn, so this polls (up to `Patience.seconds`) and returns the last shot taken
    /// when the state never shows, for the test's own expectations to report. Kept as `keepAs`
    /// like `screenshot(keepAs:)`.
    public func screenshot(keepAs: String? = nil, when condition: (Screenshot) -> Bool) throws -> Screenshot {
        var last = try screenshot()
        _ = try poll { () -> Bool? in
            last = try screenshot()
            return condition(last) ? true : nil
        }
        return keepAs == nil ? last : try screenshot(keepAs: keepAs)
    }

    /// Keeps the screenshot at `path`, cropped to the window, as `name` in `SAOMA_SCREENSHOT_DIR`
    /// when that is set (`SAOMA_SCREENSHOT_DIR=docs/screenshots`), so a plain test run does not
    /// rewrite committed files.
    public func keep(_ path: String, as name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["SAOMA_SCREENSHOT_DIR"], let windowSize else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try runTool("/usr/bin/convert", [path, "-crop", "\(windowSize.width)x\(windowSize.height)+0+0", "+repage", folder + "/" + name])
    }
}

/// Parses the `key=value` fields of a debug line (values without spaces, but `text=`, always
/// last, runs to the end of the line).
public func fields(_ line: String) -> [String: String] {
    var out: [String: String] = [:]
    var rest = Substring(line)
    if let range = line.range(of: " text=") {
        out["text"] = String(line[range.upperBound...])
        rest = line[..<range.lowerBound]
    }
    for part in rest.split(separator: " ") {
        let kv = part.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
    }
    return out
}

/// The numbers of a comma-separated field (`rect=60.0,80.0,429.0,383.0`).
public func numbers(_ value: String?) -> [Double] {
    (value ?? "").split(separator: ",").compactMap { Double($0) }
}

/// The numbers of a size field (`view=900.0x552.0`).
public func dimensions(_ value: String?) -> [Double] {
    (value ?? "").split(separator: "x").compactMap { Double($0) }
}
