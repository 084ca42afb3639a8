// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire

/// A listener's `spa_hook` and events table (`pw_core_events`, `pw_node_events`…), allocated
/// together, the events zeroed and versioned, and released together.
///
/// Transfer rule: the owner adds the listener with `hook` and `events` and calls `remove()` once
/// (loop-locked), which unhooks it and frees both.
final class SpaListener<Events> {
    let hook = UnsafeMutablePointer<spa_hook>.allocate(capacity: 1)
    let events = UnsafeMutablePointer<Events>.allocate(capacity: 1)

    /// `empty` is the zeroed table (`pw_node_events()`); the caller fills in its version and callbacks.
    init(_ empty: Events) {
        hook.initialize(to: spa_hook())
        events.initialize(to: empty)
    }

    /// Unhooks the listener and frees the hook and table.
    func remove() {
        saoma_spa_hook_remove(hook)
        hook.deallocate()
        events.deallocate()
    }
}
