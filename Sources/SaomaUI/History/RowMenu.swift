// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// Menus made when they first open: a `GtkMenuButton`'s create-popup function calls a Swift
/// closure, which gives the button its menu model.
///
/// GLib owns the closure: a retained box is the user data, released by the destroy notify when
/// the button goes. UI thread only.
@MainActor
enum RowMenu {
    /// Holds the closure while the button lives.
    private final class Box {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    /// Calls `create` the first time `button`'s menu opens (it must set the button's menu model).
    static func attach(to button: UnsafeMutablePointer<GtkWidget>, _ create: @escaping @MainActor () -> Void) {
        let data = Unmanaged.passRetained(Box(create)).toOpaque()
        gtk_menu_button_set_create_popup_func(
            gcast(button),
            { _, data in
                guard let data else { return }
                let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { box.body() }
            }, data,
            { data in
                guard let data else { return }
                Unmanaged<Box>.fromOpaque(data).release()
            })
    }
}
