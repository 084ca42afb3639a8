// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import QREncoding
import SaomaCore
import Testing

/// The package's root folder (this file is `<root>/Tests/SaomaUITests/Support/AppUnderTest.swift`).
let appPackageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Something an end-to-end test could not do (missing tool, app gone, timeout).
struct EndToEndError: Error, CustomStringConvertible {
    var description: String
}

/// A private X server (`Xvfb -displayfd`) for one test, stopped in `deinit`.
final class VirtualDisplay {
    let process = Process()
    let number: Int

    /// Starts Xvfb with a `width`×`height` screen and waits until it reports its display number.
    init(width: Int = 1400, height: Int = 1000) throws {
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while !text.contains("\n") && Date() < deadline {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw EndToEndError(description: "Xvfb did not report a display number (got \(text.debugDescription))")
        }
        self.number = number
    }

    var name: String { ":\(number)" }

    deinit {
        // SIGKILL: a child may inherit a mask blocking SIGTERM from the test runner's thread.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// A camera scene: a grey 8-bit RGB image with QR codes at known places, written as the PPM
/// the fake V4L2 device serves.
struct CameraScene {
    /// A code in the scene: its text and the square its modules cover, in camera pixels.
    struct PlacedCode {
        var text: String
        var rect: SaomaCore.Rect
    }

    let width: Int
    let height: Int
    private(set) var rgb: [UInt8]
    private(set) var codes: [PlacedCode] = []

    init(width: Int = 1280, height: Int = 720, grey: UInt8 = 176) {
        self.width = width
        self.height = height
        rgb = [UInt8](repeating: grey, count: width * height * 3)
    }

    /// Draws a QR code for `text` centred on `(centerX, centerY)` with `moduleSize` pixels per
    /// module and a 4-module white quiet zone.
    mutating func addCode(_ text: String, centerX: Int, centerY: Int, moduleSize: Int = 4) throws {
        let matrix = try QREncoder.encode(.text(text), level: .medium)
        let side = matrix.size * moduleSize
        let x0 = centerX - side / 2
        let y0 = centerY - side / 2
        let quiet = 4 * moduleSize
        for y in (y0 - quiet)..<(y0 + side + quiet) {
            for x in (x0 - quiet)..<(x0 + side + quiet) where x >= 0 && y >= 0 && x < width && y < height {
                let mx = (x - x0) / moduleSize
                let my = (y - y0) / moduleSize
                let inside = x >= x0 && y >= y0 && mx < matrix.size && my < matrix.size
                let value: UInt8 = inside && matrix.isDark(x: mx, y: my) ? 0 : 255
                let i = 3 * (y * width + x)
                rgb[i] = value
                rgb[i + 1] = value
                rgb[i + 2] = value
            }
        }
        codes.append(PlacedCode(text: text, rect: SaomaCore.Rect(x: Double(x0), y: Double(y0), width: Double(side), height: Double(side))))
    }

    /// Writes the scene as a binary PPM at `path` (atomically: written beside it, then renamed over).
    func write(to path: String) throws {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        data.append(contentsOf: rgb)
        let temporary = path + ".tmp"
        try data.write(to: URL(fileURLWithPath: temporary))
        _ = rename(temporary, path)
    }
}

/// The built `saoma` binary running under its own Xvfb with the fake V4L2 camera (LD_PRELOAD),
/// private settings (keyfile backend in a temporary config folder) and the geometry debug log.
///
/// Driven like a person with `xdotool`; screenshots with ImageMagick's `import`.
final class AppUnderTest {
    let directory: URL
    let display: VirtualDisplay
    let process = Process()
    let devicePath: String
    let scenePath: String
    /// The GSettings keyfile the app reads and writes.
    let keyfilePath: String
    private let stdoutPath: String
    private let stderrPath: String

    static var binary: URL { appPackageRoot.appendingPathComponent(".build/debug/saoma") }
    static var fakeDevice: URL { appPackageRoot.appendingPathComponent(".build/debug/libFakeV4L2Device.so") }

    /// Starts the app. `settings` are keyfile lines for `[io/github/saoma/Saoma]` (e.g. `mirror=false`).
    init(
        scene: CameraScene?, arguments: [String] = ["--oneshot"], windowSize: (Int, Int) = (900, 600), settings: [String] = [],
        plugged: Bool = true, environment extra: [String: String] = [:]
    ) throws {
        for tool in ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/import"] where !FileManager.default.fileExists(atPath: tool) {
            throw EndToEndError(description: "\(tool) is missing: run scripts/bootstrap")
        }
        for built in [AppUnderTest.binary, AppUnderTest.fakeDevice] where !FileManager.default.fileExists(atPath: built.path) {
            throw EndToEndError(description: "\(built.path) is missing: run `swift build` first")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-e2e-\(UUID().uuidString)")
        let dev = directory.appendingPathComponent("dev")
        let config = directory.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: dev, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        devicePath = dev.appendingPathComponent("video0").path
        scenePath = directory.appendingPathComponent("scene.ppm").path
        if plugged { _ = FileManager.default.createFile(atPath: devicePath, contents: Data()) }
        if let scene { try scene.write(to: scenePath) }
        let keyfile = "[io/github/saoma/Saoma]\nsidebar-visible=false\n" + settings.map { $0 + "\n" }.joined()
        keyfilePath = config.appendingPathComponent("keyfile").path
        try keyfile.write(toFile: keyfilePath, atomically: true, encoding: .utf8)
        display = try VirtualDisplay()

        stdoutPath = directory.appendingPathComponent("stdout.txt").path
        stderrPath = directory.appendingPathComponent("stderr.txt").path
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: Data())
        _ = FileManager.default.createFile(atPath: stderrPath, contents: Data())
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display.name
        env["GSK_RENDERER"] = "cairo"
        env["GTK_A11Y"] = "none"
        env["GSETTINGS_BACKEND"] = "keyfile"
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        env["SAOMA_DEBUG_GEOMETRY"] = "1"
        env["SAOMA_DEVICE_DIR"] = dev.path
        env["SAOMA_FAKE_V4L2_DEVICE"] = devicePath
        env["SAOMA_FAKE_V4L2_IMAGE"] = scenePath
        env["LD_PRELOAD"] = AppUnderTest.fakeDevice.path
        env["NO_AT_BRIDGE"] = "1"
        env.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        for (key, value) in extra { env[key] = value }
        process.executableURL = AppUnderTest.binary
        process.arguments = arguments + ["--window-size", "\(windowSize.0)x\(windowSize.1)"]
        process.environment = env
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Everything the app printed on stdout so far.
    var standardOutput: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// The `saoma-debug:` lines so far, without the prefix.
    var debugLines: [String] {
        let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("saoma-debug: ") ? String(line.dropFirst("saoma-debug: ".count)) : nil
        }
    }
    /// The whole stderr (for failure messages).
    var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits until a debug line satisfying `match` appears after the first `skip` lines; returns it and its index.
    @discardableResult
    func waitForLine(after skip: Int = 0, timeout: Double = 20, _ match: (String) -> Bool) throws -> (line: String, index: Int) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = debugLines
            if lines.count > skip, let index = lines[skip...].firstIndex(where: match) { return (lines[index], index) }
            if !process.isRunning {
                throw EndToEndError(description: "saoma exited (\(process.terminationStatus)) while waiting; stderr:\n\(standardError)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw EndToEndError(description: "timed out waiting for a debug line; stderr:\n\(standardError)")
    }

    /// Waits for the process to exit; returns its status.
    func waitForExit(timeout: Double = 20) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else { throw EndToEndError(description: "saoma did not exit; stderr:\n\(standardError)") }
        return process.terminationStatus
    }

    /// Runs `xdotool` with `arguments` on this display.
    func xdotool(_ arguments: [String]) throws {
        try runTool("/usr/bin/xdotool", arguments)
    }

    /// Presses and releases the left button at `(x, y)` (screen points).
    func click(x: Double, y: Double) throws {
        try xdotool(["mousemove", String(Int(x.rounded())), String(Int(y.rounded()))])
        Thread.sleep(forTimeInterval: 0.1)
        try xdotool(["click", "1"])
    }

    /// Drags with the left button from `(x, y)` by `(dx, dy)` in small steps.
    func drag(fromX x: Double, y: Double, dx: Int, dy: Int, steps: Int = 10) throws {
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

    /// Sends a key (xdotool key name, e.g. `Escape`, `ctrl+q`).
    func key(_ name: String) throws {
        try xdotool(["key", name])
    }

    /// A screenshot of the whole screen (also kept as `path` when given, for diagnosis).
    func screenshot(keepingAt keptPath: String? = nil) throws -> Screenshot {
        let path = keptPath ?? directory.appendingPathComponent("shot-\(UUID().uuidString).ppm").path
        try runTool("/usr/bin/import", ["-window", "root", "-depth", "8", path])
        guard let data = FileManager.default.contents(atPath: path), let shot = Screenshot(ppm: data) else {
            throw EndToEndError(description: "could not read the screenshot \(path)")
        }
        return shot
    }

    private func runTool(_ tool: String, _ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display.name
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw EndToEndError(description: "\(tool) \(arguments) failed (\(p.terminationStatus))") }
    }
}

/// An RGB screenshot.
struct Screenshot {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    init?(ppm data: Data) {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4 && index < bytes.count {
            while index < bytes.count && (bytes[index] == 32 || bytes[index] == 10) { index += 1 }
            let start = index
            while index < bytes.count && !(bytes[index] == 32 || bytes[index] == 10) { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255",
            bytes.count - index >= w * h * 3
        else { return nil }
        width = w
        height = h
        rgb = Array(bytes[index..<(index + w * h * 3)])
    }

    /// The pixel at `(x, y)` (inside the image).
    func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let i = 3 * (y * width + x)
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// The brightness (0…255, mean of the channels) of the pixel at `(x, y)`.
    func brightness(x: Double, y: Double) -> Int {
        let px = Int(x.rounded(.down))
        let py = Int(y.rounded(.down))
        guard px >= 0, py >= 0, px < width, py < height else { return -1 }
        let p = pixel(x: px, y: py)
        return (p.r + p.g + p.b) / 3
    }

    /// Whether the pixel at `(x, y)` is marker blue (the accent colour at any pulse opacity).
    func isAccent(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        let p = pixel(x: x, y: y)
        return p.b - p.r > 35 && p.b - p.g > 15
    }

    /// The centroid of accent-coloured pixels within `radius` of `(x, y)`, or `nil` when there are too few.
    func accentCentroid(nearX x: Double, y: Double, radius: Int = 40) -> (x: Double, y: Double, count: Int)? {
        var sx = 0.0
        var sy = 0.0
        var n = 0
        let cx = Int(x.rounded())
        let cy = Int(y.rounded())
        for py in (cy - radius)...(cy + radius) {
            for px in (cx - radius)...(cx + radius) where isAccent(x: px, y: py) {
                sx += Double(px) + 0.5
                sy += Double(py) + 0.5
                n += 1
            }
        }
        guard n >= 30 else { return nil }
        return (sx / Double(n), sy / Double(n), n)
    }
}

/// Parses `key=value` fields of a debug line.
func fields(_ line: String) -> [String: String] {
    var out: [String: String] = [:]
    for part in line.split(separator: " ") {
        let kv = part.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
    }
    return out
}

/// The numbers of a comma-separated field (`rect=60.0,80.0,429.0,383.0`).
func numbers(_ value: String?) -> [Double] {
    (value ?? "").split(separator: ",").compactMap { Double($0) }
}
