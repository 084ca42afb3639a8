// SPDX-License-Identifier: GPL-3.0-or-later

/// What asking the desktop for a screenshot ended in.
public enum ScreenshotOutcome: Equatable, Sendable {
    /// The screenshot is the image file at this local path.
    case taken(path: String)
    /// The user dismissed the portal's dialog: go back quietly to where they were.
    case cancelled
    /// No screenshot portal answers on the session bus (a bare X11 session, no xdg-desktop-portal).
    case unavailable
    /// The portal answered with an error or with something unusable; `reason` is for a message.
    case failed(reason: String)

    /// Classifies a failed request from its error: the GError's domain and code, and the D-Bus
    /// error name when the error came from the bus (`g_dbus_error_get_remote_error`).
    ///
    /// - Parameters:
    ///   - isCancellation: the error is `G_IO_ERROR_CANCELLED` (the portal's response 1, or the
    ///     request cancelled by Saoma).
    ///   - remoteErrorName: the D-Bus error name, if any.
    ///   - message: the error's message.
    public static func classify(isCancellation: Bool, remoteErrorName: String?, message: String) -> ScreenshotOutcome {
        if isCancellation { return .cancelled }
        if let remoteErrorName, Self.noPortalErrors.contains(remoteErrorName) { return .unavailable }
        return .failed(reason: message)
    }

    /// D-Bus errors that mean nobody implements the Screenshot portal on this bus.
    static let noPortalErrors: Set<String> = [
        "org.freedesktop.DBus.Error.ServiceUnknown",
        "org.freedesktop.DBus.Error.NameHasNoOwner",
        "org.freedesktop.DBus.Error.UnknownMethod",
        "org.freedesktop.DBus.Error.UnknownInterface",
        "org.freedesktop.DBus.Error.UnknownObject",
        "org.freedesktop.DBus.Error.Spawn.ServiceNotFound",
        "org.freedesktop.DBus.Error.Spawn.ChildExited",
    ]

    /// The outcome for the URI a portal returned: only a `file://` URI naming an absolute local
    /// path is taken (percent-escapes decoded; a NUL, an escape that is not two hex digits, a
    /// host other than empty or `localhost`, or any other scheme is refused).
    public static func fromURI(_ uri: String) -> ScreenshotOutcome {
        guard let path = localPath(fromFileURI: uri) else {
            return .failed(reason: "the portal returned an unusable location")
        }
        return .taken(path: path)
    }

    /// The absolute local path a `file://` URI names, or nil.
    public static func localPath(fromFileURI uri: String) -> String? {
        let bytes = Array(uri.utf8)
        let scheme = Array("file://".utf8)
        guard bytes.count > scheme.count,
            bytes.prefix(scheme.count).map({ $0 | 0x20 }) == scheme.map({ $0 | 0x20 })
        else { return nil }
        var rest = bytes.dropFirst(scheme.count)
        // An authority is allowed only when empty or "localhost".
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
            let host = rest[rest.startIndex..<slash]
            guard host.isEmpty || String(decoding: host, as: UTF8.self).lowercased() == "localhost" else { return nil }
            rest = rest[slash...]
        } else {
            return nil
        }
        if let query = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            rest = rest[..<query]
        }
        var path: [UInt8] = []
        path.reserveCapacity(rest.count)
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < rest.endIndex, let high = hexValue(rest[index + 1]), let low = hexValue(rest[index + 2])
                else { return nil }
                path.append(high << 4 | low)
                index += 3
            } else {
                path.append(byte)
                index += 1
            }
        }
        guard path.first == UInt8(ascii: "/"), !path.contains(0) else { return nil }
        // Paths are bytes on Linux; one that is not UTF-8 cannot be a Swift String losslessly.
        return String(validating: path, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
