// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The `saoma` binary built beside the test bundle (`swift build --build-tests` builds both).
let builtSaoma: String = {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("saoma").path
    if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/saoma").path
}()

/// Runs `saoma` with exact argument bytes and chosen standard descriptors (`posix_spawn`):
/// what Foundation's `Process` cannot do (close a descriptor, pass bytes that are not UTF-8).
///
/// Output goes to files, so nothing blocks on a full pipe.
struct SpawnedCommand {
    /// Where a standard descriptor points.
    enum Stream: Sendable {
        /// A file the test reads afterwards.
        case captured
        /// This path, opened for reading (stdin) or writing (stdout, stderr).
        case path(String)
        /// Closed in the child.
        case closed
        /// A pipe whose other end the test closed before the start (writes fail with EPIPE).
        case pipeWithoutReader
        /// A pipe the test holds open and never writes (reads block until the child is ended).
        case heldPipe
    }

    /// How the child ended.
    struct Outcome {
        var status: Int32?
        var signal: Int32?
        var stdout: Data
        var stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    let pid: pid_t
    private let folder: String
    private var heldWriteEnd: Int32 = -1

    /// Starts `saoma` with `arguments` (each as exact bytes); SIGPIPE default unless `ignoreSIGPIPE`.
    init(
        _ arguments: [[UInt8]], stdin: Stream = .path("/dev/null"), stdout: Stream = .captured, stderr: Stream = .captured,
        ignoreSIGPIPE: Bool = false
    ) throws {
        // The test process ignores SIGPIPE itself; children inherit that unless reset below.
        signal(SIGPIPE, SIG_IGN)
        folder = NSTemporaryDirectory() + "saoma-spawn-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = []
        defer { parentEnds.forEach { close($0) } }
        var held: Int32 = -1
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .captured:
                posix_spawn_file_actions_addopen(&actions, fd, folder + "/\(fd)", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .path(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .closed:
                posix_spawn_file_actions_addclose(&actions, fd)
            case .pipeWithoutReader, .heldPipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw SpawnError("pipe: \(errno)") }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (childEnd, otherEnd) = fd == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, childEnd, fd)
                parentEnds.append(childEnd)
                if case .heldPipe = stream { held = otherEnd } else { close(otherEnd) }
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked (test runner threads may block some) and with
        // SIGINT, SIGTERM, SIGHUP (and SIGPIPE unless ignored) at their default actions.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        if !ignoreSIGPIPE { sigaddset(&defaults, SIGPIPE) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([Array(builtSaoma.utf8)] + arguments).map { bytes -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        defer { argv.forEach { $0?.deallocate() } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, builtSaoma, &actions, &attributes, argv + [nil], environ)
        guard result == 0 else { throw SpawnError("posix_spawn: \(result)") }
        self.pid = pid
        heldWriteEnd = held
    }

    /// Waits (at most `patience` seconds, a guard against hangs) for the child to end.
    func wait(patience: TimeInterval = 120) throws -> Outcome {
        let deadline = Date().addingTimeInterval(patience)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw SpawnError("saoma did not finish within \(Int(patience)) s")
            }
            usleep(5000)
        }
        if heldWriteEnd >= 0 { close(heldWriteEnd) }
        let exited = status & 0x7F == 0
        let out = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/1"))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/2"))) ?? Data()
        try? FileManager.default.removeItem(atPath: folder)
        return Outcome(
            status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F, stdout: out,
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs `arguments` (UTF-8) to the end.
    static func run(
        _ arguments: [String], stdin: Stream = .path("/dev/null"), stdout: Stream = .captured, stderr: Stream = .captured,
        ignoreSIGPIPE: Bool = false
    ) throws -> Outcome {
        try SpawnedCommand(arguments.map { Array($0.utf8) }, stdin: stdin, stdout: stdout, stderr: stderr, ignoreSIGPIPE: ignoreSIGPIPE)
            .wait()
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
