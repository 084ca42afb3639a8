// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// The side panel's Image page: Open Image… and Paste buttons, a short help text, and the
/// photos opened in this session (click one to open it again).
///
/// UI thread only; owns its widget (sunk reference, released in `deinit`).
@MainActor
final class ImageSidebarPage {
    /// The page's widget.
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// Called with a recent photo's path when the person picks it.
    var onOpenRecent: ((String) -> Void)?

    /// Width of the help text in characters (keeps the panel at its own width).
    static let helpWidthChars: gint = 30
    /// Most photos listed under "Opened recently".
    static let maxRecent = 8

    private let recentList: UnsafeMutablePointer<GtkWidget>
    private let recentTitle: UnsafeMutablePointer<GtkWidget>
    /// The listed paths, newest first.
    private(set) var recent: [String] = []

    init() {
        let scroller = gtk_scrolled_window_new()!
        widgetRef = WidgetRef(sinking: scroller)
        let widget = widgetRef.pointer
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_add_css_class(widget, "image-tab")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_margin_top(box, 24)
        gtk_widget_set_margin_bottom(box, 24)
        gtk_widget_set_margin_start(box, 18)
        gtk_widget_set_margin_end(box, 18)

        let icon = gtk_image_new_from_icon_name("image-x-generic-symbolic")!
        gtk_image_set_pixel_size(gcast(icon), 64)
        gtk_widget_add_css_class(icon, "dim-label")
        gtk_box_append(gcast(box), icon)
        let title = gtk_label_new(tr("Scan a Photo"))!
        gtk_widget_add_css_class(title, "title-2")
        gtk_box_append(gcast(box), title)
        let help = gtk_label_new(
            tr("Open a photo, drop one on the window or paste one (Ctrl+V) to find the codes in it. Click a marker to choose a code."))!
        gtk_label_set_wrap(gcast(help), 1)
        gtk_label_set_max_width_chars(gcast(help), Self.helpWidthChars)
        gtk_label_set_justify(gcast(help), GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(help, "dim-label")
        gtk_box_append(gcast(box), help)

        let open = mnemonicButton(tr("_Open Image…"))
        gtk_actionable_set_action_name(gcast(open), "win.open-image")
        gtk_widget_add_css_class(open, "suggested-action")
        gtk_widget_add_css_class(open, "pill")
        gtk_widget_set_halign(open, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(open, 6)
        gtk_box_append(gcast(box), open)
        let paste = mnemonicButton(tr("_Paste Image"))
        gtk_actionable_set_action_name(gcast(paste), "win.paste")
        gtk_widget_add_css_class(paste, "pill")
        gtk_widget_set_halign(paste, GTK_ALIGN_CENTER)
        gtk_box_append(gcast(box), paste)

        recentTitle = gtk_label_new(tr("Opened Recently"))
        gtk_widget_add_css_class(recentTitle, "heading")
        gtk_widget_set_halign(recentTitle, GTK_ALIGN_START)
        gtk_widget_set_margin_top(recentTitle, 18)
        gtk_widget_set_visible(recentTitle, 0)
        gtk_box_append(gcast(box), recentTitle)
        recentList = gtk_list_box_new()
        gtk_list_box_set_selection_mode(gcast(recentList), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(recentList, "boxed-list")
        gtk_widget_set_visible(recentList, 0)
        gtk_box_append(gcast(box), recentList)
        gtk_scrolled_window_set_child(gcast(scroller), box)
    }

    /// Puts `path` at the top of the recent list.
    func addRecent(_ path: String) {
        recent.removeAll { $0 == path }
        recent.insert(path, at: 0)
        if recent.count > Self.maxRecent { recent.removeLast(recent.count - Self.maxRecent) }
        rebuildRecent()
    }

    private func rebuildRecent() {
        while let row = gtk_widget_get_first_child(recentList) { gtk_list_box_remove(gcast(recentList), row) }
        for path in recent {
            let row = adw_action_row_new()!
            let url = URL(fileURLWithPath: path)
            // A file name is any bytes: shown as the window's subtitle shows it (a bidi override
            // or a line break would reorder or hide the rest of the row).
            adw_preferences_row_set_title(gcast(row), VisibleText.shortened(VisibleText.of(url.lastPathComponent)))
            adw_action_row_set_subtitle(gcast(row), VisibleText.shortened(VisibleText.of(url.deletingLastPathComponent().path), limit: 200))
            adw_action_row_set_subtitle_lines(gcast(row), 1)
            adw_action_row_set_title_lines(gcast(row), 1)
            adw_preferences_row_set_use_markup(gcast(row), 0)
            gtk_list_box_row_set_activatable(gcast(row), 1)
            gtk_widget_set_tooltip_text(row, VisibleText.shortened(VisibleText.of(path), limit: 200))
            adw_action_row_add_suffix(gcast(row), gtk_image_new_from_icon_name("go-next-symbolic"))
            onSimpleSignal(UnsafeMutableRawPointer(row), "activated") { [weak self] in self?.onOpenRecent?(path) }
            gtk_list_box_append(gcast(recentList), row)
        }
        let any: gboolean = recent.isEmpty ? 0 : 1
        gtk_widget_set_visible(recentTitle, any)
        gtk_widget_set_visible(recentList, any)
    }
}
