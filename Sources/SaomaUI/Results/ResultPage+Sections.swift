// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The parts of a result page that a kind's builder fills, and the rules for its actions: one
/// main action (the only suggested one), at most one other beside it, the rest in a menu.
extension ResultPage {
    /// What a copy puts on the clipboard and the toast that says so ("Password copied").
    struct CopiedValue: Equatable {
        var text: String
        var confirmation: String
    }

    /// Where the content of one symbol goes.
    ///
    /// `summary` (the heading, what the code is about, the actions and their status lines) never
    /// scrolls; `body` (warnings, fields, the rest) scrolls under it. Widgets belong to the page's
    /// tree once shown; this holds no references of its own.
    @MainActor
    final class Sections {
        /// The fixed part: heading, subject, actions, status.
        let summary: UnsafeMutablePointer<GtkWidget>
        /// The action buttons, centred under the subject (wrapped onto more lines when narrow).
        let actions: UnsafeMutablePointer<GtkWidget>
        /// Lines about the actions (Connect's progress, "No calendar app is installed…").
        let status: UnsafeMutablePointer<GtkWidget>
        /// The scrolled part.
        let body: UnsafeMutablePointer<GtkWidget>
        /// The action buttons in order: the main one first, then the one beside it, then those
        /// in the menu.
        private(set) var actionButtons: [UnsafeMutablePointer<GtkWidget>] = []
        /// The "More Actions" menu's list of buttons, made when a third action is added.
        private var menu: (button: UnsafeMutablePointer<GtkWidget>, list: UnsafeMutablePointer<GtkWidget>)?

        init() {
            summary = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
            ResultPage.setMargins(summary, 18)
            actions = ActionRow.make()
            gtk_widget_set_halign(actions, GTK_ALIGN_CENTER)
            status = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            gtk_widget_set_visible(status, 0)
            body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
            ResultPage.setMargins(body, 18)
        }

        /// Adds the kind's heading (icon and title) and, when given, what the code is about in
        /// large type (`subject`, shown literally, at most `subjectLines` lines).
        func heading(_ title: String, icon: String, subject: String? = nil, subjectClasses: [String] = ["title-1"]) {
            gtk_box_append(gcast(summary), ResultPage.heading(title, icon: icon))
            if let subject {
                // Not selectable: a selectable label takes the focus (and shows its text selected)
                // before the main action does; the fields below are selectable.
                let label = ResultPage.label(ResultPage.visible(subject, multiline: false), classes: subjectClasses)
                gtk_label_set_lines(OpaquePointer(label), ResultPage.subjectLines)
                gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
                gtk_label_set_justify(OpaquePointer(label), GTK_JUSTIFY_CENTER)
                gtk_box_append(gcast(summary), label)
            }
        }

        /// Adds `widget` to the fixed part, under the heading (before the actions).
        func addToSummary(_ widget: UnsafeMutablePointer<GtkWidget>) {
            gtk_box_append(gcast(summary), widget)
        }

        /// Adds an action: the first is the main one (suggested unless `destructive`), the
        /// second sits beside it, later ones go to the "More Actions" menu. A `beside` action
        /// takes the place beside the main one even when added later (Keep in History, whose
        /// line under the actions speaks of it); the action that was there moves to the menu.
        func addAction(_ button: UnsafeMutablePointer<GtkWidget>, destructive: Bool = false, beside: Bool = false) {
            switch actionButtons.count {
            case 0:
                gtk_widget_add_css_class(button, "pill")
                gtk_widget_add_css_class(button, destructive ? "destructive-action" : "suggested-action")
                ActionRow.append(actions, button)
                actionButtons.append(button)
            case 1:
                gtk_widget_add_css_class(button, "pill")
                ActionRow.append(actions, button)
                actionButtons.append(button)
            default:
                guard beside else {
                    putInMenu(button)
                    actionButtons.append(button)
                    return
                }
                let second = actionButtons[1]
                // Held while it moves between parents.
                let held = WidgetRef(sinking: second)
                ActionRow.remove(second)
                gtk_widget_remove_css_class(second, "pill")
                putInMenu(second, first: true)
                withExtendedLifetime(held) {}
                gtk_widget_add_css_class(button, "pill")
                ActionRow.insert(actions, button, after: actionButtons[0])
                actionButtons.insert(button, at: 1)
            }
        }

        /// Puts `button` in the "More Actions" menu (first or last).
        private func putInMenu(_ button: UnsafeMutablePointer<GtkWidget>, first: Bool = false) {
            gtk_widget_add_css_class(button, "flat")
            let list = moreMenu()
            if first { gtk_box_prepend(gcast(list.list), button) } else { gtk_box_append(gcast(list.list), button) }
            // Choosing an item closes the menu.
            onClicked(button) { gtk_menu_button_popdown(gcast(list.button)) }
        }

        /// Makes the first visible action the suggested one, when the main action has gone
        /// (Connect, where joining cannot work): one suggested action stays in view.
        func promoteFirstVisibleAction() {
            guard let first = actionButtons.first(where: { gtk_widget_get_visible($0) != 0 }), first != actionButtons.first,
                gtk_widget_has_css_class(first, "flat") == 0
            else { return }
            gtk_widget_add_css_class(first, "suggested-action")
        }

        /// Adds a line under the actions (a status, or why an action is missing).
        func addStatus(_ widget: UnsafeMutablePointer<GtkWidget>) {
            gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
            gtk_box_append(gcast(status), widget)
            gtk_widget_set_visible(status, 1)
        }

        /// Adds `widget` to the scrolled part.
        func addToBody(_ widget: UnsafeMutablePointer<GtkWidget>) {
            gtk_box_append(gcast(body), widget)
        }

        /// Puts the actions and status lines last in the fixed part (call once the kind's
        /// summary widgets are added).
        func finish() {
            if gtk_widget_get_first_child(actions) != nil { gtk_box_append(gcast(summary), actions) }
            gtk_box_append(gcast(summary), status)
        }

        /// The "More Actions" menu button beside the actions, made on first use.
        private func moreMenu() -> (button: UnsafeMutablePointer<GtkWidget>, list: UnsafeMutablePointer<GtkWidget>) {
            if let menu { return menu }
            let button = gtk_menu_button_new()!
            gtk_menu_button_set_icon_name(gcast(button), "view-more-symbolic")
            gtk_widget_add_css_class(button, "circular")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            ResultPage.setAccessibleLabel(button, tr("More Actions"))
            let list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let popover = gtk_popover_new()!
            gtk_popover_set_child(gcast(popover), list)
            gtk_menu_button_set_popover(gcast(button), popover)
            ActionRow.append(actions, button)
            menu = (button, list)
            return (button, list)
        }
    }

    /// Lines the subject in large type may take before it is shortened in the middle (the whole
    /// value is in the fields below).
    static let subjectLines: Int32 = 2
}
