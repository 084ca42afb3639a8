// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The About window (`AdwAboutWindow`): version, licence, links, credits and release notes.
///
/// UI thread only. The window is a toplevel owned by GTK and destroyed when closed.
@MainActor
public enum AboutWindow {
    /// The project's home page.
    public static let website = "https://github.com/saoma/saoma"
    /// Where bugs are reported.
    public static let issueURL = "https://github.com/saoma/saoma/issues"

    /// A new About window (an `AdwAboutWindow`), not yet shown.
    public static func make() -> UnsafeMutablePointer<GtkWindow>? {
        addIconSearchPath()
        guard let widget = adw_about_window_new() else { return nil }
        let about = OpaquePointer(widget)
        adw_about_window_set_application_name(about, tr("Saoma"))
        adw_about_window_set_application_icon(about, saomaApplicationID)
        adw_about_window_set_version(about, saomaReleaseVersion)
        adw_about_window_set_comments(about, tr("Scan QR codes and barcodes with your webcam or from images, and generate QR codes."))
        adw_about_window_set_developer_name(about, tr("The Saoma developers"))
        adw_about_window_set_copyright(about, "© 2026 The Saoma developers")
        adw_about_window_set_license_type(about, GTK_LICENSE_GPL_3_0)
        adw_about_window_set_website(about, website)
        adw_about_window_set_issue_url(about, issueURL)
        // Translators: replace with your name(s) and e-mail address(es), one per line.
        let credits = tr("translator-credits")
        if credits != "translator-credits" {
            adw_about_window_set_translator_credits(about, credits)
        }
        adw_about_window_set_release_notes_version(about, saomaReleaseVersion)
        adw_about_window_set_release_notes(about, releaseNotes)
        return gcast(UnsafeMutableRawPointer(widget), to: GtkWindow.self)
    }

    /// Shows the About window over `parent`.
    public static func present(parent: UnsafeMutablePointer<GtkWindow>?) {
        guard let window = make() else { return }
        gtk_window_set_transient_for(window, parent)
        gtk_window_set_modal(window, 1)
        gtk_window_present(window)
    }

    /// Makes the app icon findable when it is not in the system's icon theme folders: a source
    /// tree (`data/icons`) or an installation outside `XDG_DATA_DIRS` (`<prefix>/share/icons`).
    ///
    /// Idempotent; needs a display (does nothing before GTK is initialised).
    public static func addIconSearchPath() {
        guard !iconSearchPathAdded, let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display)
        else { return }
        iconSearchPathAdded = true
        if gtk_icon_theme_has_icon(theme, saomaApplicationID) != 0 { return }
        if let prefix = DataFiles.installPrefix {
            gtk_icon_theme_add_search_path(theme, prefix.appendingPathComponent("share/icons").path)
        } else if let root = DataFiles.sourceTreeRoot {
            gtk_icon_theme_add_search_path(theme, root.appendingPathComponent("data/icons").path)
        }
    }

    private static var iconSearchPathAdded = false

    /// Release notes of this version, as AppStream-style markup (`<p>`, `<ul>`, `<li>`).
    public static var releaseNotes: String {
        """
        <p>\(tr("The first release of Saoma."))</p>
        <ul>
        <li>\(tr("Scan several codes at once from the webcam and choose one with a click"))</li>
        <li>\(tr("A resizable scan frame that decides where to look"))</li>
        <li>\(tr("Open photos and pasted images, with markers over every code"))</li>
        <li>\(tr("Generate QR codes for text, links, Wi-Fi networks and contacts"))</li>
        <li>\(tr("Command-line scanning and generation"))</li>
        </ul>
        """
    }
}
