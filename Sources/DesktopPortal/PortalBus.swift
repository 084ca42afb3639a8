// SPDX-License-Identifier: GPL-3.0-or-later
import CPortal

/// Creating libportal's `XdpPortal` safely.
enum PortalBus {
    /// A new portal object (transfer full), or nil when there is no session bus: libportal 0.6
    /// dereferences a missing bus connection and crashes, so the bus is checked first.
    static func newPortal() -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_error_free(error)
            return nil
        }
        g_object_unref(UnsafeMutableRawPointer(bus))
        return xdp_portal_new()
    }
}
