// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore

/// File arguments named with bytes that are not UTF-8, made scannable.
///
/// Such names reach Saoma through `RawArgument` (their bytes carried exactly), but the image
/// loader takes UTF-8 paths. Each is opened by its exact bytes (non-blocking: a FIFO never hangs
/// the open) just before it is scanned and handed to the loader as `/proc/self/fd/N`, the same
/// file; the result names the file as given again, and the descriptor is closed at once. So a run
/// holds one such descriptor per worker, whatever the number of files: holding one per file ran
/// the process out of descriptors at a few thousand names, and libdispatch, unable to make its
/// epoll descriptor, ended it with SIGILL. A name that cannot be opened is passed on as it is, so
/// the loader reports the usual "no such file".
enum RawPaths {
    /// Scans `file` through `scan`, given the path to load, and returns its result naming the
    /// file as it was given (in `file` and in the error message).
    static func scanning(_ file: String, with scan: (String) -> ScanCommand.FileResult) -> ScanCommand.FileResult {
        guard !RawArgument.isUTF8(file) else { return scan(file) }
        let bytes = RawArgument.bytes(of: file).map { CChar(bitPattern: $0) } + [0]
        let fd = open(bytes, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return scan(file) }
        defer { close(fd) }
        let alias = "/proc/self/fd/\(fd)"
        var named = scan(alias)
        named.file = file
        named.error = named.error?.replacingOccurrences(of: alias, with: file)
        named.warning = named.warning?.replacingOccurrences(of: alias, with: file)
        return named
    }

    /// `result` for JSON, which holds only Unicode: bytes that are not UTF-8 become U+FFFD.
    static func forJSON(_ result: ScanCommand.FileResult) -> ScanCommand.FileResult {
        guard !RawArgument.isUTF8(result.file) else { return result }
        var lossy = result
        lossy.file = String(decoding: RawArgument.bytes(of: result.file), as: UTF8.self)
        lossy.error = result.error?.replacingOccurrences(of: result.file, with: lossy.file)
        lossy.warning = result.warning?.replacingOccurrences(of: result.file, with: lossy.file)
        return lossy
    }
}
