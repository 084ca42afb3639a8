// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// A layer of pulsing round buttons, one over each code, for an image shown through a
/// `ViewTransform` (the live preview with `.cover`, a photo with `.contain`).
///
/// Put `widget` in a `GtkOverlay` over the image so the layer and the image share coordinates.
/// Buttons are focusable (Tab), activate with Enter/Space and carry "Code 2 of 3: …" labels.
/// The layer is hidden (and so not targetable) while it has no markers. UI thread only; owns its
/// widget (sunk reference, released in `deinit`).
@MainActor
public final class MarkerLayer {
    /// The `GtkFixed` holding the buttons.
    public var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// Called with the index of the marker the person activated.
    public var onActivate: ((Int) -> Void)?
    /// The buttons, in the codes' order.
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    /// The codes shown.
    public private(set) var symbols: [Symbol] = []
    /// Where each marker sits, in the layer's coordinates.
    public private(set) var markerRects: [SaomaCore.Rect] = []

    public init() {
        widgetRef = WidgetRef(sinking: gtk_fixed_new())
        let widget = widgetRef.pointer
        gtk_widget_add_css_class(widget, "marker-layer")
        gtk_widget_set_visible(widget, 0)
    }

    /// Shows a marker over each of `symbols` (corners in image pixels) for an image drawn with `transform`.
    public func show(_ symbols: [Symbol], transform: ViewTransform) {
        clear()
        self.symbols = symbols
        let count = symbols.count
        for (index, symbol) in symbols.enumerated() {
            let button = created(gtk_button_new())
            gtk_widget_add_css_class(button, "scan-marker")
            gtk_widget_set_focusable(button, 1)
            let label = MarkerLayer.accessibleLabel(index: index, count: count, text: symbol.displayText)
            saoma_accessible_set_label(OpaquePointer(button), label)
            gtk_widget_set_tooltip_text(button, label)
            onClicked(button) { [weak self] in self?.onActivate?(index) }
            gtk_fixed_put(gcast(widget), button, 0, 0)
            buttons.append(button)
        }
        gtk_widget_set_visible(widget, count > 0 ? 1 : 0)
        relayout(transform: transform)
        if let first = buttons.first, count > 1 { gtk_widget_grab_focus(first) }
    }

    /// Moves the markers for a new transform (the view was resized or mirrored).
    public func relayout(transform: ViewTransform) {
        markerRects = MarkerPlacement.markerRects(for: symbols, transform: transform)
        for (button, rect) in zip(buttons, markerRects) {
            let side = gint(rect.width.rounded())
            gtk_widget_set_size_request(button, side, side)
            gtk_fixed_move(gcast(widget), button, rect.minX, rect.minY)
        }
    }

    /// Removes every marker and hides the layer.
    public func clear() {
        for button in buttons { gtk_fixed_remove(gcast(widget), button) }
        buttons = []
        symbols = []
        markerRects = []
        gtk_widget_set_visible(widget, 0)
    }

    /// "Code 2 of 3: https://example.org" (translatable; `{index}`, `{count}`, `{text}` are placeholders).
    nonisolated static func accessibleLabel(index: Int, count: Int, text: String) -> String {
        tr(
            "Code {index} of {count}: {text}",
            ["index": String(index + 1), "count": String(count), "text": VisibleText.of(DisplayText.shown(text))])
    }
}
