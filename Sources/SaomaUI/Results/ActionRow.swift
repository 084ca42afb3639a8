// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The result page's row of actions: side by side and centred when they fit, else wrapped onto
/// further centred lines (`WrappedRow`), so that no button is cut off in a narrow pane or with
/// large text.
///
/// A registered `GtkWidget` subclass (`SaomaActionRow`, height-for-width) whose children are the
/// buttons, in focus order. GTK 4.8's `GtkFlowBox` would wrap them too, but it wraps each child in
/// a focusable cell of a grid, which then takes the keyboard focus instead of the button.
/// UI thread only.
@MainActor
enum ActionRow {
    /// Space between two buttons and between two lines, in points.
    static let spacing = 12

    /// A new, empty row (a floating reference, sunk by the parent it is added to).
    static func make() -> UnsafeMutablePointer<GtkWidget> {
        // The type exists: registered from constant class data on first use.
        saoma_object_new_with_role(gtype, GTK_ACCESSIBLE_ROLE_GROUP)!.assumingMemoryBound(to: GtkWidget.self)
    }

    /// Adds `child` at the end of `row`.
    static func append(_ row: UnsafeMutablePointer<GtkWidget>, _ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_before(child, row, nil)
    }

    /// Adds `child` right after `sibling`.
    static func insert(
        _ row: UnsafeMutablePointer<GtkWidget>, _ child: UnsafeMutablePointer<GtkWidget>, after sibling: UnsafeMutablePointer<GtkWidget>
    ) {
        gtk_widget_insert_after(child, row, sibling)
    }

    /// Takes `child` out of its row.
    static func remove(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_unparent(child)
    }

    /// The children to lay out, in order.
    private static func children(of row: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var out: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(row)
        while let current = child {
            if gtk_widget_should_layout(current) != 0 { out.append(current) }
            child = gtk_widget_get_next_sibling(current)
        }
        return out
    }

    /// The children's minimum and natural sizes along `orientation` (for `forSize` across it).
    private static func measure(_ child: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation, for forSize: Int32) -> (
        Int32, Int32
    ) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(child, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }

    /// The layout of `children` for `width`: where each goes and each line's height.
    private static func layout(_ children: [UnsafeMutablePointer<GtkWidget>], width: Int32) -> (
        placements: [(line: Int, x: Double, width: Double)], lineHeights: [Int32]
    ) {
        let row = WrappedRow(widths: children.map { Double(measure($0, GTK_ORIENTATION_HORIZONTAL, for: -1).1) }, spacing: Double(spacing))
        let placements = row.placements(for: Double(width))
        var heights = [Int32](repeating: 0, count: (placements.map(\.line).max() ?? -1) + 1)
        for (child, placed) in zip(children, placements) {
            heights[placed.line] = max(heights[placed.line], measure(child, GTK_ORIENTATION_VERTICAL, for: Int32(placed.width)).1)
        }
        return (placements, heights)
    }

    /// The registered GType, created on first use.
    private static let gtype: GType = registerSubclass(of: gtk_widget_get_type(), named: "SaomaActionRow") { klass, _ in
        guard let widgetClass = klass?.assumingMemoryBound(to: GtkWidgetClass.self) else { return }
        widgetClass.pointee.get_request_mode = { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }
        widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, _, _ in
            guard let widget else { return }
            let widgetBits = UInt(bitPattern: UnsafeMutableRawPointer(widget))
            // GTK measures on the UI thread.
            let (low, high) = MainActor.assumeIsolated { () -> (Int32, Int32) in
                guard let row = UnsafeMutablePointer<GtkWidget>(bitPattern: widgetBits) else { return (0, 0) }
                let children = ActionRow.children(of: row)
                if orientation == GTK_ORIENTATION_HORIZONTAL {
                    let sizes = children.map { ActionRow.measure($0, GTK_ORIENTATION_HORIZONTAL, for: -1) }
                    let natural = WrappedRow(widths: sizes.map { Double($0.1) }, spacing: Double(ActionRow.spacing)).naturalWidth
                    return (sizes.map(\.0).max() ?? 0, Int32(natural.rounded(.up)))
                }
                let width =
                    forSize >= 0
                    ? forSize
                    : Int32(
                        WrappedRow(
                            widths: children.map { Double(ActionRow.measure($0, GTK_ORIENTATION_HORIZONTAL, for: -1).1) },
                            spacing: Double(ActionRow.spacing)
                        ).naturalWidth.rounded(.up))
                let heights = ActionRow.layout(children, width: width).lineHeights
                let total = heights.reduce(0, +) + Int32(ActionRow.spacing) * Int32(max(0, heights.count - 1))
                return (total, total)
            }
            minimum?.pointee = low
            natural?.pointee = high
        }
        widgetClass.pointee.size_allocate = { widget, width, _, _ in
            guard let widget else { return }
            let widgetBits = UInt(bitPattern: UnsafeMutableRawPointer(widget))
            MainActor.assumeIsolated {
                guard let row = UnsafeMutablePointer<GtkWidget>(bitPattern: widgetBits) else { return }
                let children = ActionRow.children(of: row)
                let (placements, heights) = ActionRow.layout(children, width: width)
                var tops: [Int32] = []
                var y: Int32 = 0
                for height in heights {
                    tops.append(y)
                    y += height + Int32(ActionRow.spacing)
                }
                for (child, placed) in zip(children, placements) {
                    var box = GtkAllocation(
                        x: Int32(placed.x.rounded()), y: tops[placed.line], width: Int32(placed.width), height: heights[placed.line])
                    gtk_widget_size_allocate(child, &box, -1)
                }
            }
        }
        // The buttons go with the row.
        let objectClass = UnsafeMutableRawPointer(widgetClass).assumingMemoryBound(to: GObjectClass.self)
        objectClass.pointee.dispose = { object in
            guard let object else { return }
            let widget = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
            while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
            let parent = g_type_class_peek(gtk_widget_get_type())?.assumingMemoryBound(to: GObjectClass.self)
            parent?.pointee.dispose?(object)
        }
    }
}
