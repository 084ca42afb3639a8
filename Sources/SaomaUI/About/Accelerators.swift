// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Saoma's keyboard shortcuts: action name → accelerators (GTK accelerator syntax).
///
/// The window creates the `win.*` actions and the application `app.quit`; `install(on:)` binds
/// the keys. The shortcuts window (`data/ui/shortcuts.ui`) names the same actions, and GTK shows
/// the keys bound here beside them. UI thread only.
@MainActor
public enum Accelerators {
    /// One action and the keys that trigger it.
    public struct Binding: Equatable, Sendable {
        /// Detailed action name (`win.open-image`).
        public let action: String
        /// GTK accelerators, the first one shown in menus.
        public let accelerators: [String]
    }

    /// Every shortcut, in the order of the shortcuts window.
    public static let bindings: [Binding] = [
        Binding(action: "win.open-image", accelerators: ["<Ctrl>o"]),
        Binding(action: "win.paste", accelerators: ["<Ctrl>v"]),
        Binding(action: "win.generate", accelerators: ["<Ctrl>g"]),
        Binding(action: "win.scan-screen", accelerators: ["<Ctrl><Shift>s"]),
        Binding(action: "win.history", accelerators: ["<Ctrl>h"]),
        Binding(action: "win.copy-result", accelerators: ["<Ctrl>c"]),
        Binding(action: "win.cancel", accelerators: ["Escape"]),
        Binding(action: "win.preferences", accelerators: ["<Ctrl>comma"]),
        Binding(action: "win.show-help-overlay", accelerators: ["F1", "<Ctrl>question"]),
        Binding(action: "app.quit", accelerators: ["<Ctrl>q"]),
    ]

    /// The accelerators bound to `action`, or an empty list.
    public static func accelerators(for action: String) -> [String] {
        bindings.first { $0.action == action }?.accelerators ?? []
    }

    /// Binds every shortcut on `app` with `gtk_application_set_accels_for_action`.
    public static func install(on app: UnsafeMutablePointer<GtkApplication>) {
        for binding in bindings {
            var cStrings: [UnsafeMutablePointer<CChar>?] = binding.accelerators.map { strdup($0) }
            cStrings.append(nil)
            defer { cStrings.forEach { free($0) } }
            cStrings.withUnsafeBufferPointer { buffer in
                buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    gtk_application_set_accels_for_action(app, binding.action, $0)
                }
            }
        }
    }
}
