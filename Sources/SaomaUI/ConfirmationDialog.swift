// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// An `AdwMessageDialog` that asks before one action: a cancel button and the action's button.
///
/// Closing the dialog (Escape, the close button) answers "cancel"; only the action's button runs
/// `onAction`. UI thread only.
@MainActor
struct ConfirmationDialog {
    /// Response id of the cancel button (also sent when the dialog is closed).
    static let cancelResponse = "cancel"

    var heading: String
    var body: String?
    var cancelLabel: String
    /// The action's response id and button label.
    var action: (id: String, label: String)
    /// How the action's button looks (suggested, or destructive for what cannot be undone).
    var appearance: AdwResponseAppearance
    /// Whether Enter chooses the action (otherwise it cancels).
    var actionIsDefault: Bool
    /// A widget shown below the body (an entry), or `nil`.
    var extraChild: UnsafeMutablePointer<GtkWidget>? = nil

    /// Shows the dialog over the window holding `widget` (none when it is not in one).
    func present(over widget: UnsafeMutablePointer<GtkWidget>, onAction: @escaping @MainActor () -> Void) {
        let dialog = created(adw_message_dialog_new(ConfirmationDialog.window(holding: widget), heading, body))
        let message = gcast(dialog, to: AdwMessageDialog.self)
        adw_message_dialog_add_response(message, ConfirmationDialog.cancelResponse, cancelLabel)
        adw_message_dialog_add_response(message, action.id, action.label)
        adw_message_dialog_set_response_appearance(message, action.id, appearance)
        adw_message_dialog_set_default_response(message, actionIsDefault ? action.id : ConfirmationDialog.cancelResponse)
        adw_message_dialog_set_close_response(message, ConfirmationDialog.cancelResponse)
        if let extraChild { adw_message_dialog_set_extra_child(message, extraChild) }
        let actionID = action.id
        onResponse(UnsafeMutableRawPointer(dialog)) { response in
            if response == actionID { onAction() }
        }
        gtk_window_present(gcast(dialog))
    }

    /// The window holding `widget`, or `nil` when it is not in one.
    static func window(holding widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWindow>? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        let instance = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gtk_window_get_type()) != 0 else { return nil }
        return gcast(UnsafeMutableRawPointer(root))
    }
}
