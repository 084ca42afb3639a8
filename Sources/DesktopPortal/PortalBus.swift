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
