// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes files through a temporary file in the same directory and a rename.
public enum AtomicFile {
    /// Permissions of new files before the umask (rw for everyone the umask allows).
    static let creationMode: mode_t = 0o666

    /// Replaces (or creates) `path` with `data` (failures are `PNGWriterError.writeFailed`, whatever the data); an existing file is replaced only once the new one is complete.
    ///
    /// The data goes to a hidden temporary file beside `path`, is flushed to disk and renamed over
    /// `path`, so readers see the old file or the new one, never a part; on any failure the
    /// temporary file is removed and `path` is untouched.
    public static func write(_ data: Data, to path: String) throws(PNGWriterError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + "." + UUID().uuidString.prefix(8) + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, creationMode)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw .writeFailed(path: path, reason: String(cString: strerror(failure)))
        }
    }
}
