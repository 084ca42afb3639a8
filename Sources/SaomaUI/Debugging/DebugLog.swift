// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Where `widget`'s point `(x, y)` is on the screen, assuming the window's surface sits at the
/// screen's origin (true without a window manager, as under the tests' Xvfb).
@MainActor
func screenPoint(of widget: UnsafeMutablePointer<GtkWidget>, x: Double = 0, y: Double = 0) -> (x: Double, y: Double)? {
    guard let native = gtk_widget_get_native(widget) else { return nil }
    let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
    var source = graphene_point_t(x: Float(x), y: Float(y))
    var target = graphene_point_t()
    guard gtk_widget_compute_point(widget, nativeWidget, &source, &target) != 0 else { return nil }
    var dx = 0.0
    var dy = 0.0
    gtk_native_get_surface_transform(native, &dx, &dy)
    return (Double(target.x) + dx, Double(target.y) + dy)
}
