// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Opening things: always through a confirmation dialog, then the desktop's default handler.
extension ResultPage {
    /// Response id of the confirming button.
    static let openResponse = "open"
    /// Longest reason from the desktop shown in a problem line, in characters.
    static let reasonCharacters = 120

    /// Shows `message` as an error line under the page's actions (replacing an earlier one), with
    /// a button to dismiss it: seen, never covering a control, until dismissed or another code shows.
    func showProblem(_ message: String) {
        // Before any code is shown there is no line to put it in.
        guard let sections else { return toast(message) }
        if let old = problemLine { ResultPage.remove(old) }
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(line, "error")
        let icon = gtk_image_new_from_icon_name("dialog-error-symbolic")!
        gtk_box_append(gcast(line), icon)
        let text = ResultPage.label(message)
        gtk_widget_set_hexpand(text, 1)
        gtk_box_append(gcast(line), text)
        let dismiss = gtk_button_new_from_icon_name("window-close-symbolic")!
        gtk_widget_add_css_class(dismiss, "flat")
        gtk_widget_add_css_class(dismiss, "circular")
        ResultPage.setAccessibleLabel(dismiss, tr("Dismiss"))
        onClicked(dismiss) { [weak self] in
            ResultPage.remove(line)
            if self?.problemLine == line { self?.problemLine = nil }
        }
        gtk_box_append(gcast(line), dismiss)
        sections.addStatus(line)
        problemLine = line
    }

    /// Takes `widget` out of the box holding it.
    static func remove(_ widget: UnsafeMutablePointer<GtkWidget>) {
        if let parent = gtk_widget_get_parent(widget) { gtk_box_remove(gcast(parent), widget) }
    }

    /// Adds to `page` a labelled action button that opens `uri` in another app once the user
    /// confirms (`heading`, `body` and the `action` button of `confirmOpen`), for apps that only
    /// prepare something the user finishes there (a call, a message, a map).
    func addOpenAction(_ label: String, icon: String, uri: String, heading: String, body: String, action: String, to page: Sections) {
        let button = ResultPage.button(label, icon: icon)
        onClicked(button) { [weak self] in self?.confirmOpen(uri: uri, heading: heading, body: body, action: action, dangerous: false) }
        page.addAction(button)
    }

    /// Presents an `AdwMessageDialog` naming what will open; only its `action` button opens `uri`.
    func confirmOpen(uri: String, heading: String, body: String, action: String, dangerous: Bool) {
        let dialog = ConfirmationDialog(
            heading: heading, body: body, cancelLabel: tr("Cancel"), action: (ResultPage.openResponse, action),
            appearance: dangerous ? ADW_RESPONSE_DESTRUCTIVE : ADW_RESPONSE_SUGGESTED, actionIsDefault: !dangerous)
        dialog.present(over: root) { [weak self] in
            guard let self else { return }
            self.launcher(uri, self)
        }
    }

    /// The window holding this page, or `nil` when it is not in one.
    func parentWindow() -> UnsafeMutablePointer<GtkWindow>? {
        ConfirmationDialog.window(holding: root)
    }

    /// The display's context for launching applications (startup notification on this screen).
    func launchContext() -> ObjectRef<OpaquePointer>? {
        gdk_display_get_app_launch_context(gtk_widget_get_display(root)).map { ObjectRef(adopting: $0) }
    }

    /// The name of the desktop's default application for links of `scheme`, or `nil` when none
    /// is installed.
    static func defaultSchemeHandlerName(_ scheme: String) -> String? {
        guard let app = g_app_info_get_default_for_uri_scheme(scheme).map({ ObjectRef(adopting: $0) }) else { return nil }
        return g_app_info_get_display_name(app.pointer).map { String(cString: $0) }
    }

    /// Opens `uri` with the desktop's default handler; a failure becomes a toast.
    func launchDefault(_ uri: String) {
        let context = launchContext()
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri(uri, context?.launchContext, &error) == 0 {
            let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? ""
            if let error { g_error_free(error) }
            showProblem(tr("Could not open it: {reason}", ["reason": VisibleText.shortened(reason, limit: ResultPage.reasonCharacters)]))
        }
    }

    /// `text` percent-encoded for a URI component (everything but unreserved characters and `keeping`).
    static func percentEncoded(_ text: String, keeping: String = "") -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8).union(keeping.utf8)
        var out = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension ObjectRef where Pointer == OpaquePointer {
    /// A `GdkAppLaunchContext` as the `GAppLaunchContext` GIO takes.
    var launchContext: UnsafeMutablePointer<GAppLaunchContext> {
        pointer.objectPointer.assumingMemoryBound(to: GAppLaunchContext.self)
    }
}
