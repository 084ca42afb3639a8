// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import Synchronization

/// Notices cameras appearing and disappearing (hot-plug) without polling the system.
///
/// Watches the device directory with inotify from its own thread. `start`'s handler is called on
/// that thread, once with the initial scan and then whenever the set of `video*` nodes or what
/// they are changes; a GTK consumer hops to the UI with `runOnMainLoop`. Independent of GLib.
public final class CameraMonitor: Sendable {
    /// Seconds to wait after a change for udev to finish (permissions, sibling nodes) before rescanning.
    public static let settleDelay = 0.3
    /// Seconds between rescans when inotify is unavailable.
    public static let fallbackInterval = 2.0

    /// The directory watched.
    public let directory: String
    private let wakeup = Wakeup()
    /// Whether the monitor thread should keep running and its completion; guarded by the mutex.
    private let state = Mutex<(running: Bool, finished: DispatchSemaphore?)>((false, nil))

    public init(directory: String = CameraDiscovery.deviceDirectory) {
        self.directory = directory
    }

    deinit { stop() }

    /// Starts watching; `handler` receives every node (usable or not) on the monitor thread.
    public func start(handler: @escaping @Sendable ([CameraNode]) -> Void) {
        stop()
        let finished = DispatchSemaphore(value: 0)
        state.withLock { $0 = (true, finished) }
        wakeup.drain()
        let thread = Thread { [self] in
            run(handler: handler)
            finished.signal()
        }
        thread.name = "saoma-camera-monitor"
        thread.start()
    }

    /// Stops watching and waits for the monitor thread; no calls to the handler after it returns.
    public func stop() {
        let finished: DispatchSemaphore? = state.withLock {
            let finished = $0.finished
            $0 = (false, nil)
            return finished
        }
        guard let finished else { return }
        wakeup.signal()
        finished.wait()
    }

    private var running: Bool { state.withLock { $0.running } }

    private func run(handler: @Sendable ([CameraNode]) -> Void) {
        let watch = DirectoryWatch(directory: directory)
        var last = CameraDiscovery.scan(directory: directory)
        handler(last)
        while running {
            let fds = [wakeup.fd] + (watch.map { [$0.fd] } ?? [])
            let ready = waitReadable(fds, timeout: watch == nil ? Self.fallbackInterval : -1)
            guard running else { break }
            if ready.contains(wakeup.fd) { wakeup.drain() }
            if let watch {
                guard ready.contains(watch.fd), !watch.drain().isEmpty else { continue }
                // Let udev settle, absorbing the burst of events a plug produces.
                while !waitReadable([watch.fd], timeout: Self.settleDelay).isEmpty { _ = watch.drain() }
            }
            guard running else { break }
            let nodes = CameraDiscovery.scan(directory: directory)
            if nodes != last {
                last = nodes
                handler(nodes)
            }
        }
    }
}
