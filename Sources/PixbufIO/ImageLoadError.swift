// SPDX-License-Identifier: GPL-3.0-or-later

/// Why an image could not be loaded; every case names the input (a path, or a label such as
/// "pasted image") so its one-line message stands on its own.
public enum ImageLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(String)
    /// The path is a folder.
    case isDirectory(String)
    /// The file exists but cannot be read (permissions, I/O), with the system's reason.
    case unreadable(String, reason: String)
    /// The file or buffer holds zero bytes.
    case empty(String)
    /// The bytes are not in any image format gdk-pixbuf knows.
    case notAnImage(String)
    /// The image is in a known format but damaged or cut short, with gdk-pixbuf's reason.
    case damaged(String, reason: String)
    /// The image has more pixels than the limit allows; refused before its pixels were decoded.
    case tooLarge(String, width: Int, height: Int, limit: Int)

    /// The input this error is about.
    public var input: String {
        switch self {
        case .notFound(let s), .isDirectory(let s), .unreadable(let s, _), .empty(let s), .notAnImage(let s), .damaged(let s, _),
            .tooLarge(let s, _, _, _):
            return s
        }
    }

    /// A one-line English message naming the input and the reason (the CLI translates its own).
    public var description: String {
        switch self {
        case .notFound(let s): return "\(s): no such file"
        case .isDirectory(let s): return "\(s): is a folder, not an image"
        case .unreadable(let s, let reason): return "\(s): cannot be read (\(reason))"
        case .empty(let s): return "\(s): empty file (0 bytes)"
        case .notAnImage(let s): return "\(s): not an image in a format this system can load"
        case .damaged(let s, let reason): return "\(s): damaged or truncated image (\(reason))"
        case .tooLarge(let s, let w, let h, let limit):
            return "\(s): image too large (\(w)×\(h) pixels; the limit is \(limit / 1_000_000) megapixels)"
        }
    }
}
