// SPDX-License-Identifier: GPL-3.0-or-later
import PixbufIO

/// Shrinks display pixels by a whole factor with a box filter (each output pixel averages a
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
        let n = pixels.channels
        let outWidth = (pixels.width + k - 1) / k
        let outHeight = (pixels.height + k - 1) / k
        let outStride = outWidth * n
        var out = [UInt8](repeating: 0, count: outStride * outHeight)
        var sums = [Int](repeating: 0, count: outWidth * n)
        pixels.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<outHeight {
                    for i in sums.indices { sums[i] = 0 }
                    let y0 = oy * k
                    let y1 = min(pixels.height, y0 + k)
                    for y in y0..<y1 {
                        let row = y * pixels.rowstride
                        for x in 0..<pixels.width {
                            let s = row + x * n
                            let d = (x / k) * n
                            for c in 0..<n { sums[d + c] += Int(src[s + c]) }
                        }
                    }
                    for ox in 0..<outWidth {
                        let count = (min(pixels.width, ox * k + k) - ox * k) * (y1 - y0)
                        for c in 0..<n {
                            dst[oy * outStride + ox * n + c] = UInt8((sums[ox * n + c] + count / 2) / max(1, count))
                        }
                    }
                }
            }
        }
        return DisplayPixels(bytes: out, width: outWidth, height: outHeight, rowstride: outStride, hasAlpha: pixels.hasAlpha)
    }
}
