// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether Saoma reaches cameras through the camera portal (`org.freedesktop.portal.Camera`)
/// rather than opening `/dev/video*` itself: a sandbox has no device nodes to open, and elsewhere
/// the portal is the way left when every node refuses access.
public enum CameraPortalRule {
    /// How opening one V4L2 capture node went.
    public enum NodeAccess: Equatable, Sendable {
        /// The node opened.
        case opens
        /// EACCES/EPERM: the user may not open it.
        case denied
        /// Anything else (busy, gone, not a capture device).
        case other
    }

    /// The portal is used when Saoma runs sandboxed (`/.flatpak-info` exists), when forced (the
    /// `SAOMA_CAMERA_PORTAL=1` environment variable, for tests), or when V4L2 nodes exist and
    /// every one of them refuses access. No nodes at all is no reason: a desktop without cameras
    /// gets the no-camera page, not a portal prompt.
    public static func usePortal(sandboxed: Bool, forced: Bool, nodes: [NodeAccess]) -> Bool {
        if sandboxed || forced { return true }
        return !nodes.isEmpty && nodes.allSatisfy { $0 == .denied }
    }

    /// Whether the `SAOMA_CAMERA_PORTAL` value forces the portal (`1`, `true` or `yes`).
    public static func isForced(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["1", "true", "yes"].contains(value.lowercased())
    }
}

/// What asking the camera portal ended in.
public enum CameraPortalOutcome: Equatable, Sendable {
    /// Access granted; the PipeWire remote's descriptor (owned by the receiver).
    case granted(descriptor: Int32)
    /// The user or the desktop's permission store said no (portal response 1 or 2).
    case denied
    /// No camera portal answers on the session bus, or no session bus.
    case unavailable
    /// Access was granted but the PipeWire remote could not be opened, with the reason.
    case failed(reason: String)

    /// The outcome of an `AccessCamera` request that ended in an error. An error from D-Bus
    /// itself (`org.freedesktop.DBus.Error.ServiceUnknown`, `UnknownMethod`…) means no camera
    /// portal answers, except `AccessDenied`; any other error is the portal's Response 1 or 2
    /// (libportal turns them into "cancelled" and "failed"), which xdg-desktop-portal sends when
    /// the user or the permission store refuses: a denial.
    public static func classify(remoteErrorName: String?) -> CameraPortalOutcome {
        guard let remoteErrorName else { return .denied }
        return remoteErrorName == "org.freedesktop.DBus.Error.AccessDenied" ? .denied : .unavailable
    }
}
