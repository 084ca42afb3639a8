// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SQLiteHistory
import SaomaCore

/// The side panel's History page: newest first, grouped by day, searched as you type; each row
/// reopens its result and has star, copy, label and delete (with Undo); Clear All asks first; an
/// empty history says how it fills.
///
/// UI thread only; owns its widget. Every query and change goes through the `HistoryRecorder`'s
/// worker; a result is shown only if no newer query was started meanwhile.
@MainActor
public final class HistoryPage {
    /// Rows fetched per page of results ("Show More" fetches the next).
    static let pageSize = 200

    /// The page's widget (a toast overlay around the content).
    public var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    let searchEntry: UnsafeMutablePointer<GtkWidget>
    let list: UnsafeMutablePointer<GtkWidget>
    private let content: UnsafeMutablePointer<GtkWidget>
    private let emptyStatus: UnsafeMutablePointer<GtkWidget>
    private let clearButton: UnsafeMutablePointer<GtkWidget>
    private let moreButton: UnsafeMutablePointer<GtkWidget>
    private let recorder: HistoryRecorder
    /// The rows shown, newest first.
    private(set) var records: [HistoryRecord] = []
    /// Number of the newest query; older answers are dropped.
    private var generation = 0
    private var limit = HistoryPage.pageSize
    /// The rows' widgets, removed before each refill.
    private var rowWidgets: [UnsafeMutablePointer<GtkWidget>] = []
    /// Whether `records` changed since the rows were built. Rows are built only while the page
    /// is on screen: a page of rows with four buttons each keeps the UI thread busy for hundreds
    /// of milliseconds, which at start-up held the first camera frame back (docs/BENCHMARKS.md).
    private var rowsStale = false

    /// Called when a row is activated, with its code.
    public var onOpen: ((Symbol) -> Void)?

    public init(recorder: HistoryRecorder) {
        self.recorder = recorder
        widgetRef = WidgetRef(sinking: adw_toast_overlay_new())
        let widget = widgetRef.pointer
        let box = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        adw_toast_overlay_set_child(gcast(widget), box)

        searchEntry = created(gtk_search_entry_new())
        var placeholder = GValue()
        g_value_init(&placeholder, GType(16 << 2))  // G_TYPE_STRING
        g_value_set_string(&placeholder, tr("Search history"))
        g_object_set_property(UnsafeMutableRawPointer(searchEntry).assumingMemoryBound(to: GObject.self), "placeholder-text", &placeholder)
        g_value_unset(&placeholder)
        saoma_accessible_set_label(gcast(searchEntry), tr("Search history"))
        gtk_widget_set_margin_start(searchEntry, 12)
        gtk_widget_set_margin_end(searchEntry, 12)
        gtk_widget_set_margin_top(searchEntry, 6)
        gtk_box_append(gcast(box), searchEntry)

        content = created(gtk_stack_new())
        gtk_widget_set_vexpand(content, 1)
        gtk_box_append(gcast(box), content)

        list = Self.boxedList()
        let listBox = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
        gtk_widget_set_margin_start(listBox, 12)
        gtk_widget_set_margin_end(listBox, 12)
        gtk_widget_set_margin_bottom(listBox, 12)
        gtk_box_append(gcast(listBox), list)
        moreButton = mnemonicButton(tr("Show _More"))
        gtk_widget_set_halign(moreButton, GTK_ALIGN_CENTER)
        gtk_box_append(gcast(listBox), moreButton)
        let scroller = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gcast(scroller), listBox)
        gtk_stack_add_named(gcast(content), scroller, "list")

        emptyStatus = created(adw_status_page_new())
        adw_status_page_set_icon_name(gcast(emptyStatus), "document-open-recent-symbolic")
        gtk_widget_add_css_class(emptyStatus, "compact")
        gtk_stack_add_named(gcast(content), emptyStatus, "empty")

        clearButton = mnemonicButton(tr("_Clear All…"))
        gtk_widget_add_css_class(clearButton, "destructive-action")
        gtk_widget_set_halign(clearButton, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_bottom(clearButton, 12)
        gtk_box_append(gcast(box), clearButton)

        onSimpleSignal(UnsafeMutableRawPointer(searchEntry), "search-changed") { [weak self] in
            self?.limit = HistoryPage.pageSize
            self?.refresh()
        }
        onClicked(UnsafeMutableRawPointer(moreButton)) { [weak self] in
            guard let self else { return }
            self.limit += HistoryPage.pageSize
            self.refresh()
        }
        onClicked(UnsafeMutableRawPointer(clearButton)) { [weak self] in self?.confirmClear() }
        recorder.onChanged.append { [weak self] in self?.refresh() }
        onSimpleSignal(UnsafeMutableRawPointer(widget), "map") { [weak self] in self?.buildRowsIfStale() }
        refresh()
    }

    /// The search text typed.
    public var searchText: String {
        guard let text = gtk_editable_get_text(gcast(searchEntry)) else { return "" }
        return String(cString: text)
    }

    /// Puts the cursor in the search field.
    /// Gives the keyboard focus to the search field and returns it.
    @discardableResult
    public func focusSearch() -> UnsafeMutablePointer<GtkWidget> {
        gtk_widget_grab_focus(searchEntry)
        return searchEntry
    }

    /// Queries the rows again (after a change, a search or "Show More").
    public func refresh() {
        generation += 1
        let request = generation
        let query = searchText
        let limit = self.limit
        let search: @Sendable (HistoryStore) throws(HistoryStoreError) -> [HistoryRecord] = { store throws(HistoryStoreError) in
            try store.search(query, limit: limit + 1)
        }
        recorder.read(search) { [weak self] rows in
            guard let self, request == self.generation else { return }
            self.show(rows ?? [], searching: !query.trimmingCharacters(in: .whitespaces).isEmpty, limit: limit)
        }
    }

    private func show(_ rows: [HistoryRecord], searching: Bool, limit: Int) {
        records = Array(rows.prefix(limit))
        rowsStale = true
        if gtk_widget_get_mapped(widget) != 0 { buildRowsIfStale() }
        gtk_widget_set_visible(moreButton, rows.count > limit ? 1 : 0)
        gtk_widget_set_sensitive(clearButton, records.isEmpty && !searching ? 0 : 1)
        if records.isEmpty {
            if searching {
                adw_status_page_set_title(gcast(emptyStatus), tr("No Matches"))
                adw_status_page_set_description(gcast(emptyStatus), tr("No code in the history contains this text."))
            } else {
                adw_status_page_set_title(gcast(emptyStatus), tr("No Scans Yet"))
                adw_status_page_set_description(gcast(emptyStatus), Self.emptyDescription(keeping: recorder.isKeeping))
            }
            gtk_stack_set_visible_child_name(gcast(content), "empty")
        } else {
            gtk_stack_set_visible_child_name(gcast(content), "list")
        }
        DebugEvents.log(.historyRows(count: records.count, first: records.first?.displayText ?? ""))
    }

    /// Whether the list's rows show `records` (they are built once the page is on screen).
    var rowsShowRecords: Bool { !rowsStale }

    /// Builds the rows for `records` when they changed since the last build.
    private func buildRowsIfStale() {
        guard rowsStale else { return }
        rowsStale = false
        for row in rowWidgets { gtk_list_box_remove(gcast(list), row) }
        rowWidgets = []
        let sections = HistoryDays.sections(records) {
            TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0) / 1000))
        }
        for section in sections {
            appendRow(dayHeader(section.day))
            for record in section.records { appendRow(row(for: record)) }
        }
    }

    /// A list of rows drawn as one card (no selection), as the History and Session pages use.
    static func boxedList() -> UnsafeMutablePointer<GtkWidget> {
        let list = created(gtk_list_box_new())
        gtk_list_box_set_selection_mode(gcast(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        gtk_widget_set_valign(list, GTK_ALIGN_START)
        return list
    }

    /// What the empty page says.
    static func emptyDescription(keeping: Bool) -> String {
        keeping
            ? tr("Every code you choose from the camera, a photo or a pasted image is kept here.")
            : tr("Keeping history is switched off in Preferences.")
    }

    private func appendRow(_ row: UnsafeMutablePointer<GtkWidget>) {
        gtk_list_box_append(gcast(list), row)
        rowWidgets.append(row)
    }

    /// A non-activatable heading row: "Today", "Yesterday" or the date.
    private func dayHeader(_ day: Int64) -> UnsafeMutablePointer<GtkWidget> {
        let row = created(gtk_list_box_row_new())
        gtk_list_box_row_set_activatable(gcast(row), 0)
        let label = created(gtk_label_new(Self.dayTitle(day)))
        gtk_label_set_xalign(gcast(label), 0)
        gtk_widget_add_css_class(label, "heading")
        gtk_widget_set_margin_start(label, 12)
        gtk_widget_set_margin_top(label, 6)
        gtk_widget_set_margin_bottom(label, 6)
        gtk_list_box_row_set_child(gcast(row), label)
        return row
    }

    static func dayTitle(_ day: Int64) -> String {
        let now = HistoryTime.now()
        let today = HistoryDays.day(milliseconds: now, utcOffsetSeconds: TimeZone.current.secondsFromGMT())
        if day == today { return tr("Today") }
        if day == today - 1 { return tr("Yesterday") }
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter.string(from: Date(timeIntervalSince1970: Double(day) * 86_400))
    }

    /// One code's row: its text, the time, format, source and label, and its buttons.
    private func row(for record: HistoryRecord) -> UnsafeMutablePointer<GtkWidget> {
        let row = created(adw_action_row_new())
        // Payloads and labels are shown as text, never as markup.
        adw_preferences_row_set_use_markup(gcast(row), 0)
        adw_preferences_row_set_title(gcast(row), Self.title(of: record))
        adw_action_row_set_title_lines(gcast(row), 2)
        adw_action_row_set_subtitle(gcast(row), Self.subtitle(of: record))
        adw_action_row_set_subtitle_lines(gcast(row), 1)
        gtk_list_box_row_set_activatable(gcast(row), 1)
        onSimpleSignal(UnsafeMutableRawPointer(row), "activated") { [weak self] in
            if let symbol = record.symbol { self?.onOpen?(symbol) }
        }
        let star = created(gtk_toggle_button_new())
        gtk_button_set_icon_name(gcast(star), record.starred ? "starred-symbolic" : "non-starred-symbolic")
        gtk_toggle_button_set_active(gcast(star), record.starred ? 1 : 0)
        gtk_widget_set_tooltip_text(star, tr("Star"))
        addSuffix(star, to: row)
        onToggled(UnsafeMutableRawPointer(star)) { [weak self] in
            let on = gtk_toggle_button_get_active(gcast(star)) != 0
            gtk_button_set_icon_name(gcast(star), on ? "starred-symbolic" : "non-starred-symbolic")
            guard let id = record.id else { return }
            self?.recorder.write { store throws(HistoryStoreError) in try store.setStarred(on, id: id) }
        }
        let copy = created(gtk_button_new_from_icon_name("edit-copy-symbolic"))
        gtk_widget_set_tooltip_text(copy, tr("Copy"))
        addSuffix(copy, to: row)
        onClicked(UnsafeMutableRawPointer(copy)) { [weak self] in self?.copy(record) }
        let label = created(gtk_button_new_from_icon_name("document-edit-symbolic"))
        gtk_widget_set_tooltip_text(label, tr("Label"))
        addSuffix(label, to: row)
        onClicked(UnsafeMutableRawPointer(label)) { [weak self] in self?.editLabel(record) }
        let delete = created(gtk_button_new_from_icon_name("user-trash-symbolic"))
        gtk_widget_set_tooltip_text(delete, tr("Delete"))
        addSuffix(delete, to: row)
        onClicked(UnsafeMutableRawPointer(delete)) { [weak self] in self?.delete(record) }
        return row
    }

    private func addSuffix(_ button: UnsafeMutablePointer<GtkWidget>, to row: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        if let tooltip = gtk_widget_get_tooltip_text(button) { saoma_accessible_set_label(gcast(button), tooltip) }
        adw_action_row_add_suffix(gcast(row), button)
    }

    /// The row's title: the payload with control characters visible, cut to a line's budget
    /// (`DisplayText`: by scalars and bytes, so no row can stall the page).
    static func title(of record: HistoryRecord) -> String {
        ResultPage.visible(record.displayText, multiline: false)
    }

    /// "14:05 · QR · Camera · label".
    static func subtitle(of record: HistoryRecord) -> String {
        let formatter = DateFormatter()
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        var parts = [
            formatter.string(from: Date(timeIntervalSince1970: Double(record.timeMilliseconds) / 1000)), record.format,
            sourceName(record.source),
        ]
        if let label = record.label { parts.append(ResultPage.visible(label, multiline: false)) }
        return parts.joined(separator: " · ")
    }

    static func sourceName(_ source: HistorySource) -> String {
        switch source {
        case .camera: tr("Camera")
        case .photo: tr("Photo")
        case .clipboard: tr("Pasted")
        case .screen: tr("Screen")
        case .cli: tr("Command line")
        }
    }

    // MARK: Actions

    private func copy(_ record: HistoryRecord) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), record.displayText)
        showToast(tr("Copied"))
    }

    private func delete(_ record: HistoryRecord) {
        guard let id = record.id else { return }
        let remove: @Sendable (HistoryStore) throws(HistoryStoreError) -> [HistoryRecord] = { store throws(HistoryStoreError) in
            try store.delete(ids: [id])
        }
        recorder.read(remove) { [weak self] removed in
            guard let self, let removed, !removed.isEmpty else { return }
            self.refresh()
            let toast = created(adw_toast_new(Markup.escaped(tr("Code deleted"))))
            adw_toast_set_button_label(toast, tr("_Undo"))
            onSimpleSignal(UnsafeMutableRawPointer(toast), "button-clicked") { [weak self] in
                self?.recorder.write { store throws(HistoryStoreError) in try store.restore(removed) }
            }
            adw_toast_overlay_add_toast(gcast(self.widget), toast)
        }
    }

    private func editLabel(_ record: HistoryRecord) {
        guard let id = record.id else { return }
        let entry = created(gtk_entry_new())
        gtk_editable_set_text(gcast(entry), record.label ?? "")
        gtk_entry_set_max_length(gcast(entry), gint(HistoryExchange.maximumLabelCharacters))
        gtk_entry_set_activates_default(gcast(entry), 1)
        let dialog = ConfirmationDialog(
            heading: tr("Label"), body: tr("A label is searched along with the code's text."), cancelLabel: tr("_Cancel"),
            action: ("save", tr("_Save")), appearance: ADW_RESPONSE_SUGGESTED, actionIsDefault: true, extraChild: entry)
        dialog.present(over: widget) { [weak self] in
            guard let text = gtk_editable_get_text(gcast(entry)) else { return }
            let label = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
            self?.recorder.write { store throws(HistoryStoreError) in try store.setLabel(label, id: id) }
        }
    }

    private func confirmClear() {
        let dialog = ConfirmationDialog(
            heading: tr("Clear All History?"), body: tr("Every code in the history is deleted. This cannot be undone."),
            cancelLabel: tr("_Cancel"), action: ("clear", tr("_Clear All")), appearance: ADW_RESPONSE_DESTRUCTIVE, actionIsDefault: false)
        dialog.present(over: widget) { [weak self] in
            self?.recorder.write { store throws(HistoryStoreError) in try store.clear() }
        }
    }

    /// Shows `message` (plain text) in a toast over the page.
    public func showToast(_ message: String) {
        let toast = created(adw_toast_new(Markup.escaped(message)))
        adw_toast_overlay_add_toast(gcast(widget), toast)
    }
}
