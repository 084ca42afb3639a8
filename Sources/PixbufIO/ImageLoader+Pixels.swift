// SPDX-License-Identifier: GPL-3.0-or-later
import CGdkPixbuf
import SaomaCore

/// A read-only view of a pixbuf's 8-bit pixels; borrows the pixbuf (transfer none), which must
/// outlive this view.
struct PixbufPixels {
    let pixbuf: OpaquePointer
    let width: Int
    let height: Int
    let rowstride: Int
    let channels: Int
    let hasAlpha: Bool

    init(_ pixbuf: OpaquePointer) {
        self.pixbuf = pixbuf
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    }

    /// The pixels as luma (BT.601 weights), transparent pixels composited over white.
    func luma() -> LumaImage {
        var out = [UInt8](repeating: 255, count: width * height)
        guard let base = gdk_pixbuf_read_pixels(pixbuf), width > 0, height > 0 else {
            return LumaImage(width: width, height: height)
        }
        let (w, h, stride, n, alpha) = (width, height, rowstride, channels, hasAlpha)
        out.withUnsafeMutableBufferPointer { dst in
            guard let out = dst.baseAddress else { return }
            // One loop per layout, so the per-pixel work has no branches (this runs over every
            // pixel of every image scanned).
            for y in 0..<h {
                let row = base + y * stride
                let line = out + y * w
                switch (n, alpha) {
                case (3, false):
                    for x in 0..<w {
                        let p = row + x * 3
                        line[x] = UInt8(truncatingIfNeeded: (77 &* Int(p[0]) &+ 150 &* Int(p[1]) &+ 29 &* Int(p[2]) &+ 128) &>> 8)
                    }
                case (4, true):
                    for x in 0..<w {
                        let p = row + x * 4
                        let v = (77 &* Int(p[0]) &+ 150 &* Int(p[1]) &+ 29 &* Int(p[2]) &+ 128) &>> 8
                        let a = Int(p[3])
                        line[x] = UInt8(truncatingIfNeeded: (v &* a &+ 255 &* (255 &- a) &+ 127) / 255)
                    }
                default:
                    for x in 0..<w {
                        let p = row + x * n
                        var v = n >= 3 ? (77 * Int(p[0]) + 150 * Int(p[1]) + 29 * Int(p[2]) + 128) >> 8 : Int(p[0])
                        if alpha {
                            let a = Int(p[n - 1])
                            v = (v * a + 255 * (255 - a) + 127) / 255
                        }
                        line[x] = UInt8(v)
                    }
                }
            }
        }
        return LumaImage(width: w, height: h, pixels: out) ?? LumaImage(width: w, height: h)
    }

    /// The pixels packed for display: the pixbuf's own RGB or RGBA layout, rows `rowstride` apart.
    func display() -> DisplayPixels {
        let count = rowstride * max(0, height - 1) + width * channels
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        if let base = gdk_pixbuf_read_pixels(pixbuf), count > 0 {
            bytes.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: count)) }
        }
        return DisplayPixels(bytes: bytes, width: width, height: height, rowstride: rowstride, hasAlpha: hasAlpha)
    }
}
