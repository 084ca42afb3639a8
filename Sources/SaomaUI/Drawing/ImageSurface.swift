// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import SaomaCore

/// Cairo image surfaces over immutable pixel bytes, and drawing them into a snapshot.
///
/// GTK 4.8's cairo renderer converts every pixel of a texture through floats each time it draws
/// the texture node, even when only a marker beside it changed (about 8 ms for a 960×640 preview;
/// a third of a core while markers pulse over a photo). A cairo node painting one of these
/// surfaces is a plain copy, clipped to what changed. UI thread only.
@MainActor
enum ImageSurface {
    /// A surface reading `bytes` as cairo's native-endian 32-bit pixels (`ARGB32` premultiplied, or
    /// `RGB24` when `opaque`), or `nil` when the sizes do not match. The surface holds a reference
    /// to `bytes` (transfer full: the caller destroys the surface). Nothing may draw onto it.
    static func make(over bytes: OpaquePointer, width: Int, height: Int, opaque: Bool) -> OpaquePointer? {
        guard width > 0, height > 0 else { return nil }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), Int(size) >= width * height * 4 else { return nil }
        let pixels = UnsafeMutablePointer(mutating: data.assumingMemoryBound(to: UInt8.self))
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let surface = cairo_image_surface_create_for_data(pixels, format, gint(width), gint(height), gint(width * 4))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        g_bytes_ref(bytes)
        cairo_surface_set_user_data(surface, bytesKey, UnsafeMutableRawPointer(bytes)) { g_bytes_unref(OpaquePointer($0)) }
        return surface
    }

    /// Appends a cairo node covering `bounds` (points) that paints `surface` scaled to fill it.
    static func draw(_ surface: OpaquePointer, in bounds: SaomaRect, snapshot: OpaquePointer) {
        let width = Double(cairo_image_surface_get_width(surface))
        let height = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, !bounds.isEmpty else { return }
        var rect = graphene_rect_t(
            origin: graphene_point_t(x: Float(bounds.minX), y: Float(bounds.minY)),
            size: graphene_size_t(width: Float(bounds.width), height: Float(bounds.height)))
        guard let cr = gtk_snapshot_append_cairo(snapshot, &rect) else { return }
        cairo_translate(cr, bounds.minX, bounds.minY)
        paint(surface, scaledBy: (bounds.width / width, bounds.height / height), onto: cr)
        cairo_destroy(cr)
    }

    /// A new opaque-or-not surface of `width` × `height` pixels holding `surface` scaled to fit
    /// it exactly (cairo's good filter), so later paints at that size are plain copies
    /// (transfer full), or `nil` when cairo cannot make it.
    static func scaled(_ surface: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
        let sourceWidth = Double(cairo_image_surface_get_width(surface))
        let sourceHeight = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, sourceWidth > 0, sourceHeight > 0 else { return nil }
        let scaled = cairo_image_surface_create(cairo_image_surface_get_format(surface), gint(width), gint(height))
        guard cairo_surface_status(scaled) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(scaled) else {
            cairo_surface_destroy(scaled)
            return nil
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        paint(surface, scaledBy: (Double(width) / sourceWidth, Double(height) / sourceHeight), onto: cr)
        cairo_destroy(cr)
        cairo_surface_flush(scaled)
        return scaled
    }

    /// Paints `surface` onto `cr` scaled by `scale` (cairo's good filter, edges extended).
    private static func paint(_ surface: OpaquePointer, scaledBy scale: (x: Double, y: Double), onto cr: OpaquePointer) {
        cairo_scale(cr, scale.x, scale.y)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
    }

    /// The key under which a surface keeps its bytes (only its address matters; never freed).
    nonisolated(unsafe) private static let bytesKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}
