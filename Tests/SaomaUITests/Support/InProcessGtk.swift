// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaTestSupport

/// Xvfb's process id, killed when the test process exits (0 before it starts).
nonisolated(unsafe) private var xvfbProcessID: pid_t = 0
/// The private display GTK uses, kept for the whole test process.
nonisolated(unsafe) private var sharedDisplay: VirtualDisplay?

/// GTK inside the test process: one private Xvfb (started on first use, `-displayfd`), GTK and
/// libadwaita initialised on the main thread, and helpers to drive and inspect widgets.
///
/// Main thread only (XCTest runs test methods there); GTK is initialised once per process.
@MainActor
enum InProcessGtk {
    /// The X display (`:N`) of the private Xvfb, once started.
    private(set) static var display: String?
    /// Why start-up failed, if it did.
    private static var failure: String?

    /// Starts Xvfb and GTK unless already done; throws with the reason when that is impossible.
    static func start() throws {
        if display != nil { return }
        if let failure { throw SetUpError(failure) }
        do {
            let number = try startXvfb()
            let name = ":\(number)"
            setenv("DISPLAY", name, 1)
            setenv("GDK_BACKEND", "x11", 1)
            setenv("GSK_RENDERER", "cairo", 1)
            setenv("GTK_A11Y", "none", 1)
            unsetenv("WAYLAND_DISPLAY")
            gtk_init()
            adw_init()
            display = name
        } catch {
            failure = "\(error)"
            throw error
        }
    }

    /// Starts the private display (`VirtualDisplay`) and returns its number; the server is
    /// killed when the test process exits.
    private static func startXvfb() throws -> Int {
        let display = try VirtualDisplay(width: 1280, height: 800)
        sharedDisplay = display
        xvfbProcessID = display.process.pid
        atexit {
            if xvfbProcessID > 0 { kill(xvfbProcessID, SIGKILL) }
        }
        guard let number = Int(display.name.dropFirst()) else { throw SetUpError("Xvfb reported an unreadable display: \(display.name)") }
        return number
    }

    /// Runs the GLib main loop until `condition` holds or `Patience.seconds` run out (a guard
    /// against hangs); returns the condition.
    @discardableResult
    static func iterate(until condition: () -> Bool) -> Bool { MainContext.iterate(until: condition) }

    /// Runs pending main-loop work (layout, idle handlers) without waiting.
    static func flush() {
        for _ in 0..<50 where g_main_context_iteration(nil, 0) != 0 {}
    }

    /// A new window holding `child`, presented and mapped.
    static func window(
        holding child: UnsafeMutablePointer<GtkWidget>, width: Int32 = 480, height: Int32 = 720
    ) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new()!
        gtk_window_set_default_size(gcast(window), width, height)
        gtk_window_set_child(gcast(window), child)
        gtk_window_present(gcast(window))
        iterate { gtk_widget_get_mapped(window) != 0 }
        return window
    }

    /// Whether `widget` is an instance of `type` (or a subclass).
    static func isA(_ widget: UnsafeMutableRawPointer, _ type: GType) -> Bool {
        g_type_check_instance_is_a(widget.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// `root` and every widget below it, depth first.
    static func descendants(of root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var out = [root]
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            out += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return out
    }

    /// The texts of all labels below `root`, in tree order.
    static func labelTexts(in root: UnsafeMutablePointer<GtkWidget>) -> [String] {
        descendants(of: root).filter { isA($0, gtk_label_get_type()) }.map(labelText)
    }

    /// The text of one label.
    static func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_label_get_text(OpaquePointer(label)).map { String(cString: $0) } ?? ""
    }

    /// The labels below `root` carrying CSS class `name`.
    static func labels(in root: UnsafeMutablePointer<GtkWidget>, withClass name: String) -> [String] {
        descendants(of: root).filter { isA($0, gtk_label_get_type()) && gtk_widget_has_css_class($0, name) != 0 }.map(labelText)
    }

    /// A button: the widget, its visible label (joined label texts inside it) and its tooltip.
    struct Button {
        var widget: UnsafeMutablePointer<GtkWidget>
        var label: String
        var tooltip: String
        /// What a screen reader would call it: the visible label, else the tooltip/accessible label.
        var name: String { label.isEmpty ? tooltip : label }
    }

    /// Every button below `root`.
    static func buttons(in root: UnsafeMutablePointer<GtkWidget>) -> [Button] {
        descendants(of: root).filter { isA($0, gtk_button_get_type()) }.map { button in
            Button(
                widget: button, label: labelTexts(in: button).joined(separator: " "),
                tooltip: gtk_widget_get_tooltip_text(button).map { String(cString: $0) } ?? "")
        }
    }

    /// The first button below `root` named `name`, or `nil`.
    static func button(named name: String, in root: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        buttons(in: root).first { $0.name == name }?.widget
    }

    /// Activates `button` the way the keyboard does, and waits until its `clicked` has run
    /// (`done`), since GTK emits it after a short press animation.
    @discardableResult
    static func press(_ button: UnsafeMutablePointer<GtkWidget>, until done: () -> Bool) -> Bool {
        gtk_widget_activate(button)
        return iterate(until: done)
    }

    /// The message dialogs currently open, newest last.
    static func messageDialogs() -> [UnsafeMutablePointer<AdwMessageDialog>] {
        guard let list = gtk_window_list_toplevels() else { return [] }
        defer { g_list_free(list) }
        var out: [UnsafeMutablePointer<AdwMessageDialog>] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data, isA(data, adw_message_dialog_get_type()),
                gtk_widget_get_visible(data.assumingMemoryBound(to: GtkWidget.self)) != 0
            {
                out.append(data.assumingMemoryBound(to: AdwMessageDialog.self))
            }
            node = current.pointee.next
        }
        return out
    }

    /// Reads the clipboard of `widget`'s display back through GDK, iterating the main loop.
    static func clipboardText(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let clipboard = gtk_widget_get_clipboard(widget) else { return nil }
        final class Result {
            var done = false
            var text: String?
        }
        let result = Result()
        let data = Unmanaged.passRetained(result).toOpaque()
        gdk_clipboard_read_text_async(
            clipboard, nil,
            { source, asyncResult, data in
                guard let data else { return }
                let result = Unmanaged<Result>.fromOpaque(data).takeRetainedValue()
                if let source, let text = gdk_clipboard_read_text_finish(OpaquePointer(source), asyncResult, nil) {
                    result.text = String(cString: text)
                    g_free(text)
                }
                result.done = true
            }, data)
        iterate { result.done }
        return result.text
    }

    /// Reads the X clipboard with `xclip` from outside this process, while the main loop
    /// keeps running so GTK can answer the selection request; `nil` when xclip is missing.
    static func xclipText() -> String? {
        guard let display, FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip") else { return nil }
        let run = try? runToolStatus("/usr/bin/xclip", ["-o", "-selection", "clipboard"], display: display) { ended in iterate(until: ended)
        }
        return run?.output
    }

    /// A start-up failure with its reason.
    struct SetUpError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
