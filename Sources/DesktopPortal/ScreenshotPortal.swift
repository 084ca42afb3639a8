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
        let box = Unmanaged.passRetained(CompletionBox(completion)).toOpaque()
        let flags = interactive ? XDP_SCREENSHOT_FLAG_INTERACTIVE : XDP_SCREENSHOT_FLAG_NONE
        xdp_portal_take_screenshot(portal, parent, flags, nil, screenshotFinished, box)
    }
}

/// The caller's completion, kept alive across the asynchronous request. Created and consumed on
/// the UI thread only (libportal calls back on the context it was called from).
private final class CompletionBox: @unchecked Sendable {
    let completion: @MainActor (ScreenshotOutcome) -> Void
    init(_ completion: @escaping @MainActor (ScreenshotOutcome) -> Void) { self.completion = completion }
}

/// `GAsyncReadyCallback` for `xdp_portal_take_screenshot`: finishes the request and reports it.
private let screenshotFinished: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    let box = Unmanaged<CompletionBox>.fromOpaque(data).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    let uri = xdp_portal_take_screenshot_finish(OpaquePointer(source), result, &error)
    let outcome: ScreenshotOutcome
    if let uri {
        outcome = ScreenshotOutcome.fromURI(String(cString: uri))
        g_free(uri)
    } else if let error {
        let remote = g_dbus_error_get_remote_error(error)
        defer { g_free(remote) }
        outcome = ScreenshotOutcome.classify(
            isCancellation: g_error_matches(error, g_io_error_quark(), gint(G_IO_ERROR_CANCELLED.rawValue)) != 0,
            remoteErrorName: remote.map { String(cString: $0) },
            message: error.pointee.message.map { String(cString: $0) } ?? "unknown error")
        g_error_free(error)
    } else {
        outcome = .failed(reason: "the portal returned nothing")
    }
    MainActor.assumeIsolated { box.completion(outcome) }
}
