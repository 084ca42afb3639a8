// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// The side panel: a view switcher over named pages (Image, Generate), filled by other parts.
///
/// Pages appear in the order they are added; `addPage` replaces the page of the same name.
/// UI thread only; owns its widget.
@MainActor
public final class Sidebar {
    /// The panel's widget (a vertical box: switcher over the stack).
    public var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// The `AdwViewStack` holding the pages.
    public let stack: UnsafeMutablePointer<GtkWidget>
    /// Width of the panel, in points.
    static let width: gint = 340

    init() {
        widgetRef = WidgetRef(sinking: gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        let widget = widgetRef.pointer
        gtk_widget_add_css_class(widget, "sidebar")
        gtk_widget_add_css_class(widget, "background")
        gtk_widget_set_size_request(widget, Sidebar.width, -1)
        stack = adw_view_stack_new()
        gtk_widget_set_vexpand(stack, 1)
        let switcher = created(adw_view_switcher_new())
        adw_view_switcher_set_stack(gcast(switcher), gcast(stack))
        adw_view_switcher_set_policy(gcast(switcher), ADW_VIEW_SWITCHER_POLICY_WIDE)
        gtk_widget_set_margin_top(switcher, 6)
        gtk_widget_set_margin_bottom(switcher, 6)
        gtk_widget_set_margin_start(switcher, 6)
        gtk_widget_set_margin_end(switcher, 6)
        gtk_box_append(gcast(widget), switcher)
        gtk_box_append(gcast(widget), stack)
    }

    /// Adds (or replaces) the page `name` with `widget`, shown as `title` with `iconName` in the switcher.
    public func addPage(name: String, title: String, iconName: String, widget page: UnsafeMutablePointer<GtkWidget>) {
        if let old = adw_view_stack_get_child_by_name(gcast(stack), name) { adw_view_stack_remove(gcast(stack), old) }
        let stackPage = adw_view_stack_add_titled(gcast(stack), page, name, title)
        adw_view_stack_page_set_icon_name(stackPage, iconName)
    }

    /// Shows page `name`.
    public func showPage(_ name: String) {
        adw_view_stack_set_visible_child_name(gcast(stack), name)
    }
}
