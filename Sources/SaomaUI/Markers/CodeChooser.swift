// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Drives choosing among the codes found in an image: markers, the "Click a marker to open" hint
/// with Cancel for several codes, and the automatic choice of a single code after 0.25 s.
///
/// The live scanner and the image tab each own one: add `markers.widget` and `hintBar` as
/// overlay children over the image, call `present(_:transform:)` with the codes, and handle
/// `onChosen` / `onCancelled`. The policy itself is SaomaCore's `CodeChoice`. UI thread only.
@MainActor
public final class CodeChooser {
    /// The markers over the codes.
    public let markers = MarkerLayer()
    /// A bar with the hint and Cancel, shown for two or more codes (bottom-centre overlay child).
    public var hintBar: UnsafeMutablePointer<GtkWidget> { hintBarRef.pointer }
    private let hintBarRef: WidgetRef
    /// Called when a code was chosen (by the person or automatically).
    public var onChosen: ((Symbol) -> Void)?
    /// Called when the person cancelled the choice.
    public var onCancelled: (() -> Void)?
    /// The policy state.
    public private(set) var choice = CodeChoice()
    private var timer: guint = 0
    /// The Cancel button in the hint bar.
    private(set) var cancelButton: UnsafeMutablePointer<GtkWidget>?

    public init() {
        hintBarRef = WidgetRef(sinking: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        let hintBar = hintBarRef.pointer
        gtk_widget_add_css_class(hintBar, "scan-hint")
        gtk_widget_set_halign(hintBar, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(hintBar, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(hintBar, 24)
        let label = gtk_label_new(tr("Click a marker to open"))
        gtk_box_append(gcast(hintBar), label)
        let cancel = created(gtk_button_new_with_label(tr("Cancel")))
        gtk_widget_add_css_class(cancel, "pill")
        onClicked(cancel) { [weak self] in self?.cancel() }
        gtk_box_append(gcast(hintBar), cancel)
        cancelButton = cancel
        gtk_widget_set_visible(hintBar, 0)
        markers.onActivate = { [weak self] index in self?.choose(at: index) }
    }

    isolated deinit {
        if timer != 0 { g_source_remove(timer) }
    }

    /// Adds the markers and the hint bar as overlay children of `overlay` (a `GtkOverlay` over the image).
    public func addOverlays(to overlay: UnsafeMutablePointer<GtkWidget>) {
        gtk_overlay_add_overlay(OpaquePointer(overlay), markers.widget)
        gtk_overlay_add_overlay(OpaquePointer(overlay), hintBar)
    }

    /// Whether codes are being shown for a choice.
    public var isChoosing: Bool {
        if case .choosing = choice.phase { return true }
        return false
    }

    /// Shows markers for `symbols` (image pixels) drawn through `transform`; returns `false`
    /// when they are not taken (nothing found, or a choice is already under way).
    @discardableResult
    public func present(_ symbols: [Symbol], transform: ViewTransform) -> Bool {
        let now = monotonicSeconds()
        guard choice.found(symbols, at: now) else { return false }
        markers.show(symbols, transform: transform)
        gtk_widget_set_visible(hintBar, choice.offersChoice ? 1 : 0)
        if symbols.count == 1 {
            let delay = UInt32(CodeChoice.autoChoiceDelay * 1000)
            timer = addTimeout(milliseconds: delay) { [weak self] in
                guard let self else { return false }
                self.timer = 0
                if let symbol = self.choice.advance(to: monotonicSeconds()) { self.finish(with: symbol) }
                return false
            }
        }
        return true
    }

    /// Chooses the code at `index` (a marker was activated).
    public func choose(at index: Int) {
        guard let symbol = choice.choose(at: index) else { return }
        finish(with: symbol)
    }

    /// Cancels a choice in progress and notifies `onCancelled`.
    public func cancel() {
        guard isChoosing else { return }
        reset()
        onCancelled?()
    }

    /// Back to the start (after a result was shown, or on cancel): markers and hint hidden.
    public func reset() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        choice.resume()
        markers.clear()
        gtk_widget_set_visible(hintBar, 0)
    }

    /// Moves the markers for a new transform.
    public func relayout(transform: ViewTransform) {
        markers.relayout(transform: transform)
    }

    private func finish(with symbol: Symbol) {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        markers.clear()
        gtk_widget_set_visible(hintBar, 0)
        onChosen?(symbol)
    }
}
