// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift

extension ImageLoadError {
    /// A translated one-line message naming the input and the reason (for the CLI and the window).
    public var localizedMessage: String {
        switch self {
        case .notFound(let f): return tr("{file}: no such file", ["file": f])
        case .isDirectory(let f): return tr("{file}: is a folder, not an image", ["file": f])
        case .unreadable(let f, let reason): return tr("{file}: cannot be read ({reason})", ["file": f, "reason": reason])
        case .empty(let f): return tr("{file}: empty file (0 bytes)", ["file": f])
        case .notAnImage(let f): return tr("{file}: not an image in a format this system can load", ["file": f])
        case .damaged(let f, let reason): return tr("{file}: damaged or truncated image ({reason})", ["file": f, "reason": reason])
        case .tooLarge(let f, let w, let h, let limit):
            return tr(
                "{file}: image too large ({width}×{height} pixels; the limit is {limit} megapixels)",
                ["file": f, "width": String(w), "height": String(h), "limit": String(limit / 1_000_000)])
        case .fileTooLarge(let f, let bytes, let limit):
            return tr(
                "{file}: file too large ({size} MB; the limit is {limit} MB)",
                ["file": f, "size": String(Self.megabytes(bytes)), "limit": String(Self.megabytes(limit))])
        case .notRegularFile(let f, let kind):
            switch kind {
            case .fifo: return tr("{file}: is a named pipe (FIFO), not an image file", ["file": f])
            case .socket: return tr("{file}: is a socket, not an image file", ["file": f])
            case .characterDevice: return tr("{file}: is a character device, not an image file", ["file": f])
            case .blockDevice: return tr("{file}: is a block device, not an image file", ["file": f])
            case .other: return tr("{file}: is a special file, not an image file", ["file": f])
            }
        case .unsupportedFormat(let f, let format):
            return tr(
                "{file}: {format} images are not loaded (only {formats})",
                ["file": f, "format": format, "formats": Self.allowedFormatNames])
        }
    }
}
