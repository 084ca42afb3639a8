// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// A full-screen window showing one code as large as whole device pixels per module allow, on
/// white whatever the theme, for another device to scan; Escape or a click closes it.
///
/// UI thread only. GTK owns the window (its toplevel list holds it); `window` is cleared when
/// the window is destroyed, by `close()` or otherwise.
@MainActor
final class GeneratorFullScreen {
    /// The window while it exists (not an owned reference: GTK's toplevel list owns it).
    private(set) var window: UnsafeMutablePointer<GtkWidget>?
    let canvas: QRCodeCanvas
    /// Called once after the window closed.
    var onClosed: (@MainActor () -> Void)?

    init(appearance: CodeAppearance, label: String, description: String, parent: UnsafeMutablePointer<GtkWidget>?) {
        canvas = QRCodeCanvas(backdrop: .fullWhite)
        canvas.show(appearance)
        GeneratorPage.setAccessibleText(canvas.widget, label: label, description: description)
        let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new()
        self.window = window
        gtk_window_set_title(gcast(window), tr("QR Code"))
        gtk_window_set_decorated(gcast(window), 0)
        gtk_widget_add_css_class(window, "generator-fullscreen")
        if let parent { gtk_window_set_transient_for(gcast(window), gcast(parent)) }
        gtk_widget_set_hexpand(canvas.widget, 1)
        gtk_widget_set_vexpand(canvas.widget, 1)
        gtk_widget_set_focusable(canvas.widget, 1)
        // The hint sits below the code, never over it (a tooltip would cover modules).
        let hint: UnsafeMutablePointer<GtkWidget> = gtk_label_new(tr("Press Escape or click to close"))
        gtk_widget_set_margin_top(hint, 6)
        gtk_widget_set_margin_bottom(hint, 12)
        let column: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(gcast(column), canvas.widget)
        gtk_box_append(gcast(column), hint)
        gtk_window_set_child(gcast(window), column)
        GeneratorFullScreen.forceColors(window, hint)

        // Without a window manager (or one that ignores the request) the window still covers the
        // monitor: its default size is the monitor's.
        if let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
            let first = g_list_model_get_item(monitors, 0).map({ ObjectRef(adopting: OpaquePointer($0)) })
        {
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(first.pointer, &geometry)
            gtk_window_set_default_size(gcast(window), geometry.width, geometry.height)
        }

        let keys: OpaquePointer = gtk_event_controller_key_new()
        onKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            self?.close()
            return true
        }
        gtk_widget_add_controller(window, keys)
        let click: OpaquePointer = gtk_gesture_click_new()
        onPressed(UnsafeMutableRawPointer(click), released: true) { [weak self] _, _, _ in self?.close() }
        gtk_widget_add_controller(window, click)
        onSimpleSignal(window, "destroy") { [weak self] in self?.destroyed() }
    }

    isolated deinit {
        if let window { gtk_window_destroy(gcast(window)) }
    }

    /// Shows the window full screen and focuses the code.
    func present() {
        guard let window else { return }
        gtk_window_fullscreen(gcast(window))
        gtk_window_present(gcast(window))
        gtk_widget_grab_focus(canvas.widget)
    }

    /// Replaces the code shown (or closes the view when there is none).
    func show(_ appearance: CodeAppearance?) {
        guard let appearance else {
            close()
            return
        }
        canvas.show(appearance)
    }

    /// Closes the window.
    func close() {
        guard let window else { return }
        gtk_window_destroy(gcast(window))
    }

    private func destroyed() {
        guard window != nil else { return }
        window = nil
        onClosed?()
        onClosed = nil
    }

    /// Style providers on the window and the hint paint them white and grey, above theme and
    /// application CSS (a provider on a widget's own style context applies to that widget only).
    private static func forceColors(_ window: UnsafeMutablePointer<GtkWidget>, _ hint: UnsafeMutablePointer<GtkWidget>) {
        let provider = ObjectRef<UnsafeMutablePointer<GtkCssProvider>>(adopting: gtk_css_provider_new())
        gtk_css_provider_load_from_data(
            provider.pointer, "window.generator-fullscreen { background: #ffffff; } label { color: #555555; background: none; }", -1)
        gtk_widget_add_css_class(hint, "generator-fullscreen-hint")
        for widget in [window, hint] {
            gtk_style_context_add_provider(
                gtk_widget_get_style_context(widget), OpaquePointer(provider.pointer), guint(GTK_STYLE_PROVIDER_PRIORITY_USER))
        }
    }
}
