// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import Synchronization

/// Watches the PipeWire registry for cameras (`Video/Source` nodes): hot-plug without polling.
///
/// `start`'s handler runs on the monitor's PipeWire thread, once with the first complete
/// listing and again whenever a camera appears, disappears or changes; a GTK consumer hops to
/// the UI with `runOnMainLoop`. Without a reachable daemon the handler gets `.failure` once.
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
    public func start(handler: @escaping @Sendable (Update) -> Void) {
        stop()
        let loop: PipeWireLoop
        do {
            loop = try PipeWireLoop(name: "saoma-pw-monitor")
        } catch {
            handler(.failure(error))
            return
        }
        let failure: PipeWireFailure? = loop.locked {
            do throws(PipeWireFailure) {
                try loop.connect(fd: connection.takeDescriptor())
            } catch {
                return error
            }
            guard let core = loop.core else { return .unreachable("no core") }
            let tracker = NodeTracker(
                core: core, onChange: { handler(.cameras($0)) },
                onError: { handler(.failure(.unreachable($0))) })
            guard let tracker else { return .failed("no registry") }
            state.withLock { $0 = Running(loop: loop, tracker: tracker) }
            return nil
        }
        if let failure {
            loop.close()
            handler(.failure(failure))
        }
    }

    /// Stops watching and waits for the PipeWire thread; no calls to the handler after it returns.
    public func stop() {
        guard
            let running = state.withLock({ current -> Running? in
                defer { current = nil }
                return current
            })
        else { return }
        running.loop.locked { running.tracker.destroy() }
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

/// The loop and tracker of a started monitor.
private struct Running: @unchecked Sendable {
    let loop: PipeWireLoop
    let tracker: NodeTracker
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
    /// next connection), or `nil` for the default remote.
    func takeDescriptor() -> Int32? {
        descriptor.withLock { fd in fd.map { fcntl($0, F_DUPFD_CLOEXEC, 3) } }
    }

    /// Whether this connection goes through a portal descriptor.
    public var usesDescriptor: Bool { descriptor.withLock { $0 != nil } }
}
