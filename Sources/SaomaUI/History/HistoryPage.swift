// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SQLiteHistory
import SaomaCore
import SaomaMessages

/// The side panel's History page: newest first, grouped by day, searched as you type; each row
/// is titled by what the code is about and its kind ("Home Network · Wi-Fi", never a password or
/// a login secret), with the time and source under it, one Copy button and a menu (star, label,
/// delete with Undo); it reopens its result. Clear All is in the page's menu and asks first; an
/// empty history says how it fills.
///
/// UI thread only; owns its widget. Every query and change goes through the `HistoryRecorder`'s
/// worker; a result is shown only if no newer query was started meanwhile.
@MainActor
public final class HistoryPage {
    /// Rows fetched per page of results ("Show More" fetches the next).
    static let pageSize = 200
    /// Name of the page's action group (`history.clear`).
    static let actionGroup = "history"

    /// The page's widget (a toast overlay around the content).
    public var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    let searchEntry: UnsafeMutablePointer<GtkWidget>
    let list: UnsafeMutablePointer<GtkWidget>
    private let content: UnsafeMutablePointer<GtkWidget>
    private let emptyStatus: UnsafeMutablePointer<GtkWidget>
    private let moreButton: UnsafeMutablePointer<GtkWidget>
    /// The count at the foot of the page, where toasts appear (over no control).
    private let countLabel: UnsafeMutablePointer<GtkWidget>
    private let recorder: HistoryRecorder
    /// The page's actions: Clear All.
    private let actions = ObjectRef(adopting: g_simple_action_group_new())
    /// The rows shown, newest first.
    private(set) var records: [HistoryRecord] = []
    /// The row whose menu was last opened.
    private(set) var menuRecord: HistoryRecord?
    /// Number of the newest query; older answers are dropped.
    private var generation = 0
    private var limit = HistoryPage.pageSize
    /// Whether the last query was a search.
    private var searching = false
    /// The rows' widgets, removed before each refill.
    private var rowWidgets: [UnsafeMutablePointer<GtkWidget>] = []
    /// Whether `records` changed since the rows were built. Rows are built only while the page
    /// is on screen: a page of rows keeps the UI thread busy for a while, which at start-up held
    /// the first camera frame back (docs/BENCHMARKS.md).
    private var rowsStale = false

    /// Called when a row is activated, with its code.
    public var onOpen: ((Symbol) -> Void)?

    public init(recorder: HistoryRecorder) {
        self.recorder = recorder
        widgetRef = WidgetRef(sinking: adw_toast_overlay_new())
        let widget = widgetRef.pointer
        let box = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        adw_toast_overlay_set_child(gcast(widget), box)

        let searchRow = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        gtk_widget_set_margin_start(searchRow, 12)
        gtk_widget_set_margin_end(searchRow, 12)
        gtk_widget_set_margin_top(searchRow, 6)
        searchEntry = created(gtk_search_entry_new())
        var placeholder = GValue()
        g_value_init(&placeholder, GType(16 << 2))  // G_TYPE_STRING
        g_value_set_string(&placeholder, tr("Search history"))
        g_object_set_property(UnsafeMutableRawPointer(searchEntry).assumingMemoryBound(to: GObject.self), "placeholder-text", &placeholder)
        g_value_unset(&placeholder)
        saoma_accessible_set_label(gcast(searchEntry), tr("Search history"))
        gtk_widget_set_hexpand(searchEntry, 1)
        gtk_box_append(gcast(searchRow), searchEntry)
        gtk_box_append(gcast(searchRow), Self.pageMenuButton())
        gtk_box_append(gcast(box), searchRow)

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

        countLabel = created(gtk_label_new(""))
        gtk_widget_add_css_class(countLabel, "caption")
        gtk_widget_add_css_class(countLabel, "dim-label")
        gtk_box_append(gcast(box), created(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)))
        gtk_box_append(gcast(box), countLabel)

        addActions()
        gtk_widget_insert_action_group(widget, Self.actionGroup, OpaquePointer(actions.pointer))
        onSimpleSignal(UnsafeMutableRawPointer(searchEntry), "search-changed") { [weak self] in
            self?.limit = HistoryPage.pageSize
            self?.refresh()
        }
        onClicked(UnsafeMutableRawPointer(moreButton)) { [weak self] in
            guard let self else { return }
            self.limit += HistoryPage.pageSize
            self.refresh()
        }
        recorder.onChanged.append { [weak self] in self?.refresh() }
        onSimpleSignal(UnsafeMutableRawPointer(widget), "map") { [weak self] in
            guard let self else { return }
            // A toast covers the count at the foot, never a row's buttons.
            ResultPage.makeRoomForToasts(self.countLabel)
            self.buildRowsIfStale()
        }
        refresh()
    }

    /// The search text typed.
    public var searchText: String {
        guard let text = gtk_editable_get_text(gcast(searchEntry)) else { return "" }
        return String(cString: text)
    }

    /// Gives the keyboard focus to the search field and returns it.
    @discardableResult
    public func focusSearch() -> UnsafeMutablePointer<GtkWidget> {
        gtk_widget_grab_focus(searchEntry)
        return searchEntry
    }

    /// When the keyboard focus of `window` is in a search field, clears that field and returns
    /// true: Escape there clears the search and does nothing else (it does not leave the page
    /// showing, nor reopen the camera).
    public static func clearFocusedSearch(in window: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(window), var widget = gtk_root_get_focus(root) else { return false }
        let searchEntryType = gtk_search_entry_get_type()
        while g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), searchEntryType) == 0
        {
            guard let parent = gtk_widget_get_parent(widget) else { return false }
            widget = parent
        }
        gtk_editable_set_text(gcast(widget), "")
        return true
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
        self.searching = searching
        rowsStale = true
        if gtk_widget_get_mapped(widget) != 0 { buildRowsIfStale() }
        gtk_widget_set_visible(moreButton, rows.count > limit ? 1 : 0)
        g_simple_action_set_enabled(action("clear"), records.isEmpty && !searching ? 0 : 1)
        gtk_label_set_text(
            gcast(countLabel),
            searching ? trn("{count} match", "{count} matches", records.count) : trn("{count} code", "{count} codes", records.count))
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
        DebugEvents.log(.historyRows(count: records.count, first: records.first.map(Self.title(of:)) ?? ""))
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
        return DateTimeText.date(day: day)
    }

    /// A code's row in a list (here and the Session tab's): its title on one line, `subtitle`
    /// and its kind's icon. Payloads and labels are shown as text, never as markup; the title
    /// never holds a password or login secret (`ContentSummary`).
    static func codeRow(_ summary: ContentSummary, subtitle: String) -> UnsafeMutablePointer<GtkWidget> {
        let row = created(adw_action_row_new())
        adw_preferences_row_set_use_markup(gcast(row), 0)
        adw_preferences_row_set_title(gcast(row), summary.title)
        adw_action_row_set_title_lines(gcast(row), 1)
        adw_action_row_set_subtitle(gcast(row), subtitle)
        let icon = created(gtk_image_new_from_icon_name(ResultPage.icon(for: summary.kind)))
        gtk_widget_add_css_class(icon, "dim-label")
        adw_action_row_add_prefix(gcast(row), icon)
        return row
    }

    /// One code's row: its title, the time, source and label, a star when starred, Copy and the
    /// row menu.
    private func row(for record: HistoryRecord) -> UnsafeMutablePointer<GtkWidget> {
        let row = Self.codeRow(ContentSummary(record: record), subtitle: Self.subtitle(of: record))
        adw_action_row_set_subtitle_lines(gcast(row), 1)
        gtk_list_box_row_set_activatable(gcast(row), 1)
        onSimpleSignal(UnsafeMutableRawPointer(row), "activated") { [weak self] in
            if let symbol = record.symbol { self?.onOpen?(symbol) }
        }
        if record.starred {
            let star = created(gtk_image_new_from_icon_name("starred-symbolic"))
            saoma_accessible_set_label(gcast(star), tr("Starred"))
            adw_action_row_add_suffix(gcast(row), star)
        }
        let copy = created(gtk_button_new_from_icon_name("edit-copy-symbolic"))
        gtk_widget_set_tooltip_text(copy, tr("Copy"))
        addSuffix(copy, to: row)
        onClicked(UnsafeMutableRawPointer(copy)) { [weak self] in self?.copy(record) }
        let menu = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(gcast(menu), "view-more-symbolic")
        gtk_widget_set_tooltip_text(menu, tr("More Options"))
        addSuffix(menu, to: row)
        // The menu and its actions are made when it first opens (a page holds hundreds of rows).
        RowMenu.attach(to: menu) { [weak self] in self?.rowMenu(for: record, on: menu) }
        return row
    }

    private func addSuffix(_ button: UnsafeMutablePointer<GtkWidget>, to row: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        if let tooltip = gtk_widget_get_tooltip_text(button) { saoma_accessible_set_label(gcast(button), tooltip) }
        adw_action_row_add_suffix(gcast(row), button)
    }

    /// The row's title: what the code is about and its kind, never a secret (`ContentSummary`).
    static func title(of record: HistoryRecord) -> String {
        ContentSummary(record: record).title
    }

    /// "14:05 · Camera · label" (the time on the desktop's clock).
    static func subtitle(of record: HistoryRecord) -> String {
        var parts = [DateTimeText.timeOfDay(milliseconds: record.timeMilliseconds), sourceName(record.source)]
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

    /// The page's menu button (Clear All…).
    private static func pageMenuButton() -> UnsafeMutablePointer<GtkWidget> {
        let menu = ObjectRef(adopting: g_menu_new())
        g_menu_append(menu.pointer, tr("_Clear All…"), "\(actionGroup).clear")
        let button = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(gcast(button), "view-more-symbolic")
        gtk_menu_button_set_menu_model(gcast(button), UnsafeMutablePointer(menu.pointer))
        gtk_widget_set_tooltip_text(button, tr("History Menu"))
        saoma_accessible_set_label(gcast(button), tr("History Menu"))
        return button
    }

    /// Adds the page's action `clear` (it asks first).
    private func addActions() {
        Self.addAction("clear", to: actions.pointer) { [weak self] in self?.confirmClear() }
    }

    /// Adds the action `name` to `group`.
    private static func addAction(
        _ name: String, to group: UnsafeMutablePointer<GSimpleActionGroup>, _ body: @escaping @MainActor () -> Void
    ) {
        let action = ObjectRef(adopting: g_simple_action_new(name, nil))
        onActivate(action.pointer.objectPointer) { _ in body() }
        g_action_map_add_action(gcast(UnsafeMutableRawPointer(group)), action.pointer)
    }

    /// The page's action `name` (`clear`, `star`…).
    private func action(_ name: String) -> OpaquePointer? {
        g_action_map_lookup_action(gcast(actions.pointer.objectPointer), name)
    }

    /// Name of a row menu's action group (`row.star`, `row.label`, `row.delete`).
    static let rowActionGroup = "row"

    /// Gives `button` the menu of `record`: Star or Unstar, Add or Edit Label…, Delete, with the
    /// actions they name.
    private func rowMenu(for record: HistoryRecord, on button: UnsafeMutablePointer<GtkWidget>) {
        menuRecord = record
        let group = ObjectRef(adopting: g_simple_action_group_new())
        Self.addAction("star", to: group.pointer) { [weak self] in self?.toggleStar(record) }
        Self.addAction("label", to: group.pointer) { [weak self] in self?.editLabel(record) }
        Self.addAction("delete", to: group.pointer) { [weak self] in self?.delete(record) }
        gtk_widget_insert_action_group(button, Self.rowActionGroup, OpaquePointer(group.pointer))
        let menu = ObjectRef(adopting: g_menu_new())
        g_menu_append(menu.pointer, record.starred ? tr("Un_star") : tr("_Star"), "\(Self.rowActionGroup).star")
        g_menu_append(menu.pointer, record.label == nil ? tr("Add _Label…") : tr("Edit _Label…"), "\(Self.rowActionGroup).label")
        g_menu_append(menu.pointer, tr("_Delete"), "\(Self.rowActionGroup).delete")
        gtk_menu_button_set_menu_model(gcast(button), UnsafeMutablePointer(menu.pointer))
    }

    /// Copies the code's main value (a network's password, a link, a number, the text) and says
    /// what was copied.
    private func copy(_ record: HistoryRecord) {
        let value = Self.copiedValue(of: record)
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), value.text)
        showToast(value.confirmation)
    }

    /// What Copy puts on the clipboard for `record`, and the toast saying so.
    static func copiedValue(of record: HistoryRecord) -> ResultPage.CopiedValue {
        guard let text = record.text else { return .init(text: record.displayText, confirmation: tr("Hex copied")) }
        switch ContentParser.parse(text, symbology: Symbology(rawValue: record.format)) {
        case .wifi(let network) where !network.password.isEmpty: return .init(text: network.password, confirmation: tr("Password copied"))
        case .wifi(let network): return .init(text: network.ssid, confirmation: ResultPage.copiedMessage(tr("Network name")))
        case .url(let url): return .init(text: url, confirmation: tr("Link copied"))
        case .phone(let number): return .init(text: number, confirmation: tr("Number copied"))
        case .sms(let message): return .init(text: message.numbers.joined(separator: ", "), confirmation: tr("Number copied"))
        case .product(let product): return .init(text: product.isbn13 ?? product.number, confirmation: tr("Number copied"))
        case .email(let message) where !message.to.isEmpty: return .init(text: message.to, confirmation: tr("Address copied"))
        default: return .init(text: text, confirmation: tr("Text copied"))
        }
    }

    private func toggleStar(_ record: HistoryRecord) {
        guard let id = record.id else { return }
        let on = !record.starred
        recorder.write { store throws(HistoryStoreError) in try store.setStarred(on, id: id) }
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

    /// Shows `message` (plain text) in a toast over the page's foot.
    public func showToast(_ message: String) {
        let toast = created(adw_toast_new(Markup.escaped(message)))
        adw_toast_set_timeout(toast, ResultPage.toastSeconds)
        adw_toast_overlay_add_toast(gcast(widget), toast)
    }
}
