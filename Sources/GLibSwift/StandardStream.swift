// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Standard output and standard error written with checked `write(2)` loops.
///
/// `FileHandle.write` and `print` either trap (a Swift fatal error, exit 132) or lose the error
/// when a descriptor cannot be written (`> /dev/full`, a closed descriptor, a pipe whose reader
/// left while SIGPIPE is ignored). These writes report the `errno` instead, so callers can exit
/// with a one-line message. Safe from any thread; callers serialise whole lines themselves.
public enum StandardStream: Int32, Sendable {
    case output = 1
    case error = 2

    /// Writes every byte of `bytes`, retrying after interruptions and short writes; returns
    /// `nil` on success or the `errno` that stopped it.
    @discardableResult
    public func write(_ bytes: some Collection<UInt8>) -> Int32? {
        let buffer = Array(bytes)
        return buffer.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(rawValue, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }

    /// Writes `text` as UTF-8; `nil` on success, else the `errno`.
    @discardableResult
    public func write(_ text: String) -> Int32? { write(Array(text.utf8)) }

    /// Gives closed standard descriptors (0, 1, 2) a stand-in, `/dev/null` opened the wrong way
    /// round, so files opened later never land on them and reads or writes fail (`EBADF`) as
    /// they would on the closed descriptor. Call first thing in `main`.
    public static func occupyClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let stand = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY)
            if stand >= 0, stand != fd {
                dup2(stand, fd)
                close(stand)
            }
        }
    }

    /// The system's one-line description of `code` (`strerror`).
    public static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
