// SPDX-License-Identifier: GPL-3.0-or-later
import CPortal
import GLibSwift
import SaomaCore

/// Screenshots through the XDG desktop portal (`org.freedesktop.portal.Screenshot`), with
/// libportal: the only module that calls `xdp_*`.
///
/// UI thread only: libportal answers on the thread-default main context, which is GTK's. The
/// `XdpPortal` is created on first use and owned (transfer full from `xdp_portal_new`) until
/// `deinit`; each request's completion is a retained box released by the callback, which
/// libportal calls exactly once (with the URI, or with an error: cancelled, failed, or no portal
/// on the bus).
@MainActor
public final class ScreenshotPortal {
    private var portal: ObjectRef<OpaquePointer>?

    public init() {}

    /// The portal object, or nil when there is no session bus (`PortalBus`).
    private func connectedPortal() -> OpaquePointer? {
        if portal == nil { portal = PortalBus.newPortal() }
        return portal?.pointer
    }

    /// Asks the portal for a screenshot of the whole screen, or (interactive) lets the user pick
    /// an area in the portal's own dialog; `completion` runs once on the UI thread.
    ///
    /// - Parameter parentWindow: the `GtkWindow` the portal's dialog belongs to, or nil when Saoma's
    ///   window is hidden for the shot.
    public func take(
        parentWindow: UnsafeMutablePointer<GtkWindow>?, interactive: Bool,
        completion: @escaping @MainActor (ScreenshotOutcome) -> Void
    ) {
        guard let portal = connectedPortal() else {
            completion(.unavailable)
            return
        }
        let parent = parentWindow.map { xdp_parent_new_gtk($0) } ?? nil
        defer { if let parent { xdp_parent_free(parent) } }
        let flags = interactive ? XDP_SCREENSHOT_FLAG_INTERACTIVE : XDP_SCREENSHOT_FLAG_NONE
        xdp_portal_take_screenshot(portal, parent, flags, nil, screenshotFinished, PortalCompletion.pass(completion))
    }
}

/// `GAsyncReadyCallback` for `xdp_portal_take_screenshot`: finishes the request and reports it.
private let screenshotFinished: GAsyncReadyCallback = { source, result, data in
    PortalCompletion<ScreenshotOutcome>.finish(data) {
        var error: UnsafeMutablePointer<GError>?
        if let uri = xdp_portal_take_screenshot_finish(OpaquePointer(source), result, &error) {
            defer { g_free(uri) }
            return ScreenshotOutcome.fromURI(String(cString: uri))
        }
        guard let error else { return .failed(reason: "the portal returned nothing") }
        defer { g_error_free(error) }
        return ScreenshotOutcome.classify(
            isCancellation: g_error_matches(error, g_io_error_quark(), gint(G_IO_ERROR_CANCELLED.rawValue)) != 0,
            remoteErrorName: PortalBus.remoteErrorName(error),
            message: error.pointee.message.map { String(cString: $0) } ?? "unknown error")
    }
}
