// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The temporary files `AtomicFile` has reserved, removed on exit and on SIGINT, SIGTERM and SIGHUP.
///
/// The names live in C strings in a fixed table the signal handler can read without allocating
/// (`unlink` is async-signal-safe). `register` and `unregister` take `lock`; the handler reads
/// the table without it (a name is unlinked at most twice, which is harmless). The handlers are
/// installed once, for signals whose action was the default; after removing the files the
/// handler restores the default action and raises the signal again, so the process still ends
/// as the signal says.
enum TemporaryFiles {
    /// Temporary files that can be pending at once (more are written, but not cleaned on signals).
    static let capacity = 32
    /// Signals whose default action ends the process and that a person or a service sends.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    nonisolated(unsafe) private static let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false

    /// Records `name` (a NUL-terminated path); returns its slot, or `nil` when the table is full.
    static func register(_ name: [CChar]) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            installed = true
            installHandlers()
        }
        for slot in 0..<capacity where table[slot] == nil {
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: name.count)
            copy.initialize(from: name, count: name.count)
            table[slot] = copy
            return slot
        }
        return nil
    }

    /// Forgets the name in `slot` (the file itself is the caller's to remove).
    static func unregister(_ slot: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard let name = table[slot] else { return }
        table[slot] = nil
        name.deallocate()
    }

    /// Unlinks every recorded name (signal handler and exit: no locks, no allocation).
    static func removeAll() {
        for slot in 0..<capacity {
            if let name = table[slot] { unlink(name) }
        }
    }

    private static func installHandlers() {
        atexit { TemporaryFiles.removeAll() }
        for signal in signals {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                TemporaryFiles.removeAll()
                var standard = sigaction()
                sigaction(received, &standard, nil)
                raise(received)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}
