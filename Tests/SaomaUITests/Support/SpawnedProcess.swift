// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Something an end-to-end test could not do (missing tool, app gone, timeout).
struct EndToEndError: Error, CustomStringConvertible {
    var description: String
}

/// A child process started with `posix_spawn`, reaped with `waitpid`; the one way the end-to-end
/// tests start anything (Xvfb, dbus-daemon, the app, xdotool, ImageMagick, xclip, zbarimg).
///
/// Swift Testing runs tests on threads that block signals, SIGTERM included, and a child started
/// by `Foundation.Process` from such a thread inherits that mask (it then ignores SIGTERM and
/// outlives its test). So the child starts with an empty signal mask and default signal actions,
/// and `stop()` still uses SIGKILL, which no mask blocks. The child inherits the test's
/// environment as given, so `scripts/test`'s `SAOMA_TEST_RUN` marker reaches every process a test
/// starts and the script's reaper can end whatever a failed test leaves running.
///
/// Threading: used by the one test that made it.
final class SpawnedProcess {
    let pid: pid_t
    /// The exit status once reaped (128 + signal when killed).
    private var status: Int32?

    /// Starts `tool` (an absolute path); `stdoutPath`/`stderrPath` receive its output (appended;
    /// `/dev/null` when `nil`); `stdoutFD` instead makes the given descriptor its standard output.
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
        guard result == 0 else { throw EndToEndError(description: "cannot start \(tool): \(String(cString: strerror(result)))") }
        pid = child
    }

    /// Starts `tool` with its standard output on a pipe and reads the first line it prints (a
    /// server announcing its display number or bus address); stops it and throws when that line is empty.
    static func reportingFirstLine(_ tool: String, _ arguments: [String]) throws -> (process: SpawnedProcess, line: String) {
        guard FileManager.default.fileExists(atPath: tool) else {
            throw EndToEndError(description: "\(tool) is missing: run scripts/bootstrap")
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw EndToEndError(description: "pipe() failed") }
        defer { close(fds[0]) }
        let started = Result { try SpawnedProcess(tool, arguments, environment: ProcessInfo.processInfo.environment, stdoutFD: fds[1]) }
        // Only the child keeps the write end: the read below ends if the child dies before printing.
        close(fds[1])
        let process = try started.get()
        var text = ""
        var byte: UInt8 = 0
        while !text.contains("\n"), read(fds[0], &byte, 1) == 1 { text.append(Character(UnicodeScalar(byte))) }
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else {
            process.stop()
            throw EndToEndError(description: "\(tool) printed nothing on its standard output")
        }
        return (process, line)
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
        guard let status else { throw EndToEndError(description: "process \(pid) did not end") }
        return status
    }

    /// Ends the process with SIGKILL (see the type's comment) and reaps it.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGKILL)
        _ = try? wait(timeout: 10)
    }
}

/// What a tool that ran to its end left: its exit status and output.
struct ToolRun {
    var status: Int32
    /// The standard output's bytes.
    var data: Data
    /// The standard error.
    var errors: String
    /// The standard output as text.
    var output: String { String(decoding: data, as: UTF8.self) }
}

/// Runs `tool` (an absolute path) to its end, with `DISPLAY` set when given and `environment`
/// added to the test's own.
///
/// `wait` is how to wait: it gets a condition that holds once the tool has ended and returns
/// whether it did in time (by default it sleeps, for up to 60 s; a test running GTK in its own
/// process iterates the main loop instead, so it can answer the tool's selection requests).
func runToolStatus(
    _ tool: String, _ arguments: [String], display: String? = nil, environment extra: [String: String] = [:],
    wait: (_ ended: () -> Bool) -> Bool = { ended in poll(timeout: 60, every: 0.02) { ended() ? true : nil } ?? false }
) throws -> ToolRun {
    guard FileManager.default.fileExists(atPath: tool) else {
        throw EndToEndError(description: "\(tool) is missing: run scripts/bootstrap (tools) or `swift build --build-tests` (saoma)")
    }
    var env = ProcessInfo.processInfo.environment
    if let display { env["DISPLAY"] = display }
    for (key, value) in extra { env[key] = value }
    let files = try TemporaryFolder(prefix: "saoma-tool")
    let process = try SpawnedProcess(tool, arguments, environment: env, stdoutPath: files.path("out"), stderrPath: files.path("err"))
    guard wait({ !process.isRunning }), let status = process.exitStatus else {
        process.stop()
        throw EndToEndError(description: "\(tool) \(arguments.joined(separator: " ")) did not finish")
    }
    let errors = (try? String(contentsOfFile: files.path("err"), encoding: .utf8)) ?? ""
    return ToolRun(status: status, data: FileManager.default.contents(atPath: files.path("out")) ?? Data(), errors: errors)
}

/// Runs `tool` like `runToolStatus`; throws unless it exits 0; returns its standard output.
@discardableResult
func runTool(_ tool: String, _ arguments: [String], display: String? = nil) throws -> String {
    let run = try runToolStatus(tool, arguments, display: display)
    guard run.status == 0 else { throw EndToEndError(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(run.status))") }
    return run.output
}

/// Repeats `attempt` every `interval` seconds until it returns a value or `timeout` seconds pass
/// (a guard against hangs, not a timing check); returns that value or `nil`.
func poll<T>(timeout: Double, every interval: Double = 0.1, _ attempt: () throws -> T?) rethrows -> T? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if let value = try attempt() { return value }
        Thread.sleep(forTimeInterval: interval)
    }
    return try attempt()
}
