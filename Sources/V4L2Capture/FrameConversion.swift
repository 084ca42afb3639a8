// SPDX-License-Identifier: GPL-3.0-or-later

/// Pixel conversions for captured frames, one pass each, straight into the arrays handed on.
enum FrameConversion {
    /// Copies the luma plane (rows of `stride` bytes) into a packed `width * height` array.
    static func luma(from plane: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            let base = out.baseAddress.unsafelyUnwrapped
            if stride == width {
                base.update(from: plane.assumingMemoryBound(to: UInt8.self), count: width * height)
            } else {
                for row in 0..<height {
                    (base + row * width).update(from: (plane + row * stride).assumingMemoryBound(to: UInt8.self), count: width)
                }
            }
            count = width * height
        }
    }

    /// Copies the U and V planes of planar YUV 4:2:0 (YU12: Y, then U, then V at half
    /// resolution); the preview converts only the pixels it shows. `width` and `height` must be even.
    static func chromaPlanes(fromYU12 base: UnsafeRawPointer, width: Int, height: Int) -> (u: [UInt8], v: [UInt8]) {
        let count = (width / 2) * (height / 2)
        let u = base.assumingMemoryBound(to: UInt8.self) + width * height
        func plane(_ start: UnsafePointer<UInt8>) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                out.baseAddress?.update(from: start, count: count)
                initialized = count
            }
        }
        return (plane(u), plane(u + count))
    }

    /// Luma and the packed YUYV itself (Y0 U Y1 V per pixel pair; source rows of `stride`
    /// bytes, copied rows of `width * 2`) in one pass; the preview converts only the pixels it
    /// shows. `width` must be even.
    static func lumaAndYUYV(fromYUYV base: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> (luma: [UInt8], yuyv: [UInt8]) {
        let src = base.assumingMemoryBound(to: UInt8.self)
        let yuyv = [UInt8](unsafeUninitializedCapacity: width * height * 2) { out, count in
            let dst = out.baseAddress.unsafelyUnwrapped
            for row in 0..<height { (dst + row * width * 2).update(from: src + row * stride, count: width * 2) }
            count = width * height * 2
        }
        let luma = [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            let dst = out.baseAddress.unsafelyUnwrapped
            for row in 0..<height {
                let line = src + row * stride
                let l = dst + row * width
                for x in 0..<width { l[x] = line[2 * x] }
            }
            count = width * height
        }
        return (luma, yuyv)
    }

    /// Copies packed RGB (rows of `stride` bytes) and derives BT.601 luma from it.
    ///
    /// libv4lconvert's RGB keeps the camera's luma scale (it does not expand limited range), so
    /// the full-range weights give back the camera's Y values.
    static func rgbAndLuma(fromRGB24 base: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> (rgb: [UInt8], luma: [UInt8]) {
        let src = base.assumingMemoryBound(to: UInt8.self)
        let rgb = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            let dst = out.baseAddress.unsafelyUnwrapped
            for row in 0..<height { (dst + row * width * 3).update(from: src + row * stride, count: width * 3) }
            count = width * height * 3
        }
        let luma = [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            let dst = out.baseAddress.unsafelyUnwrapped
            for row in 0..<height {
                let s = src + row * stride
                let d = dst + row * width
                for x in 0..<width {
                    let r = Int32(s[3 * x])
                    let g = Int32(s[3 * x + 1])
                    let b = Int32(s[3 * x + 2])
                    d[x] = UInt8(truncatingIfNeeded: (77 &* r &+ 150 &* g &+ 29 &* b &+ 128) >> 8)
                }
            }
            count = width * height
        }
        return (rgb, luma)
    }
}
