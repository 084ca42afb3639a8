// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// Where optional parts plug into every window (the History tab); the window composes its own
/// parts (scanner, Image and Generate tabs) directly.
///
/// Set once at start-up, before the first window. UI thread only.
@MainActor
public enum SaomaHooks {
    /// Called for every new window (e.g. to add sidebar pages with `window.sidebar.addPage`).
    public static var windowCreated: [(SaomaWindow) -> Void] = []
    /// Called after a chosen code's result shows, with where it came from (the history records it).
    public static var codeChosen: [(SaomaWindow, Symbol, CodeOrigin) -> Void] = []
}
