// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// A childless GTK widget that draws through a Swift closure given the `GtkSnapshot` and its size.
///
/// GTK 4.8's `GtkDrawingArea` only offers cairo; drawing into the snapshot lets the preview place
/// its texture with exactly the `ViewTransform`'s numbers (no `GtkPicture` rounding) and keeps
/// the overlay's rectangles as render nodes. The widget is a registered subclass of `GtkWidget`
/// (`SaomaSnapshotArea`) whose `snapshot` vfunc looks up the closure stored on the instance.
/// UI thread only; the widget is owned by this object (sunk reference, released in `deinit`).
@MainActor
final class SnapshotArea {
    /// Draws into `snapshot` for a widget of `width` × `height` points.
    typealias Draw = @MainActor (_ snapshot: OpaquePointer, _ width: Double, _ height: Double) -> Void

    /// The GTK widget (owned: one reference held until `deinit`).
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef

    /// The drawing closure, called from the widget's snapshot vfunc.
    var draw: Draw? {
        didSet { gtk_widget_queue_draw(widget) }
    }

    /// Called with the new size (points) when GTK allocates the widget a different size.
    var onResize: ((_ width: Double, _ height: Double) -> Void)?
    /// The last allocated size, in points.
    private(set) var allocatedSize = SaomaSize.zero

    init(accessibleRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_PRESENTATION) {
        let raw = saoma_object_new_with_role(SnapshotArea.gtype, accessibleRole)
        widgetRef = WidgetRef(sinking: raw?.assumingMemoryBound(to: GtkWidget.self))
        let widget = widgetRef.pointer
        let owner = Unmanaged.passUnretained(self).toOpaque()
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(widget)), SnapshotArea.ownerKey, owner)
    }

    isolated deinit {
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(widget)), SnapshotArea.ownerKey, nil)
    }

    /// Key of the instance data pointing back at the (unretained) Swift owner.
    private static let ownerKey = "saoma-snapshot-area"

    /// The registered GType, created on first use.
    private static let gtype: GType = registerSubclass(of: gtk_widget_get_type(), named: "SaomaSnapshotArea") { klass, _ in
        guard let widgetClass = klass?.assumingMemoryBound(to: GtkWidgetClass.self) else { return }
        widgetClass.pointee.size_allocate = { widget, width, height, _ in
            guard let widget, let owner = g_object_get_data(UnsafeMutablePointer(OpaquePointer(widget)), SnapshotArea.ownerKey)
            else { return }
            let ownerBits = UInt(bitPattern: owner)
            MainActor.assumeIsolated {
                guard let owner = UnsafeMutableRawPointer(bitPattern: ownerBits) else { return }
                let area = Unmanaged<SnapshotArea>.fromOpaque(owner).takeUnretainedValue()
                let size = SaomaSize(width: Double(width), height: Double(height))
                guard size != area.allocatedSize else { return }
                area.allocatedSize = size
                area.onResize?(size.width, size.height)
            }
        }
        widgetClass.pointee.snapshot = { widget, snapshot in
            guard let widget, let snapshot,
                let owner = g_object_get_data(UnsafeMutablePointer(OpaquePointer(widget)), SnapshotArea.ownerKey)
            else { return }
            let width = Double(gtk_widget_get_width(widget))
            let height = Double(gtk_widget_get_height(widget))
            // Raw pointers are not Sendable; GTK calls this on the UI thread.
            let ownerBits = UInt(bitPattern: owner)
            let snapshotBits = UInt(bitPattern: UnsafeMutableRawPointer(snapshot))
            MainActor.assumeIsolated {
                guard let owner = UnsafeMutableRawPointer(bitPattern: ownerBits),
                    let snapshot = UnsafeMutableRawPointer(bitPattern: snapshotBits)
                else { return }
                let area = Unmanaged<SnapshotArea>.fromOpaque(owner).takeUnretainedValue()
                area.draw?(OpaquePointer(snapshot), width, height)
            }
        }
    }
}
