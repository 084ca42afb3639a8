// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Snapshot drawing helpers in view points.
enum Draw {
    /// Fills `rect` with `color` (RGBA components 0…1).
    static func fill(_ snapshot: OpaquePointer, _ rect: SaomaRect, _ color: GdkRGBA) {
        var c = color
        var r = graphene_rect_t(
            origin: graphene_point_t(x: Float(rect.minX), y: Float(rect.minY)),
            size: graphene_size_t(width: Float(rect.width), height: Float(rect.height)))
        gtk_snapshot_append_color(snapshot, &c, &r)
    }

    /// Fills a disc of `radius` around `centre` with `color`.
    static func disc(_ snapshot: OpaquePointer, centre: SaomaPoint, radius: Double, _ color: GdkRGBA) {
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: Float(centre.x - radius), y: Float(centre.y - radius)),
            size: graphene_size_t(width: Float(2 * radius), height: Float(2 * radius)))
        var rounded = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&rounded, &bounds, Float(radius))
        gtk_snapshot_push_rounded_clip(snapshot, &rounded)
        var c = color
        gtk_snapshot_append_color(snapshot, &c, &bounds)
        gtk_snapshot_pop(snapshot)
    }

    /// A colour from its red, green, blue and alpha components (0…1).
    static func rgba(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> GdkRGBA {
        GdkRGBA(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha))
    }
}
