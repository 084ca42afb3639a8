// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SaomaCore

/// One running decoder process, as Saoma sees it: its pid, its socket and the shared memory.
///
/// Started with an empty signal mask and default signal actions (Saoma's threads may block
/// signals), standard input and output on /dev/null and standard error on /dev/null (zxing-cpp's
/// assertion messages are not Saoma's to print: Saoma reports a crash in its own words). Owned by
/// one `DecoderClient`.
final class DecoderProcess {
    let pid: pid_t
    let channel: MessageChannel
    let memory: SharedImageMemory
    private var reaped = false

    /// Why the process could not be started.
    struct StartFailure: Error, Equatable {
        var message: String
    }

    /// Starts `executable` serving on a new socket and shared memory.
    init(executable: String) throws(StartFailure) {
        guard let memory = SharedImageMemory() else { throw StartFailure(message: "no shared memory: \(Self.errorText())") }
        // The pixel area exists before the first request, so the header can always be read.
        guard memory.reserve(pixels: 0) else { throw StartFailure(message: "no shared memory: \(Self.errorText())") }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw StartFailure(message: "no socket: \(Self.errorText())")
        }
        defer { close(pair[1]) }
        // Out of the way of 3 and 4 first, so the child's dup2 always makes fresh, inheritable copies.
        let childSocket = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        let childMemory = fcntl(memory.descriptor, F_DUPFD_CLOEXEC, 10)
        defer {
            if childSocket >= 0 { close(childSocket) }
            if childMemory >= 0 { close(childMemory) }
        }
        guard childSocket >= 0, childMemory >= 0 else {
            close(pair[0])
            throw StartFailure(message: "no descriptors: \(Self.errorText())")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, childSocket, DecoderService.socketDescriptor)
        posix_spawn_file_actions_adddup2(&actions, childMemory, DecoderService.memoryDescriptor)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            close(pair[0])
            throw StartFailure(message: "\(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        channel = MessageChannel(descriptor: pair[0])
        self.memory = memory
    }

    deinit {
        close(channel.descriptor)
        end()
    }

    /// Ends the process (SIGKILL) and reaps it; its wait status, or `nil` when already reaped.
    @discardableResult
    func end() -> Int32? {
        guard !reaped else { return nil }
        kill(pid, SIGKILL)
        return reap()
    }

    /// Reaps the process once it has ended (it has or is about to: its socket closed); its wait status.
    func reap() -> Int32? {
        guard !reaped else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        return status
    }

    /// CPU seconds the process has used so far (its CPU-time clock), 0 when it cannot be read.
    func cpuSeconds() -> Double {
        var clock = clockid_t()
        var now = timespec()
        guard !reaped, clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &now) == 0 else { return 0 }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// The decoder process's executable: `SAOMA_DECODER` when set (an absolute path), else
    /// `saoma-decoder` beside the running program (a build folder), else the installed one in
    /// `<prefix>/libexec/saoma/` (the program being `<prefix>/bin/saoma`).
    static func executable() -> String? {
        if let override = getenv("SAOMA_DECODER").map({ String(cString: $0) }), !override.isEmpty {
            return override.hasPrefix("/") ? override : nil
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let program = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = program.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let candidates = [folder + "/saoma-decoder", folder + "/../libexec/saoma/saoma-decoder"]
        return candidates.first { access($0, X_OK) == 0 }
    }
}
