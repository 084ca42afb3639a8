// SPDX-License-Identifier: GPL-3.0-or-later

/// BT.601 YCbCr → RGB coefficients in 8.8 fixed point for one quantisation range.
struct YCbCrRange {
    /// Subtracted from Y before scaling (16 for limited range).
    var lumaOffset: Int32
    /// Y scale ×256 (298 = 255/219 for limited range).
    var lumaScale: Int32
    var redFromV: Int32
    var greenFromU: Int32
    var greenFromV: Int32
    var blueFromU: Int32

    /// Limited ("TV") range, Y 16…235: what webcams send as YUYV.
    static let limited = YCbCrRange(lumaOffset: 16, lumaScale: 298, redFromV: 409, greenFromU: 100, greenFromV: 208, blueFromU: 516)
    /// Full ("JPEG") range, Y 0…255: what libv4lconvert's MJPEG decoding yields.
    static let full = YCbCrRange(lumaOffset: 0, lumaScale: 256, redFromV: 359, greenFromU: 88, greenFromV: 183, blueFromU: 454)
}

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
    /// in `range`. `width` and `height` must be even.
    ///
    /// Works on 2×2 blocks so each chroma sample's terms are computed once for four pixels
    /// (a SIMD version measured twice as slow as this scalar loop).
    static func rgb(fromYU12 base: UnsafeRawPointer, width: Int, height: Int, range: YCbCrRange) -> [UInt8] {
        let y = base.assumingMemoryBound(to: UInt8.self)
        let u = y + width * height
        let v = u + (width / 2) * (height / 2)
        return [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            let rgb = out.baseAddress.unsafelyUnwrapped
            let halfWidth = width / 2
            for blockRow in 0..<(height / 2) {
                let y0 = y + 2 * blockRow * width
                let y1 = y0 + width
                let uRow = u + blockRow * halfWidth
                let vRow = v + blockRow * halfWidth
                let out0 = rgb + 2 * blockRow * width * 3
                let out1 = out0 + width * 3
                for pair in 0..<halfWidth {
                    let (rTerm, gTerm, bTerm) = chromaTerms(u: uRow[pair], v: vRow[pair], range)
                    let x = 2 * pair
                    store(luma: y0[x], rTerm, gTerm, bTerm, range, to: out0 + 3 * x)
                    store(luma: y0[x + 1], rTerm, gTerm, bTerm, range, to: out0 + 3 * x + 3)
                    store(luma: y1[x], rTerm, gTerm, bTerm, range, to: out1 + 3 * x)
                    store(luma: y1[x + 1], rTerm, gTerm, bTerm, range, to: out1 + 3 * x + 3)
                }
            }
            count = width * height * 3
        }
    }

    /// Luma and packed RGB from YUYV (Y0 U Y1 V per pixel pair, rows of `stride` bytes) in one
    /// pass, BT.601 limited range. `width` must be even.
    static func lumaAndRGB(fromYUYV base: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> (luma: [UInt8], rgb: [UInt8]) {
        let range = YCbCrRange.limited
        let src = base.assumingMemoryBound(to: UInt8.self)
        var rgb: [UInt8] = []
        let luma = [UInt8](unsafeUninitializedCapacity: width * height) { lumaOut, lumaCount in
            let lumaBase = lumaOut.baseAddress.unsafelyUnwrapped
            rgb = [UInt8](unsafeUninitializedCapacity: width * height * 3) { rgbOut, rgbCount in
                let rgbBase = rgbOut.baseAddress.unsafelyUnwrapped
                for row in 0..<height {
                    let line = src + row * stride
                    let l = lumaBase + row * width
                    let o = rgbBase + row * width * 3
                    for pair in 0..<(width / 2) {
                        let s = line + 4 * pair
                        let y0 = s[0]
                        let y1 = s[2]
                        let (rTerm, gTerm, bTerm) = chromaTerms(u: s[1], v: s[3], range)
                        l[2 * pair] = y0
                        l[2 * pair + 1] = y1
                        store(luma: y0, rTerm, gTerm, bTerm, range, to: o + 6 * pair)
                        store(luma: y1, rTerm, gTerm, bTerm, range, to: o + 6 * pair + 3)
                    }
                }
                rgbCount = width * height * 3
            }
            lumaCount = width * height
        }
        return (luma, rgb)
    }

    /// The red, green and blue chroma contributions (×256, rounding included) of one U/V pair.
    @inline(__always)
    private static func chromaTerms(u: UInt8, v: UInt8, _ range: YCbCrRange) -> (Int32, Int32, Int32) {
        let d = Int32(u) &- 128
        let e = Int32(v) &- 128
        return (range.redFromV &* e &+ 128, 128 &- range.greenFromU &* d &- range.greenFromV &* e, range.blueFromU &* d &+ 128)
    }

    @inline(__always)
    private static func store(
        luma: UInt8, _ rTerm: Int32, _ gTerm: Int32, _ bTerm: Int32, _ range: YCbCrRange, to o: UnsafeMutablePointer<UInt8>
    ) {
        let c = range.lumaScale &* (Int32(luma) &- range.lumaOffset)
        o[0] = clampToByte((c &+ rTerm) >> 8)
        o[1] = clampToByte((c &+ gTerm) >> 8)
        o[2] = clampToByte((c &+ bTerm) >> 8)
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

    @inline(__always)
    private static func clampToByte(_ v: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(v, 0), 255))
    }
}
