// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DesktopPortal
import GLibSwift
import LiveScanning
import SaomaCore

/// "Scan Screen" and "Select Area…": takes a screenshot through the desktop portal with the
/// window out of the way, then hands the image over to be shown like a photo.
///
/// UI thread only. One request at a time (a second press while the portal works is ignored).
@MainActor
final class ScreenScan {
    /// Shows the screenshot at this path like a photo (markers, pick, result).
    var onTaken: ((String) -> Void)?
    /// Called with every outcome, after the window is back (for `--oneshot`).
    var onFinished: ((ScreenshotOutcome) -> Void)?
    /// Shows a one-line message to the user (the text is plain, not markup).
    var onMessage: ((String) -> Void)?

    private let portal = ScreenshotPortal()
    private var inProgress = false

    /// The one-line explanation shown where there is no screenshot portal.
    static var unavailableMessage: String {
        tr(
            "Scanning the screen needs the desktop portal: install xdg-desktop-portal and your desktop’s backend (xdg-desktop-portal-gnome, -kde or -gtk)"
        )
    }

    /// Takes the screen (or, with `selectArea`, the part the user picks in the portal's dialog).
    ///
    /// `window` is hidden for the shot when it is visible and presented again afterwards; a
    /// window not yet shown (`saoma --screen`) is presented once the portal has answered.
    func start(window: UnsafeMutablePointer<GtkWidget>, selectArea: Bool) {
        guard !inProgress else { return }
        inProgress = true
        if debugGeometryEnabled { debugLog("screen-request interactive=\(selectArea)") }
        if gtk_widget_get_visible(window) != 0 {
            gtk_widget_set_visible(window, 0)
            // The unmap reaches the display server before the portal is asked.
            if let display = gtk_widget_get_display(window) { gdk_display_sync(display) }
        }
        portal.take(parentWindow: nil, interactive: selectArea) { [weak self] outcome in
            self?.finished(outcome, window: window)
        }
    }

    private func finished(_ outcome: ScreenshotOutcome, window: UnsafeMutablePointer<GtkWidget>) {
        inProgress = false
        if debugGeometryEnabled { debugLog("screen-outcome \(Self.debugName(outcome))") }
        gtk_window_present(gcast(window))
        switch outcome {
        case .taken(let path):
            onTaken?(path)
        case .cancelled:
            break
        case .unavailable:
            onMessage?(Self.unavailableMessage)
        case .failed(let reason):
            onMessage?(tr("The screen could not be taken: {reason}", ["reason": reason]))
        }
        onFinished?(outcome)
    }

    private static func debugName(_ outcome: ScreenshotOutcome) -> String {
        switch outcome {
        case .taken: return "taken"
        case .cancelled: return "cancelled"
        case .unavailable: return "unavailable"
        case .failed: return "failed"
        }
    }
}
