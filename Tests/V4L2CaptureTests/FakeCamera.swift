// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// A temporary "dev" directory with fake V4L2 devices, and CaptureProbe runs against it with
/// the LD_PRELOAD shim set on the probe process only.
final class FakeCamera {
    let root: URL
    let devices: URL
    var environment: [String: String]

    /// The build products directory (where the test bundle, CaptureProbe and the shim live).
    static var productsDirectory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("CaptureProbe").path) {
            url = url.deletingLastPathComponent()
        }
        return url
    }

    static var probe: URL { productsDirectory.appendingPathComponent("CaptureProbe") }
    static var shim: URL { productsDirectory.appendingPathComponent("libFakeV4L2Device.so") }

    /// Creates `count` device files `video0`…, all claimed by the shim.
    init(count: Int = 1, settings: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-capture-\(UUID().uuidString)")
        devices = root.appendingPathComponent("dev")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<count {
            let path = devices.appendingPathComponent("video\(index)").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            paths.append(path)
        }
        environment = ["SAOMA_DEVICE_DIR": devices.path, "SAOMA_FAKE_V4L2_DEVICE": paths.joined(separator: ":")]
        for (key, value) in settings { environment["SAOMA_FAKE_V4L2_\(key)"] = value }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func devicePath(_ index: Int = 0) -> String { devices.appendingPathComponent("video\(index)").path }

    /// Writes a scene the fake serves (binary PPM) and points the shim at it.
    ///
    /// The file is written beside the scene and renamed over it, as a test swapping scenes at
    /// runtime must.
    func setScene(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) throws {
        let url = root.appendingPathComponent("scene.ppm")
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        data.reserveCapacity(data.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                data.append(contentsOf: [r, g, b])
            }
        }
        let temporary = root.appendingPathComponent("scene.tmp")
        try data.write(to: temporary)
        #expect(rename(temporary.path, url.path) == 0)
        environment["SAOMA_FAKE_V4L2_IMAGE"] = url.path
    }

    /// Starts CaptureProbe with `arguments`.
    func start(_ arguments: [String]) throws -> ProbeProcess {
        try ProbeProcess(arguments: arguments, environment: environment)
    }

    /// Runs CaptureProbe to completion and returns its JSON lines and exit status.
    func run(_ arguments: [String]) throws -> (lines: [[String: Any]], status: Int32) {
        let process = try start(arguments)
        var lines: [[String: Any]] = []
        while let line = process.nextLine(timeout: 60) { lines.append(line) }
        return (lines, process.finish())
    }
}

/// A running CaptureProbe whose JSON lines are read as they come.
final class ProbeProcess {
    let process = Process()
    private let output = Pipe()
    private var buffer = Data()

    init(arguments: [String], environment: [String: String]) throws {
        guard FileManager.default.isExecutableFile(atPath: FakeCamera.probe.path) else {
            throw ProbeError.missing("CaptureProbe not built at \(FakeCamera.probe.path): run `swift build --build-tests`")
        }
        guard FileManager.default.fileExists(atPath: FakeCamera.shim.path) else {
            throw ProbeError.missing("libFakeV4L2Device.so not built at \(FakeCamera.shim.path)")
        }
        process.executableURL = FakeCamera.probe
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        env["LD_PRELOAD"] = FakeCamera.shim.path
        process.environment = env
        process.standardOutput = output
        try process.run()
    }

    deinit { kill() }

    /// Ends the probe at once. SIGKILL, because a child of the test runner inherits its blocked
    /// signal mask and may never see SIGTERM.
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The next JSON line, or `nil` at end of output or after `timeout` seconds of silence.
    func nextLine(timeout: Double) -> [String: Any]? {
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] { return object }
                continue
            }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(timeout * 1000)) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads lines until one satisfies `predicate`, for at most `timeout` seconds in all;
    /// returns it with the lines before it.
    func waitFor(timeout: Double = 30, _ predicate: ([String: Any]) -> Bool) -> (match: [String: Any]?, seen: [[String: Any]]) {
        var seen: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, let line = nextLine(timeout: deadline.timeIntervalSinceNow) {
            if predicate(line) { return (line, seen) }
            seen.append(line)
        }
        return (nil, seen)
    }

    /// Reads every remaining line and waits for the process to exit.
    func finish(collecting lines: inout [[String: Any]]) -> Int32 {
        while let line = nextLine(timeout: 60) { lines.append(line) }
        return finish()
    }

    /// Waits for the process to exit and returns its status.
    func finish() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}

enum ProbeError: Error, CustomStringConvertible {
    case missing(String)
    var description: String {
        switch self {
        case .missing(let message): return message
        }
    }
}

/// Accessors for the probe's JSON.
extension Dictionary where Key == String, Value == Any {
    var event: String? { self["event"] as? String }
    func string(_ key: String) -> String? { self[key] as? String }
    func double(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    var problemKind: String? { object("problem")?.string("kind") }
    /// `controls.<kind>.value`.
    func control(_ kind: String) -> Int? { object("controls")?.object(kind)?.int("value") }
}
