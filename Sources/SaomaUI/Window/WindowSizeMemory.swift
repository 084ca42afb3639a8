// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// The window's remembered size and maximised state (`window-width`, `window-height`,
/// `window-maximized`).
@MainActor
enum WindowSizeMemory {
    /// Sizes `window` as asked (`--window-size`), else as remembered.
    static func restore(_ window: UnsafeMutablePointer<GtkWidget>, overriddenBy size: (width: Int, height: Int)?) {
        let settings = AppSettings.shared
        if let size {
            gtk_window_set_default_size(gcast(window), gint(size.width), gint(size.height))
        } else {
            gtk_window_set_default_size(
                gcast(window), gint(clamping: settings.int("window-width")), gint(clamping: settings.int("window-height")))
            if settings.bool("window-maximized") { gtk_window_maximize(gcast(window)) }
        }
    }

    /// Remembers `window`'s size (unless maximised) and whether it is maximised.
    static func save(_ window: UnsafeMutablePointer<GtkWidget>) {
        let settings = AppSettings.shared
        var width: gint = 0
        var height: gint = 0
        gtk_window_get_default_size(gcast(window), &width, &height)
        let maximized = gtk_window_is_maximized(gcast(window)) != 0
        settings.setBool("window-maximized", maximized)
        if !maximized && width > 0 && height > 0 {
            settings.setInt("window-width", Int(width))
            settings.setInt("window-height", Int(height))
        }
    }
}
