// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCore

/// Why a file could not be written (each with a one-line reason).
public enum AtomicFileError: Error, Hashable, Sendable {
    /// The target exists and replacing was not allowed.
    case exists(path: String)
    /// The target exists but is not a regular file (a device, FIFO, folder or symbolic link).
    case notRegularFile(path: String)
    /// The system refused (its reason, `strerror`).
    case failed(path: String, reason: String)

    /// The path the error is about.
    public var path: String {
        switch self {
        case .exists(let path), .notRegularFile(let path), .failed(let path, _): return path
        }
    }
}

/// Writes a file through a temporary file in the same directory, so it is whole or absent: the
/// one create-or-replace routine for every file Saoma writes for the person (generated codes,
/// history and session exports, saved contacts and events).
///
/// `init` reserves a hidden temporary file beside the target (`.NAME.XXXXXXXX.tmp`); `commit`
/// writes the data, flushes it to disk and puts it in place: without `replacing`, with
/// `NoReplaceRename` (`renameat2(RENAME_NOREPLACE)`, or `link()` where the file system lacks
/// it), which fails when anything exists at the target (a file that appeared meanwhile, a
/// dangling symbolic link), so nothing is ever replaced; with `replacing`, with `rename()` over
/// a regular file only, keeping its permission bits. The temporary file is removed when the object goes
/// away uncommitted, when the process exits, and on SIGINT, SIGTERM and SIGHUP (a handler
/// installed while temporary files exist, where the signal had its default action).
/// Paths may carry raw bytes (`RawArgument`). One owner; not shared between threads.
public final class AtomicFile {
    /// Permissions of new files before the umask (rw for everyone the umask allows).
    static let creationMode: mode_t = 0o666

    /// The target path as given.
    public let path: String
    private let target: [CChar]
    private let temporary: [CChar]
    private let replacing: Bool
    private var descriptor: Int32
    private var slot: Int?

    /// Reserves a temporary file for `path`; `replacing` allows an existing regular file to be replaced.
    ///
    /// Fails early when the target exists and may not be replaced, is not a regular file, or its
    /// folder cannot be written.
    public init(path: String, replacing: Bool) throws(AtomicFileError) {
        self.path = path
        self.replacing = replacing
        let bytes = RawArgument.bytes(of: path)
        target = bytes.map { CChar(bitPattern: $0) } + [0]
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { Array(bytes[...$0]) } ?? []
        let name = slash.map { Array(bytes[($0 + 1)...]) } ?? bytes
        let suffix = Array(("." + UUID().uuidString.prefix(8) + ".tmp").utf8)
        temporary = (folder + [UInt8(ascii: ".")] + name + suffix).map { CChar(bitPattern: $0) } + [0]
        descriptor = -1
        if let existing = try AtomicFile.status(of: target, path: path) {
            if (existing.st_mode & S_IFMT) == S_IFDIR { throw .failed(path: path, reason: String(cString: strerror(EISDIR))) }
            if (existing.st_mode & S_IFMT) != S_IFREG { throw .notRegularFile(path: path) }
            if !replacing { throw .exists(path: path) }
        }
        slot = TemporaryFiles.register(temporary)
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, AtomicFile.creationMode)
        guard descriptor >= 0 else {
            let code = errno
            forget()
            throw .failed(path: path, reason: String(cString: strerror(code)))
        }
    }

    deinit { discard() }

    /// Writes `data` and puts the file in place; on failure the target is untouched and the
    /// temporary file removed.
    public func commit(_ data: Data) throws(AtomicFileError) {
        guard descriptor >= 0 else { throw .failed(path: path, reason: String(cString: strerror(EBADF))) }
        var failure = AtomicFile.writeAll(data, to: descriptor)
        var refusal: AtomicFileError?
        if failure == 0, replacing {
            do {
                if let existing = try AtomicFile.status(of: target, path: path) {
                    if (existing.st_mode & S_IFMT) != S_IFREG {
                        refusal = .notRegularFile(path: path)
                    } else if fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
                        failure = errno
                    }
                }
            } catch {
                refusal = error
            }
        }
        if failure == 0, refusal == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        descriptor = -1
        if failure == 0, refusal == nil {
            if replacing {
                if rename(temporary, target) != 0 { failure = errno }
            } else {
                failure = NoReplaceRename.rename(temporary, to: target)
                if failure == EEXIST { refusal = .exists(path: path) }
            }
        }
        // Once in place the temporary name is gone; otherwise it is removed.
        if failure != 0 || refusal != nil { unlink(temporary) }
        forget()
        if let refusal { throw refusal }
        if failure != 0 { throw .failed(path: path, reason: String(cString: strerror(failure))) }
    }

    /// Removes the temporary file without touching the target (nothing happens after `commit`).
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if slot != nil {
            unlink(temporary)
            forget()
        }
    }

    /// Writes `data` to `path`, replacing a regular file there only when `replacing` (failures are
    /// `PNGWriterError.writeFailed`, whatever the data).
    public static func write(_ data: Data, to path: String, replacing: Bool) throws(PNGWriterError) {
        do {
            try AtomicFile(path: path, replacing: replacing).commit(data)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    /// Whether anything (a file, a folder, a link, even a dangling one) is at `path` now.
    ///
    /// For a path from a save dialog, which asked before replacing a file that was there: such a
    /// file may be replaced, but one that appears after the answer must not be.
    public static func isPresent(_ path: String) -> Bool {
        var info = stat()
        let name = RawArgument.cString(of: path)
        return lstat(name, &info) == 0
    }

    private func forget() {
        if let slot { TemporaryFiles.unregister(slot) }
        slot = nil
    }

    /// `lstat` of `target`: `nil` when nothing is there.
    private static func status(of target: [CChar], path: String) throws(AtomicFileError) -> stat? {
        var info = stat()
        if lstat(target, &info) == 0 { return info }
        if errno == ENOENT { return nil }
        throw .failed(path: path, reason: String(cString: strerror(errno)))
    }

    /// Writes all of `data`; returns 0 or the `errno` that stopped it.
    private static func writeAll(_ data: Data, to fd: Int32) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}

extension AtomicFileError {
    /// The reason in words, without the path (for messages that name the path themselves).
    public var reason: String {
        switch self {
        case .exists: return String(cString: strerror(EEXIST))
        case .notRegularFile: return tr("not a regular file")
        case .failed(_, let reason): return reason
        }
    }
}
