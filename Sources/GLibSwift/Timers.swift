// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Holds a repeating Swift callback for a GLib source or tick callback; released by the destroy notify.
private final class RepeatingBox {
    let body: @MainActor () -> Bool
    init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
}

private func repeatingBox(_ data: UnsafeMutableRawPointer?) -> RepeatingBox? {
    guard let data else { return nil }
    return Unmanaged<RepeatingBox>.fromOpaque(data).takeUnretainedValue()
}

private let releaseRepeatingBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<RepeatingBox>.fromOpaque(data).release()
}

/// Calls `body` on the UI thread every `milliseconds` until it returns `false` or the source is
/// removed with `g_source_remove`; returns the source id.
@MainActor @discardableResult
public func addTimeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> guint {
    let data = Unmanaged.passRetained(RepeatingBox(body)).toOpaque()
    return g_timeout_add_full(
        G_PRIORITY_DEFAULT, milliseconds,
        { data in
            guard let box = repeatingBox(data) else { return 0 }
            return MainActor.assumeIsolated { box.body() } ? 1 : 0
        }, data, releaseRepeatingBox)
}

/// Calls `body` before each frame `widget` draws (GTK's frame clock) until it returns `false` or
/// `gtk_widget_remove_tick_callback` removes it; returns the callback id.
@MainActor @discardableResult
public func addTickCallback(_ widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Bool) -> guint {
    let data = Unmanaged.passRetained(RepeatingBox(body)).toOpaque()
    return gtk_widget_add_tick_callback(
        widget,
        { _, _, data in
            guard let box = repeatingBox(data) else { return 0 }
            return MainActor.assumeIsolated { box.body() } ? 1 : 0
        }, data, releaseRepeatingBox)
}

/// Removes the GLib source `id` (from `addTimeout`) from the default main context.
@MainActor
public func removeTimeout(_ id: UInt32) {
    g_source_remove(id)
}
