// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import Glibc
import SaomaCore

/// The files handed to other applications ("Open in Contacts", "Add to Calendar"): personal data
/// kept only in the app's private runtime folder and only until the application has had it.
///
/// Each file gets a folder of its own (so it keeps its readable name) in this process's folder
/// `$XDG_RUNTIME_DIR/io.github.saoma.Saoma/hand-off-PID-XXXXXX` (every level 0700, owned by the
/// user, never a symbolic link; the file 0600, created exclusively). A file is removed as soon as
/// another process has read it (inotify reports it closed after reading, on the watcher's
/// thread), and the process's folder at exit at the latest; folders of processes that ended
/// without cleaning up (a crash) are removed when the next hand-off is made. Nothing goes to
/// `/tmp`. Safe from any thread; one instance serves the process.
final class HandOffFiles: @unchecked Sendable {
    /// The process's hand-off files.
    static let shared = HandOffFiles()

    /// Guards `folder`, `watches` and `inotify`.
    private let lock = NSLock()
    /// This process's folder, made at the first hand-off.
    private var folder: String?
    /// Watched files by inotify watch descriptor: the file and its own folder.
    private var watches: [Int32: (file: String, folder: String)] = [:]
    /// The inotify descriptor the watcher thread reads, `-1` until the first watch.
    private var inotify: Int32 = -1

    /// Prefix of the per-process folders' names (followed by the process id).
    static let folderPrefix = "hand-off-"

    /// The app's private runtime folder (`$XDG_RUNTIME_DIR/<application id>`).
    static var root: String {
        let runtime = g_get_user_runtime_dir().map { String(cString: $0) } ?? NSTemporaryDirectory()
        return runtime + "/" + saomaApplicationID
    }

    /// Writes `contents` as `name` in a new folder of its own; returns the file's path, or `nil`
    /// when the private folder cannot be made safely.
    func write(_ contents: String, named name: String) -> String? {
        guard let folder = processFolder() else { return nil }
        guard let own = HandOffFiles.makeFolder(folder + "/XXXXXX") else { return nil }
        let path = own + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            rmdir(own)
            return nil
        }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress?.advanced(by: written), bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        close(fd)
        guard written == bytes.count else {
            remove(file: path, folder: own)
            return nil
        }
        watch(file: path, folder: own)
        return path
    }

    /// Removes the file at `path` now (a launch that failed), with its folder.
    func discard(_ path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        lock.withLock {
            for (descriptor, watched) in watches where watched.file == path {
                watches[descriptor] = nil
                inotify_rm_watch(inotify, descriptor)
            }
        }
        remove(file: path, folder: folder)
    }

    /// Removes every hand-off file of this process (at exit).
    func removeAll() {
        guard let folder = lock.withLock({ self.folder }) else { return }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// This process's folder, made (and leftovers of ended processes removed) on first use.
    private func processFolder() -> String? {
        lock.withLock {
            if let folder { return folder }
            let root = HandOffFiles.root
            guard g_mkdir_with_parents(root, 0o700) == 0, HandOffFiles.isPrivateFolder(root) else { return nil }
            HandOffFiles.removeLeftovers(in: root)
            guard let path = HandOffFiles.makeFolder(root + "/" + HandOffFiles.folderPrefix + "\(getpid())-XXXXXX") else { return nil }
            folder = path
            atexit { HandOffFiles.shared.removeAll() }
            return path
        }
    }

    /// A new folder (0700) named by `template` with its `XXXXXX` replaced (`mkdtemp`), or `nil`.
    static func makeFolder(_ template: String) -> String? {
        var name = Array(template.utf8CString)
        return name.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
    }

    /// Whether `path` is a folder of this user's, not a symbolic link, that no one else may
    /// enter (its mode is made 0700 when it is only wider).
    static func isPrivateFolder(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { return false }
        if info.st_mode & 0o077 != 0 { return chmod(path, 0o700) == 0 }
        return true
    }

    /// Removes the hand-off folders of processes that no longer run.
    static func removeLeftovers(in root: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for name in names where name.hasPrefix(folderPrefix) {
            let digits = name.dropFirst(folderPrefix.count).prefix { $0.isASCII && $0.isNumber }
            guard let pid = Int32(digits), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: root + "/" + name)
        }
    }

    /// Watches `file` until another process has read it, then removes it and `folder`.
    private func watch(file: String, folder: String) {
        lock.withLock {
            if inotify < 0 {
                inotify = inotify_init1(Int32(IN_CLOEXEC))
                guard inotify >= 0 else { return }
                let descriptor = inotify
                Thread.detachNewThread { [weak self] in self?.readEvents(descriptor) }
            }
            let descriptor = inotify_add_watch(inotify, file, UInt32(IN_CLOSE_NOWRITE) | UInt32(IN_ONESHOT))
            if descriptor >= 0 { watches[descriptor] = (file, folder) }
        }
    }

    /// The watcher thread: removes each watched file once it was closed after reading.
    private func readEvents(_ descriptor: Int32) {
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let n = read(descriptor, buffer, size)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                guard event.mask & UInt32(IN_CLOSE_NOWRITE) != 0,
                    let watched = lock.withLock({ watches.removeValue(forKey: event.wd) })
                else { continue }
                remove(file: watched.file, folder: watched.folder)
            }
        }
    }

    private func remove(file: String, folder: String) {
        unlink(file)
        rmdir(folder)
    }
}
