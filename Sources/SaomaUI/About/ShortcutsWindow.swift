// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift

/// The keyboard shortcuts window (`GtkShortcutsWindow`, F1 or Ctrl+?).
///
/// Built from a GtkBuilder UI string whose titles go through `tr()`, so they are extracted with
/// the rest of the Swift sources. UI thread only.
@MainActor
public enum ShortcutsWindow {
    /// One row of the window: a translated title and the accelerators shown for it.
    public struct Entry: Equatable, Sendable {
        public let title: String
        public let accelerators: String
    }

    /// A titled group of rows.
    public struct Group: Equatable, Sendable {
        public let title: String
        public let entries: [Entry]
    }

    /// The window's title.
    public static var title: String { tr("Keyboard Shortcuts") }

    /// The groups shown, translated for the current locale; accelerators come from `Accelerators`.
    public static var groups: [Group] {
        func keys(_ action: String) -> String { Accelerators.accelerators(for: action).joined(separator: " ") }
        return [
            Group(
                title: tr("Scanning"),
                entries: [
                    Entry(title: tr("Open an image"), accelerators: keys("win.open-image")),
                    Entry(title: tr("Paste an image"), accelerators: keys("win.paste")),
                    Entry(title: tr("Generate a code"), accelerators: keys("win.generate")),
                    Entry(title: tr("Scan the screen"), accelerators: keys("win.scan-screen")),
                    Entry(title: tr("Show the history"), accelerators: keys("win.history")),
                    Entry(title: tr("Copy the result"), accelerators: keys("win.copy-result")),
                    Entry(title: tr("Cancel or scan again"), accelerators: keys("win.cancel")),
                ]),
            Group(
                title: tr("General"),
                entries: [
                    Entry(title: tr("Preferences"), accelerators: keys("win.preferences")),
                    Entry(title: tr("Keyboard shortcuts"), accelerators: keys("win.show-help-overlay")),
                    Entry(title: tr("Quit"), accelerators: keys("app.quit")),
                ]),
        ]
    }

    /// The GtkBuilder definition of the window, with an object id of `help_overlay`.
    public static func builderXML() -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="help_overlay">
                <property name="modal">1</property>
                <property name="title">\(escaped(title))</property>
                <child>
                  <object class="GtkShortcutsSection">
                    <property name="section-name">shortcuts</property>
                    <property name="max-height">12</property>

            """
        for group in groups {
            xml += """
                        <child>
                          <object class="GtkShortcutsGroup">
                            <property name="title">\(escaped(group.title))</property>

                """
            for entry in group.entries {
                xml += """
                                <child>
                                  <object class="GtkShortcutsShortcut">
                                    <property name="title">\(escaped(entry.title))</property>
                                    <property name="accelerator">\(escaped(entry.accelerators))</property>
                                  </object>
                                </child>

                    """
            }
            xml += """
                          </object>
                        </child>

                """
        }
        xml += """
                  </object>
                </child>
              </object>
            </interface>

            """
        return xml
    }

    /// A new `GtkShortcutsWindow` (owned by the caller: a toplevel, destroyed when closed).
    public static func make() -> UnsafeMutablePointer<GtkWindow>? {
        let xml = builderXML()
        guard let builder = gtk_builder_new_from_string(xml, -1).map({ ObjectRef(adopting: $0) }) else { return nil }
        guard let object = gtk_builder_get_object(builder.pointer, "help_overlay") else { return nil }
        // The builder drops its reference when unreffed; a toplevel is kept alive by GTK's window list.
        return gcast(UnsafeMutableRawPointer(object), to: GtkWindow.self)
    }

    /// Makes this the window's help overlay: GTK then provides `win.show-help-overlay` itself.
    public static func attach(to window: UnsafeMutablePointer<GtkApplicationWindow>) {
        guard let overlay = make() else { return }
        gtk_application_window_set_help_overlay(window, OpaquePointer(overlay))
    }

    /// Shows the shortcuts window over `parent`.
    public static func present(parent: UnsafeMutablePointer<GtkWindow>?) {
        guard let window = make() else { return }
        gtk_window_set_transient_for(window, parent)
        gtk_window_present(window)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
