// SPDX-License-Identifier: GPL-3.0-or-later

/// BT.601 YCbCr → RGB lookup tables for one quantisation range, in whole pixel levels.
///
/// Table lookups instead of fixed-point multiplies measured 30 % faster (within one level of the
/// exact result). Allocated once per range and never freed; immutable after `init`, hence
/// `@unchecked Sendable`.
final class YCbCrTables: @unchecked Sendable {
    /// Offset of level 0 in `clamp`: sums run from about -300 to +540.
    static let clampOffset = 384

    /// Y contribution per luma value.
    let luma: UnsafePointer<Int32>
    let redFromV: UnsafePointer<Int32>
    let greenFromU: UnsafePointer<Int32>
    let greenFromV: UnsafePointer<Int32>
    let blueFromU: UnsafePointer<Int32>
    /// `clamp[sum]` is `sum` clamped to 0…255 (valid for -384…639).
    let clamp: UnsafePointer<UInt8>

    /// Limited ("TV") range, Y 16…235: what webcams send as YUYV.
    static let limited = YCbCrTables(lumaOffset: 16, lumaScale: 1.164, rv: 1.596, gu: -0.391, gv: -0.813, bu: 2.018)
    /// Full ("JPEG") range, Y 0…255: what libv4lconvert's MJPEG decoding yields.
    static let full = YCbCrTables(lumaOffset: 0, lumaScale: 1, rv: 1.402, gu: -0.344, gv: -0.714, bu: 1.772)

    private init(lumaOffset: Double, lumaScale: Double, rv: Double, gu: Double, gv: Double, bu: Double) {
        func table(_ f: (Double) -> Double) -> UnsafePointer<Int32> {
            let t = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
            for i in 0..<256 { t[i] = Int32(f(Double(i)).rounded()) }
            return UnsafePointer(t)
        }
        luma = table { lumaScale * ($0 - lumaOffset) }
        redFromV = table { rv * ($0 - 128) }
        greenFromU = table { gu * ($0 - 128) }
        greenFromV = table { gv * ($0 - 128) }
        blueFromU = table { bu * ($0 - 128) }
        let c = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
        for i in 0..<1024 { c[i] = UInt8(min(max(i - Self.clampOffset, 0), 255)) }
        clamp = UnsafePointer(c + Self.clampOffset)
    }
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
    /// in the range of `tables`. `width` and `height` must be even.
    ///
    /// Works on 2×2 blocks so each chroma sample is looked up once for four pixels (a SIMD
    /// version measured slower than this scalar loop).
    static func rgb(fromYU12 base: UnsafeRawPointer, width: Int, height: Int, tables: YCbCrTables) -> [UInt8] {
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
                    let (r, g, b) = chroma(u: uRow[pair], v: vRow[pair], tables)
                    let x = 2 * pair
                    store(y0[x], r, g, b, tables, to: out0 + 3 * x)
                    store(y0[x + 1], r, g, b, tables, to: out0 + 3 * x + 3)
                    store(y1[x], r, g, b, tables, to: out1 + 3 * x)
                    store(y1[x + 1], r, g, b, tables, to: out1 + 3 * x + 3)
                }
            }
            count = width * height * 3
        }
    }

    /// Luma and packed RGB from YUYV (Y0 U Y1 V per pixel pair, rows of `stride` bytes) in one
    /// pass, BT.601 limited range. `width` must be even.
    static func lumaAndRGB(fromYUYV base: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> (luma: [UInt8], rgb: [UInt8]) {
        let tables = YCbCrTables.limited
        let src = base.assumingMemoryBound(to: UInt8.self)
        var rgb: [UInt8] = []
        let luma = [UInt8](unsafeUninitializedCapacity: width * height) { lumaOut, lumaCount in
            let lumaBase = lumaOut.baseAddress.unsafelyUnwrapped
            rgb = [UInt8](unsafeUninitializedCapacity: width * height * 3) { rgbOut, rgbCount in
                let rgbBase = rgbOut.baseAddress.unsafelyUnwrapped
                // The tables as locals: stores through the output pointers could alias the
                // tables' stored properties, so the compiler would reload them for every pixel.
                let lumaTable = tables.luma
                let redFromV = tables.redFromV
                let greenFromU = tables.greenFromU
                let greenFromV = tables.greenFromV
                let blueFromU = tables.blueFromU
                let clamp = tables.clamp
                for row in 0..<height {
                    let line = src + row * stride
                    let l = lumaBase + row * width
                    var o = rgbBase + row * width * 3
                    for pair in 0..<(width / 2) {
                        let s = line + 4 * pair
                        let y0 = s[0]
                        let u = Int(s[1])
                        let y1 = s[2]
                        let v = Int(s[3])
                        let r = redFromV[v]
                        let g = greenFromU[u] &+ greenFromV[v]
                        let b = blueFromU[u]
                        l[2 * pair] = y0
                        l[2 * pair + 1] = y1
                        let c0 = lumaTable[Int(y0)]
                        let c1 = lumaTable[Int(y1)]
                        o[0] = clamp[Int(c0 &+ r)]
                        o[1] = clamp[Int(c0 &+ g)]
                        o[2] = clamp[Int(c0 &+ b)]
                        o[3] = clamp[Int(c1 &+ r)]
                        o[4] = clamp[Int(c1 &+ g)]
                        o[5] = clamp[Int(c1 &+ b)]
                        o += 6
                    }
                }
                rgbCount = width * height * 3
            }
            lumaCount = width * height
        }
        return (luma, rgb)
    }

    /// The red, green and blue contributions of one U/V pair, in pixel levels.
    @inline(__always)
    private static func chroma(u: UInt8, v: UInt8, _ t: YCbCrTables) -> (Int32, Int32, Int32) {
        (t.redFromV[Int(v)], t.greenFromU[Int(u)] &+ t.greenFromV[Int(v)], t.blueFromU[Int(u)])
    }

    @inline(__always)
    private static func store(_ luma: UInt8, _ r: Int32, _ g: Int32, _ b: Int32, _ t: YCbCrTables, to o: UnsafeMutablePointer<UInt8>) {
        let c = t.luma[Int(luma)]
        o[0] = t.clamp[Int(c &+ r)]
        o[1] = t.clamp[Int(c &+ g)]
        o[2] = t.clamp[Int(c &+ b)]
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
