// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A temporary "dev" folder with fake V4L2 devices (`FakeV4L2Device`), and CaptureProbe or
/// `saoma` runs against it with the LD_PRELOAD shim set on that process only.
public final class FakeCamera {
    public let root: TemporaryFolder
    public let devices: URL
    /// The fake device's settings and `SAOMA_DEVICE_DIR` (added to the probe's environment).
    public var environment: [String: String]

    /// Creates `count` device files `video0`…, all claimed by the shim; `settings` are the shim's
    /// `SAOMA_FAKE_V4L2_<KEY>` values (see its header).
    public init(count: Int = 1, settings: [String: String] = [:]) throws {
        root = try TemporaryFolder(prefix: "saoma-capture")
        devices = root.url.appendingPathComponent("dev")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<count {
            let path = devices.appendingPathComponent("video\(index)").path
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw EndToEndError("cannot create \(path)") }
            paths.append(path)
        }
        environment = ["SAOMA_DEVICE_DIR": devices.path, "SAOMA_FAKE_V4L2_DEVICE": paths.joined(separator: ":")]
        for (key, value) in settings { environment["SAOMA_FAKE_V4L2_\(key)"] = value }
    }

    public func devicePath(_ index: Int = 0) -> String { devices.appendingPathComponent("video\(index)").path }

    /// Writes a scene the fake serves (binary PPM) and points the shim at it.
    ///
    /// The file is written beside the scene and renamed over it, as a test swapping scenes at
    /// runtime must.
    public func setScene(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) throws {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        data.reserveCapacity(data.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                data.append(contentsOf: [r, g, b])
            }
        }
        let temporary = try root.write(data, as: "scene.tmp")
        guard rename(temporary, root.path("scene.ppm")) == 0 else { throw EndToEndError("cannot rename the scene into place") }
        environment["SAOMA_FAKE_V4L2_IMAGE"] = root.path("scene.ppm")
    }

    /// The test's environment with the fake devices preloaded.
    public func processEnvironment(_ extra: [String: String] = [:]) throws -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        env["LD_PRELOAD"] = try FakeV4L2Device.library()
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Starts CaptureProbe with `arguments`.
    public func start(_ arguments: [String]) throws -> ProbeProcess {
        try ProbeProcess(arguments: arguments, environment: processEnvironment())
    }

    /// Runs CaptureProbe to completion and returns its JSON lines and exit status.
    public func run(_ arguments: [String]) throws -> (lines: [[String: Any]], status: Int32) {
        let process = try start(arguments)
        var lines: [[String: Any]] = []
        let status = process.finish(collecting: &lines)
        return (lines, status)
    }

    /// Runs `saoma` (the built binary) with `arguments` against these devices, in the C locale.
    public func runSaoma(_ arguments: [String]) throws -> ProcessOutcome {
        try SpawnedCommand.run(arguments, environment: processEnvironment(["LANGUAGE": "C", "LC_ALL": "C"]))
    }
}

/// A running CaptureProbe whose JSON lines are read as they come.
public final class ProbeProcess {
    public let process: SpawnedProcess
    /// The read end of its standard output.
    private let output: Int32
    private var buffer = Data()

    public init(arguments: [String], environment: [String: String]) throws {
        try BuiltProducts.require(BuiltProducts.captureProbe)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw EndToEndError("pipe() failed") }
        let started = Result {
            try SpawnedProcess(
                BuiltProducts.captureProbe.path, arguments, environment: Optional(environment), stdout: .descriptor(fds[1]),
                stderr: .captured)
        }
        // Only the child keeps the write end: reads see the end of output when it exits.
        close(fds[1])
        output = fds[0]
        do {
            process = try started.get()
        } catch {
            close(fds[0])
            throw error
        }
    }

    deinit {
        kill()
        close(output)
    }

    /// Ends the probe at once (SIGKILL, see `SpawnedProcess`).
    public func kill() { process.stop() }

    /// The next JSON line, or `nil` at the end of its output or once `deadline` has passed.
    public func nextLine(before deadline: Date = Patience.deadline) -> [String: Any]? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] { return object }
                continue
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(min(remaining, 3600) * 1000)) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(output, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads lines until one satisfies `predicate` (for `Patience.seconds` at most in all);
    /// returns it with the lines before it.
    public func waitFor(_ predicate: ([String: Any]) -> Bool) -> (match: [String: Any]?, seen: [[String: Any]]) {
        var seen: [[String: Any]] = []
        let deadline = Patience.deadline
        while let line = nextLine(before: deadline) {
            if predicate(line) { return (line, seen) }
            seen.append(line)
        }
        return (nil, seen)
    }

    /// Reads every remaining line and waits for the process to exit; its status (-1 when it did
    /// not end within `Patience.seconds` and was killed).
    public func finish(collecting lines: inout [[String: Any]]) -> Int32 {
        let deadline = Patience.deadline
        while let line = nextLine(before: deadline) { lines.append(line) }
        return finish()
    }

    /// Waits for the process to exit and returns its status (-1 when it did not end within
    /// `Patience.seconds` and was killed).
    public func finish() -> Int32 {
        guard let status = try? process.wait() else {
            process.stop()
            return -1
        }
        return status
    }
}

/// Accessors for the probe's JSON.
extension Dictionary where Key == String, Value == Any {
    public var event: String? { self["event"] as? String }
    public func string(_ key: String) -> String? { self[key] as? String }
    public func double(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    public func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    public func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    public var problemKind: String? { object("problem")?.string("kind") }
    /// `controls.<kind>.value`.
    public func control(_ kind: String) -> Int? { object("controls")?.object(kind)?.int("value") }
}
