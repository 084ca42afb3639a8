// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import PixbufIO
import SaomaCore
import SaomaMessages

/// Continuous mode: scanning does not stop at a code; each new code (by `ContinuousScanTally`'s
/// rule) is recorded, plays the detection sound and goes to the top of the session list, a
/// side-panel page beside the preview with one-click export.
///
/// UI thread only; one per window, owning its header toggle and session page.
@MainActor
final class ContinuousMode {
    private(set) weak var window: SaomaWindow?
    private let recorder: HistoryRecorder
    private var tally = ContinuousScanTally()
    private let toggle: UnsafeMutablePointer<GtkWidget>
    /// The session page: a count, the list of codes counted and the export button.
    var page: UnsafeMutablePointer<GtkWidget> { pageRef.pointer }
    private let pageRef: WidgetRef
    private let list: UnsafeMutablePointer<GtkWidget>
    private let countLabel: UnsafeMutablePointer<GtkWidget>
    private let exportButton: UnsafeMutablePointer<GtkWidget>
    /// The open save dialog (one reference owned while it shows).
    private var chooser: SaveFileChooser?
    private let settings = AppSettings.shared
    /// When each counted code was read, milliseconds since the epoch (parallel to `tally.counted`).
    private var countedTimes: [Int64] = []

    init(window: SaomaWindow, recorder: HistoryRecorder) {
        self.window = window
        self.recorder = recorder
        toggle = created(gtk_toggle_button_new())
        gtk_button_set_icon_name(gcast(toggle), "view-continuous-symbolic")
        gtk_widget_set_tooltip_text(toggle, tr("Continuous Scanning"))
        saoma_accessible_set_label(gcast(toggle), tr("Continuous Scanning"))
        window.addHeaderButton(toggle)

        pageRef = WidgetRef(sinking: gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        let page = pageRef.pointer
        countLabel = created(gtk_label_new(""))
        gtk_widget_add_css_class(countLabel, "heading")
        gtk_widget_set_margin_top(countLabel, 6)
        gtk_box_append(gcast(page), countLabel)
        list = HistoryPage.boxedList()
        gtk_widget_set_margin_start(list, 12)
        gtk_widget_set_margin_end(list, 12)
        let scroller = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gcast(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(gcast(page), scroller)
        exportButton = created(gtk_button_new_with_mnemonic(tr("_Export Session…")))
        gtk_widget_add_css_class(exportButton, "pill")
        gtk_widget_set_halign(exportButton, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_bottom(exportButton, 12)
        gtk_box_append(gcast(page), exportButton)
        onClicked(UnsafeMutableRawPointer(exportButton)) { [weak self] in self?.chooseExportFile() }
        updateCount()

        let on = settings.hasKey("continuous") && settings.bool("continuous")
        gtk_toggle_button_set_active(gcast(toggle), on ? 1 : 0)
        onToggled(UnsafeMutableRawPointer(toggle)) { [weak self] in
            guard let self else { return }
            self.setActive(gtk_toggle_button_get_active(gcast(self.toggle)) != 0)
        }
        runOnMainLoop { [weak self] in self?.setActive(on) }
    }

    /// Turns continuous mode on or off (remembered); on, the session page shows beside the preview.
    func setActive(_ on: Bool) {
        guard let window else { return }
        if settings.hasKey("continuous") { settings.setBool("continuous", on) }
        DebugEvents.log(.continuous(on: on))
        if on {
            window.setContinuousHandler { [weak self] detection in self?.found(detection.symbols) }
            window.sidebar.addPage(name: "session", title: tr("Session"), iconName: "view-continuous-symbolic", widget: page)
            window.setSidebarVisible(true)
            window.sidebar.showPage("session")
            window.resumeScanning()
        } else {
            window.setContinuousHandler(nil)
            if let child = adw_view_stack_get_child_by_name(gcast(window.sidebar.stack), "session") {
                adw_view_stack_remove(gcast(window.sidebar.stack), child)
            }
        }
    }

    /// Codes seen in a frame: the new ones are recorded, sounded and listed.
    private func found(_ symbols: [Symbol]) {
        let fresh = tally.observe(symbols, at: monotonicSeconds())
        guard !fresh.isEmpty else { return }
        let now = HistoryTime.now()
        for symbol in fresh {
            recorder.record(symbol, origin: .camera)
            countedTimes.insert(now, at: 0)
            let subtitle = DateTimeText.timeOfDay(milliseconds: now) + " · " + symbol.format.name
            gtk_list_box_prepend(gcast(list), HistoryPage.codeRow(ContentSummary(symbol: symbol), subtitle: subtitle))
            DebugEvents.log(.continuousCode(text: symbol.displayText))
        }
        updateCount()
        if settings.bool("sound") { DetectionSound.shared.play() }
        flashMarkers(on: fresh)
    }

    /// Milliseconds the new codes' markers show over the live preview.
    static let flashMilliseconds: UInt32 = 600

    /// Shows markers on the new codes for a moment (live scanning goes on under them).
    private func flashMarkers(on symbols: [Symbol]) {
        guard let scanner = window?.scanner, !scanner.chooser.isChoosing else { return }
        scanner.chooser.markers.show(symbols, transform: scanner.transform)
        DebugEvents.log(.continuousFlash(count: symbols.count))
        addTimeout(milliseconds: Self.flashMilliseconds) { [weak scanner] in
            if let scanner, !scanner.chooser.isChoosing { scanner.chooser.markers.clear() }
            return false
        }
    }

    private func updateCount() {
        let count = tally.counted.count
        gtk_label_set_text(
            gcast(countLabel),
            trn("{count} code this session", "{count} codes this session", count))
        gtk_widget_set_sensitive(exportButton, count > 0 ? 1 : 0)
    }

    /// The session's codes as history records, oldest first.
    var sessionRecords: [HistoryRecord] {
        zip(tally.counted, countedTimes).reversed().map { HistoryRecord(symbol: $0.0, source: .camera, timeMilliseconds: $0.1) }
    }

    private func chooseExportFile() {
        guard let window, chooser == nil else { return }
        let parent = UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: GtkWindow.self)
        chooser = SaveFileChooser.present(
            title: tr("Export Session"), acceptLabel: tr("_Export"), parent: parent, suggesting: "saoma-session.csv", fileTypes: []
        ) { [weak self] answer in
            guard let self else { return }
            self.chooser = nil
            // The dialog asked before replacing a file that was there when it was answered.
            if case .chosen(let path, _) = answer { self.export(to: path, replacing: AtomicFile.isPresent(path)) }
        }
    }

    /// Writes the session's list to `path` (JSON Lines for `.jsonl`, else spreadsheet-safe CSV),
    /// atomically; a file already there is replaced only when `replacing`.
    func export(to path: String, replacing: Bool = false) {
        let format = HistoryFileFormat(path: path) ?? .csv
        do {
            try AtomicFile.write(Data(format.encode(sessionRecords).utf8), to: path, replacing: replacing)
        } catch {
            recorder.onProblem?(tr("Could not export the session: {reason}", ["reason": "\(error)"]))
        }
    }
}
