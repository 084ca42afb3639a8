// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire
import Foundation
import SaomaCore

/// Why PipeWire could not be used.
public enum PipeWireFailure: Error, Hashable, Sendable {
    /// No PipeWire daemon answered (not running, or not reachable from here).
    case unreachable(String)
    /// The daemon reported an error.
    case failed(String)

    /// The one-line message for people.
    public var message: String {
        switch self {
        case .unreachable(let why): return "cannot connect to PipeWire: \(why)"
        case .failed(let why): return "PipeWire: \(why)"
        }
    }
}

/// One connection to PipeWire with its own `pw_thread_loop`.
///
/// Transfer rule: the loop owns the thread loop, context and core it creates and destroys them
/// in `close()` (or `deinit`). Every call into libpipewire happens with the loop locked
/// (`locked`) or on the loop's thread (in a callback, which runs locked); objects created on
/// it are destroyed before `close()` returns.
final class PipeWireLoop: @unchecked Sendable {
    /// `pw_init` once per process.
    private static let initialized: Bool = {
        pw_init(nil, nil)
        return true
    }()

    private let threadLoop: OpaquePointer
    private let context: OpaquePointer
    /// The connection; `nil` before `connect` and after `close`. Loop-locked.
    private(set) var core: OpaquePointer?
    private var closed = false

    /// Creates the loop and starts its thread, not yet connected.
    init(name: String) throws(PipeWireFailure) {
        _ = Self.initialized
        guard let threadLoop = pw_thread_loop_new(name, nil) else { throw .failed("cannot create a loop") }
        guard let context = pw_context_new(pw_thread_loop_get_loop(threadLoop), nil, 0) else {
            pw_thread_loop_destroy(threadLoop)
            throw .failed("cannot create a context")
        }
        self.threadLoop = threadLoop
        self.context = context
        guard pw_thread_loop_start(threadLoop) >= 0 else {
            pw_context_destroy(context)
            pw_thread_loop_destroy(threadLoop)
            throw .failed("cannot start the loop thread")
        }
    }

    deinit { close() }

    /// Connects to the daemon (`$PIPEWIRE_REMOTE`, else `pipewire-0`) or, with `fd`, over that
    /// descriptor (the camera portal's; PipeWire takes ownership of it). Loop-locked.
    func connect(fd: Int32? = nil) throws(PipeWireFailure) {
        let core: OpaquePointer?
        if let fd {
            core = pw_context_connect_fd(context, fd, nil, 0)
        } else {
            core = pw_context_connect(context, nil, 0)
        }
        guard let core else { throw .unreachable(String(cString: strerror(errno))) }
        self.core = core
    }

    /// Drops the connection (loop-locked; what was created on the core is destroyed first).
    func disconnect() {
        if let core { pw_core_disconnect(core) }
        core = nil
    }

    /// The loop the thread runs, for timers (loop-locked use only).
    var eventLoop: UnsafeMutablePointer<pw_loop> { pw_thread_loop_get_loop(threadLoop) }

    /// Runs `body` with the loop locked (not on the loop's own thread: callbacks already are).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pw_thread_loop_lock(threadLoop)
        defer { pw_thread_loop_unlock(threadLoop) }
        return try body()
    }

    /// Whether the caller runs on the loop's thread.
    var isLoopThread: Bool { pw_thread_loop_in_thread(threadLoop) }

    /// Waits (loop-locked) until `signal()` is called from a callback or `seconds` pass; false on timeout.
    func wait(seconds: Double) -> Bool {
        pw_thread_loop_timed_wait(threadLoop, Int32(max(1, seconds.rounded(.up)))) == 0
    }

    /// Wakes a `wait` (from a callback on the loop thread).
    func signal() { pw_thread_loop_signal(threadLoop, false) }

    /// Stops the thread and destroys the core, context and loop. Not on the loop thread.
    func close() {
        guard !closed else { return }
        closed = true
        pw_thread_loop_lock(threadLoop)
        if let core { pw_core_disconnect(core) }
        core = nil
        pw_thread_loop_unlock(threadLoop)
        pw_thread_loop_stop(threadLoop)
        pw_context_destroy(context)
        pw_thread_loop_destroy(threadLoop)
    }
}

/// Retries a lost connection on the loop's own thread: one timer source, armed after each
/// failed attempt with `ReconnectBackoff`'s next wait (0.1 s doubling to 2 s), so nothing runs
/// while connected and a daemon that stays away costs one attempt every 2 s.
///
/// Loop-locked (or loop thread) only; `destroy()` before the loop closes.
final class Reconnector {
    private let loop: PipeWireLoop
    private let attempt: () -> Bool
    private var backoff = ReconnectBackoff()
    private var timer: UnsafeMutablePointer<spa_source>?

    /// `attempt` runs on the loop thread and says whether it connected.
    init(loop: PipeWireLoop, attempt: @escaping () -> Bool) {
        self.loop = loop
        self.attempt = attempt
    }

    /// Arms the next attempt (after a failure or the connection breaking).
    func schedule() {
        if timer == nil {
            timer = saoma_pw_loop_add_timer(
                loop.eventLoop,
                { data, _ in
                    guard let data else { return }
                    Unmanaged<Reconnector>.fromOpaque(data).takeUnretainedValue().fire()
                }, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let timer else { return }
        _ = saoma_pw_loop_arm_timer(loop.eventLoop, timer, backoff.nextDelay())
    }

    /// The connection works again (its first listing came): the next loss starts from the
    /// shortest wait.
    func succeeded() { backoff.succeeded() }

    /// Removes the timer; no attempt runs afterwards.
    func destroy() {
        if let timer { saoma_pw_loop_destroy_source(loop.eventLoop, timer) }
        timer = nil
    }

    private func fire() {
        if !attempt() { schedule() }
    }
}
