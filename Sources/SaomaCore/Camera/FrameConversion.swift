// SPDX-License-Identifier: GPL-3.0-or-later

/// Pixel conversions for captured frames (V4L2 and PipeWire), one pass each, straight into the
/// arrays handed on.
public enum FrameConversion {
    /// Copies `height` rows of `rowBytes` bytes, `stride` bytes apart in `source`, into one
    /// packed array (a plane, or packed pixels, as the camera sent them).
    public static func packedRows(from source: UnsafeRawPointer, rowBytes: Int, height: Int, stride: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: rowBytes * height) { out, count in
            let base = out.baseAddress.unsafelyUnwrapped
            let src = source.assumingMemoryBound(to: UInt8.self)
            if stride == rowBytes {
                base.update(from: src, count: rowBytes * height)
            } else {
                for row in 0..<height { (base + row * rowBytes).update(from: src + row * stride, count: rowBytes) }
            }
            count = rowBytes * height
        }
    }

    /// A packed `width` × `height` plane, filled a row at a time: `fill(row, out)` writes the
    /// `width` bytes of `row` to `out` (one call per row, so the per-pixel loop stays in `fill`).
    @inline(__always)
    static func plane(width: Int, height: Int, fill: (_ row: Int, _ out: UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            let dst = out.baseAddress.unsafelyUnwrapped
            for row in 0..<height { fill(row, dst + row * width) }
            count = width * height
        }
    }

    /// Copies the U and V planes of planar YUV 4:2:0 (YU12: Y, then U, then V at half
    /// resolution); the preview converts only the pixels it shows. `width` and `height` must be even.
    public static func chromaPlanes(fromYU12 base: UnsafeRawPointer, width: Int, height: Int) -> (u: [UInt8], v: [UInt8]) {
        let count = (width / 2) * (height / 2)
        let u = base + width * height
        return (
            packedRows(from: u, rowBytes: count, height: 1, stride: count),
            packedRows(from: u + count, rowBytes: count, height: 1, stride: count)
        )
    }

    /// Luma and the packed YUYV itself (Y0 U Y1 V per pixel pair; source rows of `stride`
    /// bytes, copied rows of `width * 2`) in one pass; the preview converts only the pixels it
    /// shows. `width` must be even.
    public static func lumaAndYUYV(fromYUYV base: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> (luma: [UInt8], yuyv: [UInt8])
    {
        let src = base.assumingMemoryBound(to: UInt8.self)
        let yuyv = packedRows(from: base, rowBytes: width * 2, height: height, stride: stride)
        let luma = plane(width: width, height: height) { row, l in
            let line = src + row * stride
            for x in 0..<width { l[x] = line[2 * x] }
        }
        return (luma, yuyv)
    }

    /// Copies packed RGB (rows of `stride` bytes) and derives BT.601 luma from it.
    ///
    /// libv4lconvert's RGB keeps the camera's luma scale (it does not expand limited range), so
    /// the full-range weights give back the camera's Y values.
    public static func rgbAndLuma(fromRGB24 base: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> (rgb: [UInt8], luma: [UInt8]) {
        let src = base.assumingMemoryBound(to: UInt8.self)
        let rgb = packedRows(from: base, rowBytes: width * 3, height: height, stride: stride)
        let luma = plane(width: width, height: height) { row, d in
            let s = src + row * stride
            for x in 0..<width {
                let r = Int32(s[3 * x])
                let g = Int32(s[3 * x + 1])
                let b = Int32(s[3 * x + 2])
                d[x] = UInt8(truncatingIfNeeded: (77 &* r &+ 150 &* g &+ 29 &* b &+ 128) >> 8)
            }
        }
        return (rgb, luma)
    }

    /// Splits the interleaved U V plane of NV12 (`height / 2` rows of `width` bytes, `stride`
    /// bytes apart) into separate U and V planes of `(width / 2) × (height / 2)`. `width` and
    /// `height` must be even.
    public static func chromaPlanes(fromNV12 chroma: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> (u: [UInt8], v: [UInt8]) {
        let half = width / 2
        let rows = height / 2
        let src = chroma.assumingMemoryBound(to: UInt8.self)
        var v = [UInt8](repeating: 0, count: half * rows)
        let u = [UInt8](unsafeUninitializedCapacity: half * rows) { us, count in
            v.withUnsafeMutableBufferPointer { vs in
                let uBase = us.baseAddress.unsafelyUnwrapped
                let vBase = vs.baseAddress.unsafelyUnwrapped
                for row in 0..<rows {
                    let line = src + row * stride
                    let out = row * half
                    for x in 0..<half {
                        uBase[out + x] = line[2 * x]
                        vBase[out + x] = line[2 * x + 1]
                    }
                }
            }
            count = half * rows
        }
        return (u, v)
    }
}
