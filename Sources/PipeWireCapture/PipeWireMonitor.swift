// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import Synchronization

/// Watches the PipeWire registry for cameras (`Video/Source` nodes): hot-plug without polling.
///
/// `start`'s handler runs on the monitor's PipeWire thread, once with the first complete
/// listing and again whenever a camera appears, disappears or changes; a GTK consumer hops to
/// the UI with `runOnMainLoop`. Without a reachable daemon the handler gets `.failure` once per
/// loss, and the listing again when the daemon is back.
public final class PipeWireMonitor: Sendable {
    /// What the handler receives.
    public enum Update: Sendable {
        /// The cameras now (complete: every node's formats read).
        case cameras([PipeWireNode])
        /// PipeWire is not reachable (or went away): no PipeWire cameras.
        case failure(PipeWireFailure)
    }

    /// The running connection; guarded by the mutex.
    private let state = Mutex<Running?>(nil)
    /// The descriptor to connect with (from the camera portal), else the default remote.
    private let connection: PipeWireConnection

    public init(connection: PipeWireConnection = .defaultRemote) {
        self.connection = connection
    }

    deinit { stop() }

    /// Starts watching; `handler` runs on the PipeWire thread until `stop()` returns.
    ///
    /// When the daemon cannot be reached, or goes away later, the handler gets `.failure` and
    /// the monitor keeps trying to connect (`Reconnector`); once the daemon is back it gets the
    /// new listing.
    public func start(handler: @escaping @Sendable (Update) -> Void) {
        stop()
        let loop: PipeWireLoop
        do {
            loop = try PipeWireLoop(name: "saoma-pw-monitor")
        } catch {
            handler(.failure(error))
            return
        }
        let session = MonitorSession(loop: loop, connection: connection, handler: handler)
        loop.locked { session.begin() }
        state.withLock { $0 = Running(loop: loop, session: session) }
    }

    /// Stops watching and waits for the PipeWire thread; no calls to the handler after it returns.
    public func stop() {
        guard let running = state.take() else { return }
        running.loop.locked { running.session.end() }
        running.loop.close()
    }

    /// The cameras PipeWire offers now, waiting at most `timeout` seconds for the listing.
    public static func cameras(connection: PipeWireConnection = .defaultRemote, timeout: Double = 5) -> Result<
        [PipeWireNode], PipeWireFailure
    > {
        let result = Mutex<Result<[PipeWireNode], PipeWireFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let monitor = PipeWireMonitor(connection: connection)
        monitor.start { update in
            let first = result.withLock { current -> Bool in
                guard current == nil else { return false }
                switch update {
                case .cameras(let nodes): current = .success(nodes)
                case .failure(let failure): current = .failure(failure)
                }
                return true
            }
            if first { done.signal() }
        }
        let answered = done.wait(timeout: .now() + timeout) == .success
        monitor.stop()
        guard answered, let outcome = result.withLock({ $0 }) else { return .failure(.unreachable("no answer in \(Int(timeout)) s")) }
        return outcome
    }
}

/// The loop and session of a started monitor.
private struct Running: @unchecked Sendable {
    let loop: PipeWireLoop
    let session: MonitorSession
}

/// One monitor's connection, registry tracker and reconnection. Loop-locked (or loop thread) only.
private final class MonitorSession {
    let loop: PipeWireLoop
    let connection: PipeWireConnection
    let handler: @Sendable (PipeWireMonitor.Update) -> Void
    var tracker: NodeTracker?
    var reconnector: Reconnector?
    /// Whether the handler last heard `.failure` (a failure is reported once per loss).
    var failed = false

    init(loop: PipeWireLoop, connection: PipeWireConnection, handler: @escaping @Sendable (PipeWireMonitor.Update) -> Void) {
        self.loop = loop
        self.connection = connection
        self.handler = handler
    }

    /// Connects, or reports the failure and keeps trying.
    func begin() {
        reconnector = Reconnector(loop: loop) { [unowned self] in self.connect() == nil }
        if let failure = connect() { lost(failure) }
    }

    /// (Re)connects and starts following the registry; the failure, or nil.
    func connect() -> PipeWireFailure? {
        let previous = tracker
        tracker = nil
        let connected = NodeTracker.reconnecting(
            previous, loop: loop, connection: connection,
            onChange: { [unowned self] nodes in
                self.failed = false
                self.reconnector?.succeeded()
                self.handler(.cameras(nodes))
            },
            onError: { [unowned self] message, connectionLost in
                // One request failing (a node gone while its formats were asked) changes nothing.
                if connectionLost { self.lost(.unreachable(message)) }
            })
        switch connected {
        case .success(let made):
            tracker = made
            return nil
        case .failure(let failure): return failure
        }
    }

    /// The daemon is unreachable or went away: no PipeWire cameras until it is back.
    func lost(_ failure: PipeWireFailure) {
        if !failed {
            failed = true
            handler(.failure(failure))
        }
        reconnector?.schedule()
    }

    /// Stops following and retrying (loop-locked).
    func end() {
        reconnector?.destroy()
        reconnector = nil
        tracker?.destroy()
        tracker = nil
    }
}

/// How to reach PipeWire: the session's daemon, or a descriptor the camera portal handed over.
public final class PipeWireConnection: Sendable {
    /// The descriptor not yet used; guarded by the mutex. Each connection takes it once
    /// (PipeWire owns it afterwards); later connections get a duplicate.
    private let descriptor: Mutex<Int32?>

    /// `$PIPEWIRE_REMOTE` or the default `pipewire-0` socket in `$XDG_RUNTIME_DIR`.
    public static let defaultRemote = PipeWireConnection(descriptor: nil)

    /// Connects over `descriptor` (owned from now on: closed when no longer needed).
    public init(descriptor: Int32?) {
        self.descriptor = Mutex(descriptor)
    }

    deinit {
        descriptor.withLock { if let fd = $0 { close(fd) } }
    }

    /// A descriptor for one `pw_context_connect_fd` (a duplicate: the original stays for the
    /// next connection, made after the previous one broke), or `nil` for the default remote.
    /// A duplicate is the same socket: two connections at once need two descriptors (the camera
    /// portal opens a remote per connection).
    func takeDescriptor() -> Int32? {
        descriptor.withLock { fd in fd.map { fcntl($0, F_DUPFD_CLOEXEC, 3) } }
    }

    /// Whether this connection goes through a portal descriptor.
    public var usesDescriptor: Bool { descriptor.withLock { $0 != nil } }
}
