// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore

/// File arguments named with bytes that are not UTF-8, made scannable.
///
/// Such names reach Saoma through `RawArgument` (their bytes carried exactly), but the image
/// loader takes UTF-8 paths. Each is opened here by its exact bytes (non-blocking: a FIFO never
/// hangs the open) and handed to the loader as `/proc/self/fd/N`, the same file; results and
/// messages name the file as given again. A name that cannot be opened is passed on as it is,
/// so the loader reports the usual "no such file". Owned by one command run.
struct RawPaths {
    /// The paths to load, in the order given.
    let openable: [String]
    /// The original argument for each `/proc/self/fd/N` path, and the descriptor to close.
    private let originals: [String: (argument: String, descriptor: Int32)]

    init(_ files: [String]) {
        var openable: [String] = []
        var originals: [String: (argument: String, descriptor: Int32)] = [:]
        for file in files {
            guard !RawArgument.isUTF8(file) else {
                openable.append(file)
                continue
            }
            let bytes = RawArgument.bytes(of: file).map { CChar(bitPattern: $0) } + [0]
            let fd = open(bytes, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                openable.append(file)
                continue
            }
            let alias = "/proc/self/fd/\(fd)"
            originals[alias] = (file, fd)
            openable.append(alias)
        }
        self.openable = openable
        self.originals = originals
    }

    /// `result` naming the file as it was given (in `file` and in the error message).
    func naming(_ result: ScanCommand.FileResult) -> ScanCommand.FileResult {
        guard let original = originals[result.file]?.argument else { return result }
        var named = result
        named.file = original
        named.error = result.error?.replacingOccurrences(of: result.file, with: original)
        return named
    }

    /// `result` for JSON, which holds only Unicode: bytes that are not UTF-8 become U+FFFD.
    func forJSON(_ result: ScanCommand.FileResult) -> ScanCommand.FileResult {
        guard !RawArgument.isUTF8(result.file) else { return result }
        var lossy = result
        lossy.file = String(decoding: RawArgument.bytes(of: result.file), as: UTF8.self)
        lossy.error = result.error?.replacingOccurrences(of: result.file, with: lossy.file)
        return lossy
    }

    /// Closes the descriptors opened for the aliases.
    func close() {
        for (_, entry) in originals { Foundation.close(entry.descriptor) }
    }
}
