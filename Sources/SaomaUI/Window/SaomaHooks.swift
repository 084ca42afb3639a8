// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import SaomaCore

/// Where other parts of the app plug into the window: the image tab, the generator, the About
/// and Shortcuts windows, the detection sound.
///
/// Each is set once at start-up (before the first window) by the part that implements it;
/// unset hooks fall back to a sensible default (show the sidebar page, do nothing). UI thread only.
@MainActor
public enum SaomaHooks {
    /// Called for every new window (e.g. to add sidebar pages with `window.sidebar.addPage`).
    public static var windowCreated: [(SaomaWindow) -> Void] = []
    /// `win.open-image` (Ctrl+O); default: show the sidebar's Image page.
    public static var openImage: ((SaomaWindow) -> Void)?
    /// `win.generate` (Ctrl+G); default: show the sidebar's Generate page.
    public static var generate: ((SaomaWindow) -> Void)?
    /// `app.about`: the About window (default: `AboutWindow`).
    public static var showAbout: ((SaomaWindow) -> Void)? = { window in
        AboutWindow.present(parent: UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: GtkWindow.self))
    }
    /// Image paths from the command line or a second `saoma FILE` (for the image tab).
    public static var openFiles: (([String], SaomaWindow) -> Void)?
    /// Called after a chosen code's result shows, with where it came from (the history records it).
    public static var codeChosen: [(SaomaWindow, Symbol, CodeOrigin) -> Void] = []
    /// Plays the detection sound (called only when the `sound` setting is on).
    public static var onDetectionSound: (() -> Void)? = {
        detectionSound.play()
    }
    /// The detection sound player, made on first use.
    private static let detectionSound = DetectionSound()
}
