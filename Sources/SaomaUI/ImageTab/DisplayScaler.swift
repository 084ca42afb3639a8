// SPDX-License-Identifier: GPL-3.0-or-later
import PixbufIO
import SaomaCore

/// Shrinks pixels by a whole factor with a box filter (each output pixel averages a
/// `factor` × `factor` block; blocks at the right and bottom edges may be partial).
///
/// Pure and thread-safe; used on the photo worker thread.
enum DisplayScaler {
    /// The whole shrink factor that brings `width` × `height` within `maxSide` (1 when it fits).
    static func factor(width: Int, height: Int, maxSide: Int) -> Int {
        let side = max(width, height)
        guard maxSide > 0, side > maxSide else { return 1 }
        return (side + maxSide - 1) / maxSide
    }

    /// `pixels` shrunk so that neither side exceeds `maxSide` (returned as is when it fits).
    static func downscaled(_ pixels: DisplayPixels, maxSide: Int) -> DisplayPixels {
        let k = factor(width: pixels.width, height: pixels.height, maxSide: maxSide)
        guard k > 1 else { return pixels }
        let (bytes, width, height) = boxFilter(
            pixels.bytes, width: pixels.width, height: pixels.height, rowstride: pixels.rowstride, channels: pixels.channels, factor: k)
        return DisplayPixels(bytes: bytes, width: width, height: height, rowstride: width * pixels.channels, hasAlpha: pixels.hasAlpha)
    }

    /// `image` shrunk by `factor` (returned as is for a factor of 1 or less).
    static func downscaled(_ image: LumaImage, factor k: Int) -> LumaImage {
        guard k > 1 else { return image }
        let (bytes, width, height) = boxFilter(
            image.pixels, width: image.width, height: image.height, rowstride: image.width, channels: 1, factor: k)
        return LumaImage(width: width, height: height, pixels: bytes) ?? image
    }

    /// `pixels` as cairo's native-endian ARGB32 words (alpha premultiplied; opaque when the
    /// pixels have no alpha), rows packed, so the photo can be drawn without conversion.
    static func premultipliedARGB32(_ pixels: DisplayPixels) -> [UInt32] {
        let count = pixels.width * pixels.height
        let n = pixels.channels
        return [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            pixels.bytes.withUnsafeBufferPointer { source in
                guard let src = source.baseAddress, let dst = out.baseAddress else { return }
                for y in 0..<pixels.height {
                    let row = src + y * pixels.rowstride
                    let outRow = dst + y * pixels.width
                    for x in 0..<pixels.width {
                        let p = row + x * n
                        let a = n == 4 ? UInt32(p[3]) : 255
                        // Premultiplied channel, rounded: c · a / 255.
                        func channel(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                        outRow[x] = a << 24 | channel(p[0]) << 16 | channel(p[1]) << 8 | channel(p[2])
                    }
                }
            }
            initialized = count
        }
    }

    /// Averages `factor` × `factor` blocks of interleaved 8-bit pixels; returns packed rows.
    private static func boxFilter(
        _ source: [UInt8], width: Int, height: Int, rowstride: Int, channels n: Int, factor k: Int
    ) -> (bytes: [UInt8], width: Int, height: Int) {
        let outWidth = (width + k - 1) / k
        let outHeight = (height + k - 1) / k
        let outStride = outWidth * n
        var out = [UInt8](repeating: 0, count: outStride * outHeight)
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: max(1, outStride))
        defer { sums.deallocate() }
        source.withUnsafeBufferPointer { srcBuffer in
            out.withUnsafeMutableBufferPointer { dstBuffer in
                guard let src = srcBuffer.baseAddress, let dst = dstBuffer.baseAddress else { return }
                for oy in 0..<outHeight {
                    sums.initialize(repeating: 0, count: outStride)
                    let y0 = oy * k
                    let y1 = min(height, y0 + k)
                    for y in y0..<y1 {
                        var s = src + y * rowstride
                        var d = sums
                        var x = 0
                        while x < width {
                            let end = min(width, x + k)
                            while x < end {
                                for c in 0..<n { d[c] += Int(s[c]) }
                                s += n
                                x += 1
                            }
                            d += n
                        }
                    }
                    let row = dst + oy * outStride
                    for ox in 0..<outWidth {
                        let count = max(1, (min(width, ox * k + k) - ox * k) * (y1 - y0))
                        for c in 0..<n { row[ox * n + c] = UInt8((sums[ox * n + c] + count / 2) / count) }
                    }
                }
            }
        }
        return (out, outWidth, outHeight)
    }
}
