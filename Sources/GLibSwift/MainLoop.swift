// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Boxes a closure for GLib: retained while GLib holds it, released by the destroy notify.
private final class IdleBox {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `body` on the GLib main loop (the UI thread), from any thread.
///
/// Swift's main queue is not drained under `g_application_run`; this is the way back to the UI.
public func runOnMainLoop(_ body: @escaping @Sendable @MainActor () -> Void) {
    let box = IdleBox { MainActor.assumeIsolated { body() } }
    let data = Unmanaged.passRetained(box).toOpaque()
    g_idle_add_full(
        G_PRIORITY_DEFAULT,
        { data in
            guard let data else { return 0 }
            Unmanaged<IdleBox>.fromOpaque(data).takeUnretainedValue().body()
            return 0  // G_SOURCE_REMOVE
        },
        data,
        { data in
            guard let data else { return }
            Unmanaged<IdleBox>.fromOpaque(data).release()
        })
}
