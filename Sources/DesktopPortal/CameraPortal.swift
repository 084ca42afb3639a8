// SPDX-License-Identifier: GPL-3.0-or-later
import CPortal
import GLibSwift
import SaomaCore

/// Cameras through the XDG camera portal (`org.freedesktop.portal.Camera`), with libportal:
/// `AccessCamera`, then `OpenPipeWireRemote`, whose descriptor reaches the PipeWire daemon with
/// only the camera nodes the sandbox may see (`PipeWireConnection(descriptor:)`).
///
/// UI thread only, like `ScreenshotPortal`: libportal answers on the thread-default main context.
/// The `XdpPortal` is created on first use (after checking that a session bus exists: libportal
/// 0.6 crashes without one) and owned until `deinit`.
@MainActor
public final class CameraPortal {
    private var portal: ObjectRef<OpaquePointer>?

    public init() {}

    /// Asks for camera access, then for the PipeWire remote; `completion` runs once on the UI
    /// thread. A `.granted` descriptor belongs to the receiver (close it, or hand it to PipeWire,
    /// which closes it).
    public func requestCamera(completion: @escaping @MainActor (CameraPortalOutcome) -> Void) {
        if portal == nil { portal = PortalBus.newPortal() }
        guard let portal = portal?.pointer else {
            completion(.unavailable)
            return
        }
        xdp_portal_access_camera(portal, nil, XDP_CAMERA_FLAG_NONE, nil, cameraAccessFinished, PortalCompletion.pass(completion))
    }

    /// Another PipeWire remote after access was granted (a synchronous `OpenPipeWireRemote`):
    /// each PipeWire connection needs its own socket (a duplicated descriptor is the same
    /// connection, and two clients speaking over one socket garble each other's messages).
    /// The descriptor belongs to the receiver; nil when the portal opened none.
    public func openRemote() -> Int32? {
        guard let portal else { return nil }
        let descriptor = xdp_portal_open_pipewire_remote_for_camera(portal.pointer)
        return descriptor >= 0 ? descriptor : nil
    }
}

/// `GAsyncReadyCallback` for `xdp_portal_access_camera`: on access, opens the PipeWire remote
/// (a synchronous D-Bus call returning a Unix descriptor) and reports the outcome.
private let cameraAccessFinished: GAsyncReadyCallback = { source, result, data in
    PortalCompletion<CameraPortalOutcome>.finish(data) {
        let portal = OpaquePointer(source)
        var error: UnsafeMutablePointer<GError>?
        if xdp_portal_access_camera_finish(portal, result, &error) != 0 {
            let descriptor = xdp_portal_open_pipewire_remote_for_camera(portal)
            return descriptor >= 0 ? .granted(descriptor: descriptor) : .failed(reason: "the portal opened no PipeWire remote")
        }
        guard let error else { return .denied }
        defer { g_error_free(error) }
        return CameraPortalOutcome.classify(remoteErrorName: PortalBus.remoteErrorName(error))
    }
}
