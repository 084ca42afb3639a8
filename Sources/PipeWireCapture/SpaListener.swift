// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire

/// A libpipewire events table: its first field is the version of the events it has.
protocol SpaEvents {
    init()
    var version: UInt32 { get set }
}

extension pw_core_events: SpaEvents {}
extension pw_registry_events: SpaEvents {}
extension pw_node_events: SpaEvents {}
extension pw_stream_events: SpaEvents {}

/// A listener's `spa_hook` and events table (`pw_core_events`, `pw_node_events`…), allocated
/// together, the events zeroed and versioned, and released together.
///
/// Transfer rule: the owner adds the listener with `hook` and `events` and calls `remove()` once
/// (loop-locked), which unhooks it and frees both.
final class SpaListener<Events: SpaEvents> {
    let hook = UnsafeMutablePointer<spa_hook>.allocate(capacity: 1)
    let events = UnsafeMutablePointer<Events>.allocate(capacity: 1)

    /// A zeroed table of `version` (`PW_VERSION_NODE_EVENTS`…); the caller fills in its callbacks.
    init(version: Int32) {
        hook.initialize(to: spa_hook())
        var empty = Events()
        empty.version = UInt32(version)
        events.initialize(to: empty)
    }

    /// Unhooks the listener and frees the hook and table.
    func remove() {
        saoma_spa_hook_remove(hook)
        hook.deallocate()
        events.deallocate()
    }
}
