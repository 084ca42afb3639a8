// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import PipeWireCapture
import Synchronization
import Testing

/// A private PipeWire daemon and WirePlumber (`scripts/pipewire-session`) on their own
/// `XDG_RUNTIME_DIR`, stopped (exactly those processes) when released.
final class PipeWireSession {
    /// The repository (for `scripts/`) and the build products (for `PipeWireTestCamera`).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var productsDirectory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("PipeWireTestCamera").path) {
            url = url.deletingLastPathComponent()
        }
        return url
    }

    /// Whether the PipeWire binaries exist (tests are skipped with a message otherwise).
    static let available: Bool = ["pipewire", "wireplumber", "pw-cli"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    let directory: URL

    init() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("saoma-pw-\(UUID().uuidString.prefix(8))")
        let status = try Self.script(["start", directory.path])
        try #require(status == 0, "scripts/pipewire-session start failed (status \(status)); logs in \(directory.path)")
    }

    deinit {
        _ = try? Self.script(["stop", directory.path])
        try? FileManager.default.removeItem(at: directory)
    }

    /// The environment that reaches this daemon.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = directory.path
        env["PIPEWIRE_RUNTIME_DIR"] = directory.path
        env["PIPEWIRE_REMOTE"] = "pipewire-0"
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + directory.appendingPathComponent("bus").path
        return env
    }

    /// A connection to this daemon for clients in the test process: a socket connected to it,
    /// handed over as the camera portal hands one over (tests may run in parallel, each with its
    /// own daemon, so the process environment cannot say which).
    func connection() throws -> PipeWireConnection {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(directory.appendingPathComponent("pipewire-0").path.utf8)
        try #require(path.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.enumerated() { bytes[index] = byte }
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(status == 0, "cannot connect to the private PipeWire daemon")
        return PipeWireConnection(descriptor: fd)
    }

    private static func script(_ arguments: [String]) throws -> Int32 {
        let pid = try spawn(repository.appendingPathComponent("scripts/pipewire-session").path, arguments, environment: nil, stdout: nil)
        return reap(pid)
    }

    /// Starts a test camera; returns once its node exists.
    func startCamera(name: String, formats: String = "YUY2", modes: String = "1280x720@30,640x480@30", scene: String? = nil) throws
        -> TestCamera
    {
        try TestCamera(
            session: self, arguments: ["--name", name, "--formats", formats, "--modes", modes] + (scene.map { ["--scene", $0] } ?? []))
    }
}

/// A running `PipeWireTestCamera`; ended (SIGTERM, then reaped) by `stop()` or when released.
final class TestCamera {
    private var pid: pid_t?
    /// The read end of its standard output, open while it runs (it prints more lines).
    private let output: Int32
    /// The node's global id, from its `ready` line.
    let nodeID: UInt32
    let name: String

    init(session: PipeWireSession, arguments: [String]) throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        output = fds[0]
        let tool = PipeWireSession.productsDirectory.appendingPathComponent("PipeWireTestCamera").path
        let started = Result { try spawn(tool, arguments, environment: session.environment, stdout: fds[1]) }
        // Only the child keeps the write end: the read ends if the camera exits before its line.
        close(fds[1])
        guard case .success(let pid) = started else {
            close(output)
            _ = try started.get()
            throw CancellationError()
        }
        self.pid = pid
        var line = ""
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1, byte != 10 { line.append(Character(UnicodeScalar(byte))) }
        let fields = line.split(separator: " ")
        nodeID = UInt32(fields.count == 3 && fields[0] == "ready" ? fields[1] : "") ?? 0
        name = fields.count == 3 ? String(fields[2]) : ""
        try #require(fields.count == 3 && fields[0] == "ready", "PipeWireTestCamera did not become ready: \(line)")
    }

    deinit {
        stop()
        close(output)
    }

    func stop() {
        guard let pid else { return }
        self.pid = nil
        kill(pid, SIGTERM)
        _ = reap(pid)
    }
}

/// Starts `tool` with posix_spawn: Swift Testing's threads block signals and a child started
/// with `Foundation.Process` inherits that mask (it would ignore SIGTERM and outlive its test),
/// so the child gets an empty mask and default actions. Standard output goes to `stdout` (or
/// /dev/null), standard error stays the test's.
func spawn(_ tool: String, _ arguments: [String], environment: [String: String]?, stdout: Int32?) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let stdout {
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
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
    let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var child: pid_t = 0
    let result = posix_spawn(&child, tool, &actions, &attributes, argv, envp)
    try #require(result == 0, "cannot start \(tool): \(String(cString: strerror(result)))")
    return child
}

/// Waits for `pid` to end; its exit status (128 + signal when killed).
func reap(_ pid: pid_t) -> Int32 {
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    return (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
}

/// Collects values from another thread; tests wait for a condition on them (a state, not a time:
/// the deadline only ends a test that would otherwise hang).
final class Collected<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    private let changed = DispatchSemaphore(value: 0)

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
        changed.signal()
    }

    var all: [Value] { values.withLock { $0 } }

    /// Waits until `condition` holds for the values so far; false if 60 s pass first.
    func wait(until condition: ([Value]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition(all) {
            guard Date() < deadline else { return false }
            _ = changed.wait(timeout: .now() + 1)
        }
        return true
    }
}
