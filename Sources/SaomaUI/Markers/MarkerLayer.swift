// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore
import SaomaMessages

/// A layer of pulsing round buttons, one over each code, for an image shown through a
/// `ViewTransform` (the live preview with `.cover`, a photo with `.contain`).
///
/// Put `widget` in a `GtkOverlay` over the image so the layer and the image share coordinates.
/// Buttons are numbered and focused in the reading order of what is shown (`MarkerPlacement.readingOrder`:
/// rows from the top, each left to right, mirror included): "Code 1 of 3" is the first in that
/// order, Tab and the arrow keys move through them in it (Tab leaves after the last, the arrows
/// stop there), and Enter/Space activate. The order is the layer's own (a registered `GtkFixed`
/// subclass, `SaomaMarkerLayer`, whose `focus` vfunc follows it): GTK's default order sorts by
/// exact centre heights, which puts a tilted row right to left. The layer is hidden (and so not
/// targetable) while it has no markers. UI thread only; owns its widget (sunk reference,
/// released in `deinit`).
@MainActor
public final class MarkerLayer {
    /// The `GtkFixed` holding the buttons.
    public var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// Called with the index of the marker the person activated (in the codes' order).
    public var onActivate: ((Int) -> Void)?
    /// The buttons, in the codes' order.
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    /// The codes shown.
    public private(set) var symbols: [Symbol] = []
    /// Where each marker sits, in the layer's coordinates (in the codes' order).
    public private(set) var markerRects: [SaomaCore.Rect] = []
    /// The codes' indices in reading order of what is shown: `order[0]` is "Code 1".
    public private(set) var order: [Int] = []

    public init() {
        let raw = g_object_new_with_properties(MarkerLayer.gtype, 0, nil, nil)
        widgetRef = WidgetRef(sinking: UnsafeMutableRawPointer(raw)?.assumingMemoryBound(to: GtkWidget.self))
        let widget = widgetRef.pointer
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(widget)), MarkerLayer.ownerKey, Unmanaged.passUnretained(self).toOpaque())
        gtk_widget_add_css_class(widget, "marker-layer")
        gtk_widget_set_visible(widget, 0)
    }

    isolated deinit {
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(widget)), MarkerLayer.ownerKey, nil)
    }

    /// Shows a marker over each of `symbols` (corners in image pixels) for an image drawn with
    /// `transform`; with several, the first in reading order takes the keyboard focus.
    public func show(_ symbols: [Symbol], transform: ViewTransform) {
        clear()
        self.symbols = symbols
        for index in symbols.indices {
            let button = created(gtk_button_new())
            gtk_widget_add_css_class(button, "scan-marker")
            gtk_widget_set_focusable(button, 1)
            onClicked(button) { [weak self] in self?.onActivate?(index) }
            gtk_fixed_put(gcast(widget), button, 0, 0)
            buttons.append(button)
        }
        gtk_widget_set_visible(widget, symbols.isEmpty ? 0 : 1)
        followFocusForDebugLog()
        relayout(transform: transform)
        if symbols.count > 1, let first = order.first { gtk_widget_grab_focus(buttons[first]) }
    }

    /// Moves the markers for a new transform (the view was resized or mirrored) and numbers them
    /// again in the reading order of what is now shown.
    public func relayout(transform: ViewTransform) {
        markerRects = MarkerPlacement.markerRects(for: symbols, transform: transform)
        order = MarkerPlacement.readingOrder(of: symbols, transform: transform)
        for (button, rect) in zip(buttons, markerRects) {
            let side = gint(rect.width.rounded())
            gtk_widget_set_size_request(button, side, side)
            gtk_fixed_move(gcast(widget), button, rect.minX, rect.minY)
        }
        for (position, index) in order.enumerated() {
            // The code's list title: a Wi-Fi password or login secret never shows in a tooltip.
            let title = ContentSummary(symbol: symbols[index]).title
            let label = MarkerLayer.accessibleLabel(index: position, count: symbols.count, text: title)
            saoma_accessible_set_label(OpaquePointer(buttons[index]), label)
            gtk_widget_set_tooltip_text(buttons[index], label)
        }
    }

    /// Removes every marker and hides the layer.
    public func clear() {
        for button in buttons { gtk_fixed_remove(gcast(widget), button) }
        buttons = []
        symbols = []
        markerRects = []
        order = []
        gtk_widget_set_visible(widget, 0)
    }

    /// The number shown for the code at `index` ("Code 2 of 3" is 2), or `nil`.
    public func number(ofCodeAt index: Int) -> Int? {
        order.firstIndex(of: index).map { $0 + 1 }
    }

    /// "Code 2 of 3: https://example.org" (translatable; `{index}`, `{count}`, `{text}` are placeholders).
    nonisolated static func accessibleLabel(index: Int, count: Int, text: String) -> String {
        tr(
            "Code {index} of {count}: {text}",
            ["index": String(index + 1), "count": String(count), "text": VisibleText.of(DisplayText.shown(text))])
    }

    // MARK: Focus in reading order

    /// Moves the focus for `direction` among the markers in reading order; `false` lets the
    /// focus leave the layer (Tab past either end, or nothing to focus).
    private func moveFocus(_ direction: GtkDirectionType) -> Bool {
        guard !order.isEmpty else { return false }
        let forward = [GTK_DIR_TAB_FORWARD, GTK_DIR_RIGHT, GTK_DIR_DOWN].contains(direction)
        let isTab = direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD
        let focused = gtk_widget_get_focus_child(widget).flatMap { child in buttons.firstIndex(of: child) }
        let target: Int
        if let focused, let position = order.firstIndex(of: focused) {
            let next = position + (forward ? 1 : -1)
            guard order.indices.contains(next) else {
                // Tab goes on to the next control; an arrow stays on the last marker it reached.
                return !isTab
            }
            target = next
        } else {
            target = forward ? 0 : order.count - 1
        }
        return gtk_widget_grab_focus(buttons[order[target]]) != 0
    }

    /// Whether the window's focus is followed for the debug log.
    private var followsFocus = false

    /// Logs each marker that becomes the window's focus widget (the window's own record: a
    /// window without a window manager is never active, so `has-focus` stays false).
    private func followFocusForDebugLog() {
        guard DebugEvents.enabled, !followsFocus, let root = gtk_widget_get_root(widget) else { return }
        followsFocus = true
        onNotify(UnsafeMutableRawPointer(root), property: "focus-widget") { [weak self] in
            guard let self, let focus = gtk_root_get_focus(root), let index = self.buttons.firstIndex(of: focus),
                let number = self.number(ofCodeAt: index)
            else { return }
            DebugEvents.log(.markerFocus(number: number, text: self.symbols[index].displayText))
        }
    }

    /// Key of the instance data pointing back at the (unretained) Swift owner.
    private static let ownerKey = "saoma-marker-layer"

    /// The registered GType (a `GtkFixed` whose `focus` vfunc follows `order`), created on first use.
    private static let gtype: GType = registerSubclass(of: gtk_fixed_get_type(), named: "SaomaMarkerLayer") { klass, _ in
        guard let widgetClass = klass?.assumingMemoryBound(to: GtkWidgetClass.self) else { return }
        widgetClass.pointee.focus = { widget, direction in
            guard let widget, let owner = g_object_get_data(UnsafeMutablePointer(OpaquePointer(widget)), MarkerLayer.ownerKey)
            else { return 0 }
            // Raw pointers are not Sendable; GTK calls this on the UI thread.
            let ownerBits = UInt(bitPattern: owner)
            return MainActor.assumeIsolated {
                guard let owner = UnsafeMutableRawPointer(bitPattern: ownerBits) else { return 0 }
                return Unmanaged<MarkerLayer>.fromOpaque(owner).takeUnretainedValue().moveFocus(direction) ? 1 : 0
            }
        }
    }
}
