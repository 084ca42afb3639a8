// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Something an image-tab end-to-end test could not do (missing tool, app gone, timeout).
struct ImageTabTestError: Error, CustomStringConvertible {
    var description: String
}

/// The package's root folder (this file is `<root>/Tests/SaomaUITests/ImageTabHarness.swift`).
let imageTabPackageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A child process started with `posix_spawn` with a clean signal mask and default signal
/// actions (test runners block signals, and children would inherit that), reaped with `waitpid`.
final class SpawnedProcess {
    let pid: pid_t
    private var status: Int32?

    /// Starts `tool`; `stdoutPath`/`stderrPath` receive its output (`/dev/null` when `nil`);
    /// `stdoutFD` instead makes the given descriptor its standard output.
    init(
        _ tool: String, _ arguments: [String], environment: [String: String], stdoutPath: String? = nil, stderrPath: String? = nil,
        stdoutFD: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdoutFD {
            posix_spawn_file_actions_adddup2(&actions, stdoutFD, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, tool, &actions, &attributes, argv, envp)
        guard result == 0 else { throw ImageTabTestError(description: "cannot start \(tool): \(String(cString: strerror(result)))") }
        pid = child
    }

    /// Whether the process is still running (reaps it once it has ended).
    var isRunning: Bool {
        if status != nil { return false }
        var raw: Int32 = 0
        let r = waitpid(pid, &raw, WNOHANG)
        if r == pid {
            status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            return false
        }
        return r == 0
    }

    /// The exit status (128 + signal when killed), once ended.
    var exitStatus: Int32? {
        _ = isRunning
        return status
    }

    /// Waits up to `timeout` seconds (a guard against hangs) for the process to end; returns its status.
    @discardableResult
    func wait(timeout: Double = 60) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard let status else { throw ImageTabTestError(description: "process \(pid) did not end") }
        return status
    }

    /// Ends the process (SIGTERM, then SIGKILL) and reaps it.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if (try? wait(timeout: 3)) == nil {
            kill(pid, SIGKILL)
            _ = try? wait(timeout: 3)
        }
    }
}

/// Runs `tool` with `arguments` (and `DISPLAY` when given); throws unless it exits 0; returns its stdout.
@discardableResult
func runImageTabTool(_ tool: String, _ arguments: [String], display: String? = nil) throws -> Data {
    var env = ProcessInfo.processInfo.environment
    if let display { env["DISPLAY"] = display }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-tool-\(UUID().uuidString).out").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let process = try SpawnedProcess(tool, arguments, environment: env, stdoutPath: output)
    let status = try process.wait(timeout: 60)
    guard status == 0 else {
        throw ImageTabTestError(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(status))")
    }
    return FileManager.default.contents(atPath: output) ?? Data()
}

/// Test photos made with `qrencode` and ImageMagick in a unique temporary folder (removed in `deinit`).
final class PhotoFactory {
    /// A code placed in a scene: its text and centre in the upright scene's pixels.
    struct PlacedCode {
        var text: String
        var centerX: Double
        var centerY: Double
    }

    let folder: URL

    init() throws {
        for tool in ["/usr/bin/qrencode", "/usr/bin/convert"] where !FileManager.default.fileExists(atPath: tool) {
            throw ImageTabTestError(description: "\(tool) is missing: run scripts/bootstrap")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-imagetab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A `width`×`height` grey scene with a QR code (`moduleSize` px per module, 4-module quiet
    /// zone) centred on each code's centre, written as `name` (format from the extension).
    func scene(_ name: String, width: Int, height: Int, codes: [PlacedCode], moduleSize: Int = 6) throws -> String {
        var arguments = ["-size", "\(width)x\(height)", "xc:#a8a8a8"]
        for (index, code) in codes.enumerated() {
            let png = path("code-\(index)-\(UUID().uuidString).png")
            try runImageTabTool("/usr/bin/qrencode", ["-s", String(moduleSize), "-m", "4", "-o", png, code.text])
            let size = try imageSize(png)
            let x = Int((code.centerX - Double(size.width) / 2).rounded())
            let y = Int((code.centerY - Double(size.height) / 2).rounded())
            arguments += [png, "-geometry", "+\(x)+\(y)", "-composite"]
        }
        let output = path(name)
        try runImageTabTool("/usr/bin/convert", arguments + ["-quality", "95", output])
        return output
    }

    /// The pixel size of an image file (ImageMagick's `identify`).
    func imageSize(_ file: String) throws -> (width: Int, height: Int) {
        let text = String(decoding: try runImageTabTool("/usr/bin/identify", ["-format", "%w %h", file]), as: UTF8.self)
        let parts = text.split(separator: " ").compactMap { Int($0) }
        guard parts.count == 2 else { throw ImageTabTestError(description: "identify \(file): \(text)") }
        return (parts[0], parts[1])
    }

    /// A JPEG whose pixels are `upright` transformed so that a viewer applying EXIF
    /// `orientation` shows `upright` again; the EXIF tag is written into an APP1 segment.
    func orientedJPEG(from upright: String, orientation: Int, name: String) throws -> String {
        // The inverse of each orientation's display transform, as ImageMagick operators.
        let inverse: [Int: [String]] = [
            1: [], 2: ["-flop"], 3: ["-rotate", "180"], 4: ["-flip"], 5: ["-transpose"], 6: ["-rotate", "270"], 7: ["-transverse"],
            8: ["-rotate", "90"],
        ]
        let stored = path("stored-\(UUID().uuidString).jpg")
        try runImageTabTool("/usr/bin/convert", [upright] + (inverse[orientation] ?? []) + ["-strip", "-quality", "95", stored])
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stored)))
        // "Exif\0\0", big-endian TIFF header, one IFD with one SHORT entry 0x0112 (Orientation).
        func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42] + be32(8)
        tiff += [0, 1, 0x01, 0x12, 0, 3] + be32(1)
        tiff += [0, UInt8(orientation), 0, 0] + be32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let output = path(name)
        try Data(Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])).write(to: URL(fileURLWithPath: output))
        return output
    }

    /// Writes `bytes` as `name`; returns the path.
    func write(_ bytes: [UInt8], name: String) throws -> String {
        let output = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: output))
        return output
    }

    /// A valid PNG header announcing `width`×`height` pixels followed by the start of its data.
    func pngHeader(width: Int, height: Int, name: String) throws -> String {
        func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(crc32(body)))
        }
        let ihdr = be32(width) + be32(height) + [8, 0, 0, 0, 0]
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return try write(signature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x01, 0x00, 0x01, 0x00, 0xFE, 0xFF, 0x00]), name: name)
    }
}

/// A private X server (`Xvfb -displayfd`) for one test, stopped in `deinit`.
final class ImageTabDisplay {
    private let process: SpawnedProcess
    let name: String

    init(width: Int = 1400, height: Int = 1000) throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/Xvfb") else {
            throw ImageTabTestError(description: "/usr/bin/Xvfb is missing: run scripts/bootstrap")
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ImageTabTestError(description: "pipe() failed") }
        defer { close(fds[0]) }
        let started = Result {
            try SpawnedProcess(
                "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
                environment: ProcessInfo.processInfo.environment, stdoutFD: fds[1])
        }
        close(fds[1])
        process = try started.get()
        var text = ""
        var byte: UInt8 = 0
        while !text.contains("\n"), read(fds[0], &byte, 1) == 1 { text.append(Character(UnicodeScalar(byte))) }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.stop()
            throw ImageTabTestError(description: "Xvfb did not report a display number (got \(text.debugDescription))")
        }
        name = ":\(number)"
    }

    deinit { process.stop() }
}

/// The built `saoma` binary under its own Xvfb, without a camera, with in-memory settings and
/// the debug log (`SAOMA_DEBUG_GEOMETRY=1`); driven with `xdotool`, screenshots with `import`.
final class ImageTabApp {
    let display: ImageTabDisplay
    private var process: SpawnedProcess?
    private let windowSize: (Int, Int)
    private let directory: URL
    private let stdoutPath: String
    private let stderrPath: String
    /// A clipboard owner started by `setClipboard`, stopped in `deinit`.
    private var clipboardOwner: SpawnedProcess?

    static var binary: URL { imageTabPackageRoot.appendingPathComponent(".build/debug/saoma") }

    init(arguments: [String], windowSize: (Int, Int) = (900, 600), display existing: ImageTabDisplay? = nil, sessionBus: String? = nil)
        throws
    {
        for tool in ["/usr/bin/xdotool", "/usr/bin/import"] where !FileManager.default.fileExists(atPath: tool) {
            throw ImageTabTestError(description: "\(tool) is missing: run scripts/bootstrap")
        }
        guard FileManager.default.fileExists(atPath: ImageTabApp.binary.path) else {
            throw ImageTabTestError(description: "\(ImageTabApp.binary.path) is missing: run `swift build` first")
        }
        self.windowSize = windowSize
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-imagetab-app-\(UUID().uuidString)")
        let devices = directory.appendingPathComponent("dev")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        display = try existing ?? ImageTabDisplay()
        stdoutPath = directory.appendingPathComponent("stdout.txt").path
        stderrPath = directory.appendingPathComponent("stderr.txt").path
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: Data())
        _ = FileManager.default.createFile(atPath: stderrPath, contents: Data())
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display.name
        env["GSK_RENDERER"] = "cairo"
        env["GTK_A11Y"] = "none"
        env["NO_AT_BRIDGE"] = "1"
        env["GSETTINGS_BACKEND"] = "memory"
        env["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        env["SAOMA_DEBUG_GEOMETRY"] = "1"
        env["SAOMA_DEVICE_DIR"] = devices.path
        env.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        if let sessionBus { env["DBUS_SESSION_BUS_ADDRESS"] = sessionBus }
        env.removeValue(forKey: "LD_PRELOAD")
        process = try SpawnedProcess(
            ImageTabApp.binary.path, arguments + ["--window-size", "\(windowSize.0)x\(windowSize.1)"], environment: env,
            stdoutPath: stdoutPath,
            stderrPath: stderrPath)
    }

    deinit {
        clipboardOwner?.stop()
        process?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether the app is still running.
    var isRunning: Bool { process?.isRunning ?? false }

    /// Everything the app printed on stdout so far.
    var standardOutput: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// The whole stderr (for failure messages).
    var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    /// The `saoma-debug:` lines so far, without the prefix.
    var debugLines: [String] {
        standardError.split(separator: "\n").compactMap { line in
            line.hasPrefix("saoma-debug: ") ? String(line.dropFirst("saoma-debug: ".count)) : nil
        }
    }

    /// Waits (at most `timeout` seconds, a guard against hangs) for a debug line after the first
    /// `skip` lines that satisfies `match`; returns it and its index.
    @discardableResult
    func waitForLine(after skip: Int = 0, timeout: Double = 90, _ match: (String) -> Bool) throws -> (line: String, index: Int) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = debugLines
            if lines.count > skip, let index = lines[skip...].firstIndex(where: match) { return (lines[index], index) }
            if !isRunning {
                throw ImageTabTestError(description: "saoma exited (\(process?.exitStatus ?? -1)) while waiting; stderr:\n\(standardError)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ImageTabTestError(description: "timed out waiting for a debug line; stderr:\n\(standardError)")
    }

    /// Waits for the process to exit; returns its status.
    func waitForExit(timeout: Double = 60) throws -> Int32 {
        guard let process else { throw ImageTabTestError(description: "saoma was not started") }
        do {
            return try process.wait(timeout: timeout)
        } catch {
            throw ImageTabTestError(description: "saoma did not exit; stderr:\n\(standardError)")
        }
    }

    func xdotool(_ arguments: [String]) throws {
        try runImageTabTool("/usr/bin/xdotool", arguments, display: display.name)
    }

    /// Moves the pointer to `(x, y)` (screen points) and clicks the left button.
    func click(x: Double, y: Double) throws {
        try xdotool(["mousemove", String(Int(x.rounded())), String(Int(y.rounded()))])
        Thread.sleep(forTimeInterval: 0.15)
        try xdotool(["click", "1"])
    }

    /// Sends a key (xdotool key name, e.g. `Escape`, `ctrl+v`) with the pointer over the window.
    func key(_ name: String) throws {
        try xdotool(["mousemove", "300", "300"])
        Thread.sleep(forTimeInterval: 0.1)
        try xdotool(["key", name])
    }

    /// Makes a clipboard owner (`xclip -quiet`, in the foreground) offer `file` as `mimeType`.
    func setClipboard(file: String, mimeType: String) throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/xclip") else {
            throw ImageTabTestError(description: "/usr/bin/xclip is missing: run scripts/bootstrap")
        }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display.name
        let owner = try SpawnedProcess(
            "/usr/bin/xclip", ["-quiet", "-selection", "clipboard", "-t", mimeType, "-i", file], environment: env)
        clipboardOwner = owner
        Thread.sleep(forTimeInterval: 0.3)
    }

    /// A screenshot of the whole screen; also saved as `keepAs` in `SAOMA_SCREENSHOT_DIR` when that is set.
    func screenshot(keepAs: String? = nil) throws -> Screenshot {
        let path = directory.appendingPathComponent("shot-\(UUID().uuidString).ppm").path
        if keepAs != nil {
            // Off the window, so no tooltip covers the kept screenshot.
            try xdotool(["mousemove", "1390", "990"])
            Thread.sleep(forTimeInterval: 0.8)
        }
        try runImageTabTool("/usr/bin/import", ["-window", "root", "-depth", "8", path], display: display.name)
        if let keepAs, let folder = ProcessInfo.processInfo.environment["SAOMA_SCREENSHOT_DIR"] {
            try runImageTabTool(
                "/usr/bin/convert", [path, "-crop", "\(windowWidth)x\(windowHeight)+0+0", "+repage", folder + "/" + keepAs])
        }
        guard let data = FileManager.default.contents(atPath: path), let shot = Screenshot(ppm: data) else {
            throw ImageTabTestError(description: "could not read the screenshot \(path)")
        }
        return shot
    }

    private var windowWidth: Int { windowSize.0 }
    private var windowHeight: Int { windowSize.1 }
}

/// Parses `key=value` fields of a debug line (values without spaces; `text=` runs to the end).
func imageTabFields(_ line: String) -> [String: String] {
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

/// Where the photo is on screen, from a `photo-geometry` debug line, and the aspect-fit mapping
/// of image points to screen points (computed here, independently of the app's transform).
struct PhotoGeometry {
    var originX: Double
    var originY: Double
    var viewWidth: Double
    var viewHeight: Double
    var imageWidth: Double
    var imageHeight: Double

    init(_ line: String) throws {
        let f = imageTabFields(line)
        let origin = (f["origin"] ?? "").split(separator: ",").compactMap { Double($0) }
        let view = (f["view"] ?? "").split(separator: "x").compactMap { Double($0) }
        let image = (f["image"] ?? "").split(separator: "x").compactMap { Double($0) }
        guard origin.count == 2, view.count == 2, image.count == 2 else {
            throw ImageTabTestError(description: "bad geometry line: \(line)")
        }
        (originX, originY, viewWidth, viewHeight, imageWidth, imageHeight) = (origin[0], origin[1], view[0], view[1], image[0], image[1])
    }

    func screenPoint(imageX x: Double, y: Double) -> (x: Double, y: Double) {
        let s = min(viewWidth / imageWidth, viewHeight / imageHeight)
        let ox = (viewWidth - imageWidth * s) / 2
        let oy = (viewHeight - imageHeight * s) / 2
        return (originX + ox + x * s, originY + oy + y * s)
    }
}

/// A private D-Bus session bus (`dbus-daemon --session`) for tests of the single-instance
/// application, stopped in `deinit`.
final class ImageTabSessionBus {
    private let process: SpawnedProcess
    /// The bus address for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String

    init() throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/dbus-daemon") else {
            throw ImageTabTestError(description: "/usr/bin/dbus-daemon is missing: run scripts/bootstrap")
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ImageTabTestError(description: "pipe() failed") }
        defer { close(fds[0]) }
        let started = Result {
            try SpawnedProcess(
                "/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"], environment: ProcessInfo.processInfo.environment,
                stdoutFD: fds[1])
        }
        close(fds[1])
        process = try started.get()
        var text = ""
        var byte: UInt8 = 0
        while !text.contains("\n"), read(fds[0], &byte, 1) == 1 { text.append(Character(UnicodeScalar(byte))) }
        address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            process.stop()
            throw ImageTabTestError(description: "dbus-daemon did not print its address")
        }
    }

    deinit { process.stop() }
}
