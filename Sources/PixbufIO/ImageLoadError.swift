// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

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
    /// The file holds more bytes than the limit allows; refused before it was read.
    case fileTooLarge(String, bytes: Int, limit: Int)
    /// The path is not a regular file (a named pipe, socket or device); refused without reading.
    case notRegularFile(String, kind: SpecialFileKind)
    /// The bytes are in a recognised image format that Saoma does not load (its name: "SVG/XML"…).
    case unsupportedFormat(String, format: String)

    /// The input this error is about.
    public var input: String {
        switch self {
        case .notFound(let s), .isDirectory(let s), .unreadable(let s, _), .empty(let s), .notAnImage(let s), .damaged(let s, _),
            .tooLarge(let s, _, _, _), .fileTooLarge(let s, _, _), .notRegularFile(let s, _), .unsupportedFormat(let s, _):
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
        case .fileTooLarge(let s, let bytes, let limit):
            return "\(s): file too large (\(Self.megabytes(bytes)) MB; the limit is \(Self.megabytes(limit)) MB)"
        case .notRegularFile(let s, let kind): return "\(s): is \(kind.englishName), not an image file"
        case .unsupportedFormat(let s, let format):
            return "\(s): \(format) images are not loaded (only \(Self.allowedFormatNames))"
        }
    }
}

extension ImageLoadError {
    /// `bytes` in whole megabytes (10⁶ bytes), rounded up so a file just over a limit never
    /// shows the limit's own figure.
    static func megabytes(_ bytes: Int) -> Int { (bytes + 999_999) / 1_000_000 }

    /// The formats that are loaded, for messages ("PNG, JPEG, …").
    static var allowedFormatNames: String { ImageFileFormat.allCases.map(\.displayName).joined(separator: ", ") }
}

/// What a path that is not a regular file or a folder is.
public enum SpecialFileKind: String, Sendable, CaseIterable {
    case fifo, socket, characterDevice, blockDevice, other

    /// The kind from a `stat` mode's file-type bits.
    public init(mode: UInt32) {
        switch mode & 0o170000 {
        case 0o010000: self = .fifo
        case 0o140000: self = .socket
        case 0o020000: self = .characterDevice
        case 0o060000: self = .blockDevice
        default: self = .other
        }
    }

    /// "a named pipe (FIFO)", "a socket"… (English, for `description`).
    var englishName: String {
        switch self {
        case .fifo: return "a named pipe (FIFO)"
        case .socket: return "a socket"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .other: return "a special file"
        }
    }
}
