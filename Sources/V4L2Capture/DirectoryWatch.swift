// SPDX-License-Identifier: GPL-3.0-or-later
import CV4L2
import Glibc

/// An eventfd another thread writes to wake a thread blocked in `poll`.
///
/// Sendable: the descriptor never changes; it is closed in deinit.
final class Wakeup: Sendable {
    let fd: Int32

    init() { fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    func signal() {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    func drain() {
        var value: UInt64 = 0
        _ = read(fd, &value, 8)
    }
}

/// inotify on the device directory: tells which `video*` names were created, removed or
/// changed (udev fixes permissions with a chmod after creating a node).
///
/// Owned by the thread that polls it; the descriptor is closed in deinit.
final class DirectoryWatch {
    let fd: Int32

    /// Watches `directory`; `nil` when inotify is unavailable (callers fall back to a timer).
    init?(directory: String) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE)
        if inotify_add_watch(fd, directory, mask) < 0 {
            Glibc.close(fd)
            return nil
        }
    }

    deinit { Glibc.close(fd) }

    /// Reads pending events; returns the `video*` names they concern.
    func drain() -> Set<String> {
        var names = Set<String>()
        let capacity = 16 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, capacity)
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                if event.len > 0 {
                    let bytes = UnsafeRawBufferPointer(start: buffer + nameStart, count: Int(event.len)).prefix { $0 != 0 }
                    let name = String(decoding: bytes, as: UTF8.self)
                    if CameraDiscovery.isVideoNodeName(name) { names.insert(name) }
                }
                offset = nameStart + Int(event.len)
            }
        }
        return names
    }
}

/// Waits on descriptors with `poll`; returns the ones readable (or in error), empty on timeout.
///
/// - Parameter timeout: seconds; negative waits forever.
func waitReadable(_ fds: [Int32], timeout: Double) -> Set<Int32> {
    var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ms = timeout < 0 ? -1 : Int32(min(timeout * 1000, Double(Int32.max)))
    let result = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), ms) }
    guard result > 0 else { return [] }
    return Set(entries.filter { $0.revents != 0 }.map(\.fd))
}
