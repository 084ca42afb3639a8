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

    /// Packed RGB from planar YUV 4:2:0 (YU12: Y, then U, then V at half resolution), BT.601
    /// limited range as webcams deliver it. `width` and `height` must be even.
    static func rgb(fromYU12 base: UnsafeRawPointer, width: Int, height: Int) -> [UInt8] {
        let y = base.assumingMemoryBound(to: UInt8.self)
        let u = y + width * height
        let v = u + (width / 2) * (height / 2)
        return [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            let rgb = out.baseAddress.unsafelyUnwrapped
            let halfWidth = width / 2
            for row in 0..<height {
                let yRow = y + row * width
                let uRow = u + (row / 2) * halfWidth
                let vRow = v + (row / 2) * halfWidth
                let outRow = rgb + row * width * 3
                for pair in 0..<halfWidth {
                    let d = Int32(uRow[pair]) - 128
                    let e = Int32(vRow[pair]) - 128
                    let rTerm = 409 * e + 128
                    let gTerm = -100 * d - 208 * e + 128
                    let bTerm = 516 * d + 128
                    for k in 0..<2 {
                        let c = 298 * (Int32(yRow[2 * pair + k]) - 16)
                        let o = outRow + (2 * pair + k) * 3
                        o[0] = clampToByte((c + rTerm) >> 8)
                        o[1] = clampToByte((c + gTerm) >> 8)
                        o[2] = clampToByte((c + bTerm) >> 8)
                    }
                }
            }
            count = width * height * 3
        }
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
                    d[x] = UInt8(truncatingIfNeeded: (77 * r + 150 * g + 29 * b + 128) >> 8)
                }
            }
            count = width * height
        }
        return (rgb, luma)
    }

    @inline(__always)
    private static func clampToByte(_ v: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: v < 0 ? 0 : (v > 255 ? 255 : v))
    }
}
