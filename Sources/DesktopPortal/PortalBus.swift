// SPDX-License-Identifier: GPL-3.0-or-later
import CPortal
import GLibSwift

/// Creating libportal's `XdpPortal` safely.
enum PortalBus {
    /// A new portal object, or nil when there is no session bus: libportal 0.6
    /// dereferences a missing bus connection and crashes, so the bus is checked first.
    static func newPortal() -> ObjectRef<OpaquePointer>? {
        var error: UnsafeMutablePointer<GError>?
        // Only looked for: the bus reference (transfer full) goes at once.
        guard g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error).map({ ObjectRef(adopting: $0) }) != nil else {
            g_error_free(error)
            return nil
        }
        return ObjectRef(adopting: xdp_portal_new())
    }
}

extension PortalBus {
    /// The D-Bus error name behind `error` (`org.freedesktop.portal.Error.NotAllowed`…), if any.
    static func remoteErrorName(_ error: UnsafeMutablePointer<GError>) -> String? {
        guard let remote = g_dbus_error_get_remote_error(error) else { return nil }
        defer { g_free(remote) }
        return String(cString: remote)
    }
}

/// A request's completion, kept alive across libportal's asynchronous call as the callback's user
/// data: retained by `pass`, released by `finish`, which the `GAsyncReadyCallback` runs (libportal
/// calls it exactly once). UI thread only: libportal calls back on the context it was called from.
final class PortalCompletion<Outcome: Sendable>: @unchecked Sendable {
    private let completion: @MainActor (Outcome) -> Void

    private init(_ completion: @escaping @MainActor (Outcome) -> Void) { self.completion = completion }

    /// The user data for a libportal call whose answer goes to `completion`.
    static func pass(_ completion: @escaping @MainActor (Outcome) -> Void) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(PortalCompletion(completion)).toOpaque()
    }

    /// Takes back the box `data` and hands it `outcome()`, read from the finished request.
    static func finish(_ data: UnsafeMutableRawPointer?, _ outcome: () -> Outcome) {
        guard let data else { return }
        let box = Unmanaged<PortalCompletion>.fromOpaque(data).takeRetainedValue()
        let result = outcome()
        MainActor.assumeIsolated { box.completion(result) }
    }
}
