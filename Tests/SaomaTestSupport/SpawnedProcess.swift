// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A child process started with `posix_spawn` and reaped with `waitpid`: the one way the tests
/// start anything (Xvfb, dbus-daemon and dbusmock, PipeWire, the app, `saoma` on the command
/// line, CaptureProbe, xdotool, ImageMagick, zbarimg, python3…).
///
/// Swift Testing and XCTest run tests on threads that block signals, SIGTERM included, and a
/// child started by `Foundation.Process` from such a thread inherits that mask (it then ignores
/// SIGTERM and outlives its test). So the child starts with an empty signal mask and default
/// signal actions (SIGPIPE stays ignored only with `ignoreSIGPIPE`), and `stop()` uses SIGKILL,
/// which no mask blocks. A child never shares the test process's standard output or error (each
/// stream is null, a file or a pipe of its own): a child sharing them could set them non-blocking
/// (a flag of the open file, shared with the test process), and the test runner's own output into
/// `swift test`'s pipe would then fail and end early. The child inherits the test's environment (or the one given), so
/// `scripts/test`'s `SAOMA_TEST_RUN` marker reaches every process a test starts and the script's
/// reaper can end whatever a failed test leaves running. Arguments are exact bytes (a test may pass
/// names that are not UTF-8); captured output goes to files, so nothing blocks on a full pipe.
///
/// Threading: used by the one test that made it.
public final class SpawnedProcess {
    /// Where a standard descriptor of the child points.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file the test reads afterwards (`standardOutput`, `outcome()`).
        case captured
        /// These bytes, read from the start (standard input only).
        case bytes(Data)
        /// This path, opened for reading (standard input) or for appending, created when missing
        /// (standard output and error).
        case path(String)
        /// This descriptor of the test process, duplicated.
        case descriptor(Int32)
        /// Closed in the child.
        case closed
        /// A pipe whose other end the test closed before the start (writes fail with EPIPE, reads
        /// see the end at once).
        case pipeWithoutPeer
        /// A pipe the test holds open and never uses (reads block until the child is ended).
        case heldPipe
    }

    public let pid: pid_t
    /// The raw wait status once reaped.
    private var rawStatus: Int32?
    /// Where `.captured` and `.bytes` streams live (removed when the process is released).
    private let files: TemporaryFolder
    /// The test's ends of `.heldPipe` streams, closed once the child has ended.
    private var heldEnds: [Int32]
    private let tool: String

    /// Starts `tool` (an absolute path) with `arguments` as exact bytes.
    public init(
        _ tool: String, bytes arguments: [[UInt8]], environment: [String: String]? = nil, stdin: Stream = .null,
        stdout: Stream = .null, stderr: Stream = .null, ignoreSIGPIPE: Bool = false, directory: String? = nil
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw EndToEndError("\(tool) is missing: run scripts/bootstrap (tools) or `swift build --build-tests` (built products)")
        }
        // A test writing into a pipe whose reader died gets EPIPE, not a signal that ends the test run.
        signal(SIGPIPE, SIG_IGN)
        self.tool = tool
        files = try TemporaryFolder(prefix: "saoma-spawn")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        var held: [Int32] = []
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            let reading = fd == 0
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
            case .captured:
                posix_spawn_file_actions_addopen(&actions, fd, files.path("\(fd)"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .bytes(let data):
                let path = try files.write(data, as: "\(fd)")
                posix_spawn_file_actions_addopen(&actions, fd, path, O_RDONLY, 0)
            case .path(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, reading ? O_RDONLY : O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .descriptor(let source):
                posix_spawn_file_actions_adddup2(&actions, source, fd)
            case .closed:
                posix_spawn_file_actions_addclose(&actions, fd)
            case .pipeWithoutPeer, .heldPipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw EndToEndError("pipe() failed: \(String(cString: strerror(errno)))") }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (childEnd, testEnd) = reading ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, childEnd, fd)
                childEnds.append(childEnd)
                if case .heldPipe = stream { held.append(testEnd) } else { close(testEnd) }
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        var defaults = sigset_t()
        sigfillset(&defaults)
        if ignoreSIGPIPE { sigdelset(&defaults, SIGPIPE) }
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // In another folder: through `env -C` (glibc's posix_spawn_file_actions_addchdir_np is not
        // visible to Swift).
        let command =
            directory.map { [Array("/usr/bin/env".utf8), Array("-C".utf8), Array($0.utf8), Array(tool.utf8)] } ?? [Array(tool.utf8)]
        let argv = (command + arguments).map { bytes -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { $0?.deallocate() }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, directory == nil ? tool : "/usr/bin/env", &actions, &attributes, argv + [nil], envp + [nil])
        guard result == 0 else {
            held.forEach { close($0) }
            throw EndToEndError("cannot start \(tool): \(String(cString: strerror(result)))")
        }
        pid = child
        heldEnds = held
    }

    /// Starts `tool` (an absolute path) with `arguments`.
    public convenience init(
        _ tool: String, _ arguments: [String], environment: [String: String]? = nil, stdin: Stream = .null, stdout: Stream = .null,
        stderr: Stream = .null, ignoreSIGPIPE: Bool = false, directory: String? = nil
    ) throws {
        try self.init(
            tool, bytes: arguments.map { Array($0.utf8) }, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr,
            ignoreSIGPIPE: ignoreSIGPIPE, directory: directory)
    }

    /// Starts `tool`; `stdoutPath`/`stderrPath` receive its output (appended; `/dev/null` when
    /// `nil`); `stdoutFD` instead makes the given descriptor its standard output.
    public convenience init(
        _ tool: String, _ arguments: [String], environment: [String: String], stdoutPath: String? = nil, stderrPath: String? = nil,
        stdoutFD: Int32? = nil
    ) throws {
        let stdout: Stream = stdoutFD.map { .descriptor($0) } ?? stdoutPath.map { .path($0) } ?? .null
        try self.init(tool, arguments, environment: Optional(environment), stdout: stdout, stderr: stderrPath.map { .path($0) } ?? .null)
    }

    deinit {
        stop()
        heldEnds.forEach { close($0) }
    }

    /// Starts `tool` with its standard output on a pipe and reads the first line it prints (a
    /// server announcing its display number or bus address, a test camera saying it is ready);
    /// stops it and throws when that line is empty.
    public static func reportingFirstLine(
        _ tool: String, _ arguments: [String], environment: [String: String]? = nil, stderr: Stream = .null
    ) throws -> (process: SpawnedProcess, line: String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw EndToEndError("pipe() failed") }
        defer { close(fds[0]) }
        let started = Result {
            try SpawnedProcess(tool, arguments, environment: environment, stdout: .descriptor(fds[1]), stderr: stderr)
        }
        // Only the child keeps the write end: the read below ends if the child dies before printing.
        close(fds[1])
        let process = try started.get()
        var text = ""
        var byte: UInt8 = 0
        while !text.contains("\n"), read(fds[0], &byte, 1) == 1 { text.append(Character(UnicodeScalar(byte))) }
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else {
            process.stop()
            throw EndToEndError("\(tool) printed nothing on its standard output")
        }
        return (process, line)
    }

    /// Whether the process is still running (reaps it once it has ended).
    public var isRunning: Bool {
        if rawStatus != nil { return false }
        var raw: Int32 = 0
        let r = waitpid(pid, &raw, WNOHANG)
        if r == pid {
            rawStatus = raw
            heldEnds.forEach { close($0) }
            heldEnds = []
            return false
        }
        return r == 0
    }

    /// The exit status (128 + signal when killed), once ended.
    public var exitStatus: Int32? {
        guard !isRunning, let raw = rawStatus else { return nil }
        return Self.terminated(raw) ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }

    /// Waits (for `Patience.seconds` at most, a guard against hangs) for the process to end;
    /// returns its status (128 + signal when killed). `ended` is how to wait: it gets a condition
    /// that holds once the process has ended and returns whether it did in time (by default it
    /// polls; a test running GTK in its own process iterates the main loop instead, so that it can
    /// answer the tool's requests, as a clipboard owner must).
    @discardableResult
    public func wait(_ ended: (_ condition: () -> Bool) -> Bool = { condition in poll(every: 0.005) { condition() ? true : nil } ?? false })
        throws -> Int32
    {
        guard ended({ !isRunning }), let status = exitStatus else {
            throw EndToEndError("\(tool) (process \(pid)) did not end")
        }
        return status
    }

    /// Ends the process with SIGKILL (see the type's comment) and reaps it.
    public func stop() {
        guard isRunning else { return }
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        rawStatus = raw
    }

    /// Asks the process to end (SIGTERM, which it may handle to clean up) and reaps it; SIGKILL
    /// when it has not ended within `Patience.seconds`.
    public func terminate() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if (try? wait()) == nil { stop() }
    }

    /// What the process left once ended: its status and the streams it had `.captured`.
    public func outcome(
        waiting ended: (_ condition: () -> Bool) -> Bool = { condition in poll(every: 0.005) { condition() ? true : nil } ?? false }
    ) throws -> ProcessOutcome {
        do {
            try wait(ended)
        } catch {
            stop()
            throw error
        }
        guard let raw = rawStatus else { throw EndToEndError("\(tool) was not reaped") }
        let terminated = Self.terminated(raw)
        return ProcessOutcome(
            status: terminated ? (raw >> 8) & 0xFF : nil, signal: terminated ? nil : raw & 0x7F, stdout: files.data("1") ?? Data(),
            stderr: String(decoding: files.data("2") ?? Data(), as: UTF8.self))
    }

    /// Everything the process wrote so far on a `.captured` standard output.
    public var standardOutput: Data { files.data("1") ?? Data() }

    private static func terminated(_ raw: Int32) -> Bool { raw & 0x7F == 0 }
}

/// What a process that ran to its end left: how it ended and its captured output.
public struct ProcessOutcome: Sendable {
    /// The exit status, `nil` when a signal ended it.
    public var status: Int32?
    /// The signal that ended it, if one did.
    public var signal: Int32?
    /// The standard output's bytes.
    public var stdout: Data
    /// The standard error.
    public var stderr: String

    public init(status: Int32?, signal: Int32?, stdout: Data, stderr: String) {
        self.status = status
        self.signal = signal
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The standard output's bytes.
    public var data: Data { stdout }
    /// The standard output as text.
    public var output: String { String(decoding: stdout, as: UTF8.self) }
    /// The standard error.
    public var errors: String { stderr }
    /// The standard error's non-empty lines.
    public var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    /// Whether it exited with status 0.
    public var succeeded: Bool { status == 0 }
}

/// The outcome of a tool run (the name the end-to-end tests know).
public typealias ToolRun = ProcessOutcome

/// Runs `tool` (an absolute path) to its end with `input` (if any) on its standard input, with
/// `DISPLAY` set when given and `environment` added to the test's own, in `directory` when given.
/// `wait` is how to wait (see `SpawnedProcess.wait(_:)`).
public func runToolStatus(
    _ tool: String, _ arguments: [String], input: Data? = nil, display: String? = nil, environment extra: [String: String] = [:],
    directory: String? = nil,
    wait: (_ ended: () -> Bool) -> Bool = { condition in poll(every: 0.005) { condition() ? true : nil } ?? false }
) throws -> ToolRun {
    var env = ProcessInfo.processInfo.environment
    if let display { env["DISPLAY"] = display }
    for (key, value) in extra { env[key] = value }
    let process = try SpawnedProcess(
        tool, arguments, environment: Optional(env), stdin: input.map { .bytes($0) } ?? .null, stdout: .captured, stderr: .captured,
        directory: directory)
    do {
        return try process.outcome(waiting: wait)
    } catch {
        throw EndToEndError("\(tool) \(arguments.joined(separator: " ")) did not finish")
    }
}

/// Runs `tool` like `runToolStatus`; throws unless it exits 0; returns its standard output.
@discardableResult
public func runTool(_ tool: String, _ arguments: [String], input: Data? = nil, display: String? = nil) throws -> String {
    let run = try runToolStatus(tool, arguments, input: input, display: display)
    guard run.status == 0 else {
        throw EndToEndError("\(tool) \(arguments.joined(separator: " ")) failed (\(run.status ?? -1)): \(run.errors)")
    }
    return run.output
}

/// The absolute path of `name` on `PATH` (`nil` when it is not installed).
public func installedTool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
