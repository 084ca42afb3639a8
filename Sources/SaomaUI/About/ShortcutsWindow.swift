// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// The keyboard shortcuts window (`GtkShortcutsWindow`, F1 or Ctrl+?), laid out in
/// `data/ui/shortcuts.ui`.
///
/// Each row of the file names its action, and GTK shows the keys the application binds to that
/// action (`Accelerators`): the keys are written down once. UI thread only.
@MainActor
public enum ShortcutsWindow {
    /// A new `GtkShortcutsWindow` (a toplevel, kept by GTK's list of windows until destroyed).
    public static func make() throws(UIDefinitionError) -> UnsafeMutablePointer<GtkWindow> {
        let layout = try UIDefinition(named: "shortcuts.ui")
        do {
            let window = try layout.widget("help_overlay", isA: gtk_shortcuts_window_get_type())
            return UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        } catch {
            layout.destroyWindows()
            throw error
        }
    }

    /// Makes this the window's help overlay: GTK then provides `win.show-help-overlay` itself and
    /// shows the application's keys for each row. When the layout cannot be used, F1 opens nothing
    /// and one line on standard error says why.
    public static func attach(to window: UnsafeMutablePointer<GtkApplicationWindow>) {
        do {
            gtk_application_window_set_help_overlay(window, OpaquePointer(try make()))
        } catch {
            StandardStream.error.write("saoma: the keyboard shortcuts window cannot open: \(error)\n")
        }
    }
}
