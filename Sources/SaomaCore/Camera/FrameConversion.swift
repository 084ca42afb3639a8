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

extension FrameConversion {
    /// Area-average taps reducing `source` samples to `target` (1 ≤ `target` ≤ `source`): for
    /// output sample `i`, `taps` input indices from `index[i * taps]` with weights in 1/256
    /// summing to 256 (a weight of 0 pads a sample that covers fewer inputs).
    public static func areaTaps(source: Int, target: Int) -> (taps: Int, index: [Int], weight: [Int32]) {
        guard source > 0, target > 0, target <= source else {
            return (1, [Int](0..<max(0, target)), [Int32](repeating: 256, count: max(0, target)))
        }
        let scale = Double(source) / Double(target)
        var spans: [[(Int, Double)]] = []
        var taps = 1
        for i in 0..<target {
            let start = Double(i) * scale
            let end = Double(i + 1) * scale
            var covered: [(Int, Double)] = []
            var j = Int(start.rounded(.down))
            while Double(j) < end && j < source {
                let overlap = min(Double(j + 1), end) - max(Double(j), start)
                if overlap > 1e-9 { covered.append((j, overlap / scale)) }
                j += 1
            }
            taps = max(taps, covered.count)
            spans.append(covered)
        }
        var index = [Int](repeating: 0, count: target * taps)
        var weight = [Int32](repeating: 0, count: target * taps)
        for (i, covered) in spans.enumerated() {
            var total: Int32 = 0
            var largest = 0
            for (k, (j, share)) in covered.enumerated() {
                index[i * taps + k] = j
                weight[i * taps + k] = Int32((share * 256).rounded())
                total += weight[i * taps + k]
                if weight[i * taps + k] > weight[i * taps + largest] { largest = k }
            }
            // Rounding leaves the sum a level off at most: the largest share takes it up.
            weight[i * taps + largest] += 256 - total
            for k in covered.count..<taps { index[i * taps + k] = covered.last?.0 ?? 0 }
        }
        return (taps, index, weight)
    }

    /// The luma of a `width` × `height` YUYV frame (rows `stride` bytes apart) reduced to
    /// `targetWidth` × `targetHeight` by area averaging (each output pixel the mean of the input
    /// pixels it covers). Reads each input luma sample about once per output row it touches; the
    /// chroma is not read.
    public static func reducedLuma(
        fromYUYV base: UnsafeRawPointer, width: Int, height: Int, stride: Int, targetWidth: Int, targetHeight: Int
    ) -> [UInt8] {
        reducedLuma(from: base, width: width, height: height, stride: stride, step: 2, targetWidth: targetWidth, targetHeight: targetHeight)
    }

    /// The same for a luma plane whose samples are `step` bytes apart (1: a Y plane; 2: YUYV).
    public static func reducedLuma(
        from base: UnsafeRawPointer, width: Int, height: Int, stride: Int, step: Int, targetWidth: Int, targetHeight: Int
    ) -> [UInt8] {
        let src = base.assumingMemoryBound(to: UInt8.self)
        if width == targetWidth * 2 && height == targetHeight * 2 {
            // Exactly half: each output pixel the mean of a 2×2 block (the common 1440p → 720p).
            return plane(width: targetWidth, height: targetHeight) { outRow, out in
                let top = src + 2 * outRow * stride
                let bottom = top + stride
                let pair = 2 * step
                for x in 0..<targetWidth {
                    let a = pair * x
                    let sum = UInt16(top[a]) &+ UInt16(top[a + step]) &+ UInt16(bottom[a]) &+ UInt16(bottom[a + step])
                    out[x] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
                }
            }
        }
        let columns = areaTaps(source: width, target: targetWidth)
        let rows = areaTaps(source: height, target: targetHeight)
        let kx = columns.taps
        if kx == 2 && rows.taps == 2 {
            // Two taps a side (any scale up to 2, e.g. 1080p → 720p): one pass, no accumulator.
            let offsets = columns.index.map { $0 * step }
            return offsets.withUnsafeBufferPointer { xs in
                columns.weight.withUnsafeBufferPointer { wx in
                    plane(width: targetWidth, height: targetHeight) { outRow, out in
                        let wy0 = rows.weight[2 * outRow]
                        let wy1 = rows.weight[2 * outRow + 1]
                        let l0 = src + rows.index[2 * outRow] * stride
                        let l1 = src + rows.index[2 * outRow + 1] * stride
                        for x in 0..<targetWidth {
                            let i0 = xs[2 * x]
                            let i1 = xs[2 * x + 1]
                            let c0 = wy0 &* Int32(l0[i0]) &+ wy1 &* Int32(l1[i0])
                            let c1 = wy0 &* Int32(l0[i1]) &+ wy1 &* Int32(l1[i1])
                            out[x] = UInt8(truncatingIfNeeded: (wx[2 * x] &* c0 &+ wx[2 * x + 1] &* c1 &+ 32768) >> 16)
                        }
                    }
                }
            }
        }
        var accumulator = [Int32](repeating: 0, count: targetWidth)
        // Byte offsets of each tap's luma sample within a row.
        let offsets = columns.index.map { $0 * step }
        return offsets.withUnsafeBufferPointer { xs in
            columns.weight.withUnsafeBufferPointer { wx in
                accumulator.withUnsafeMutableBufferPointer { acc in
                    plane(width: targetWidth, height: targetHeight) { outRow, out in
                        for x in 0..<targetWidth { acc[x] = 0 }
                        for k in 0..<rows.taps {
                            let wy = rows.weight[outRow * rows.taps + k]
                            guard wy > 0 else { continue }
                            let line = src + rows.index[outRow * rows.taps + k] * stride
                            for x in 0..<targetWidth {
                                var sum: Int32 = 0
                                for t in 0..<kx { sum &+= wx[x * kx + t] &* Int32(line[xs[x * kx + t]]) }
                                acc[x] &+= sum &* wy
                            }
                        }
                        for x in 0..<targetWidth { out[x] = UInt8(truncatingIfNeeded: (acc[x] &+ 32768) >> 16) }
                    }
                }
            }
        }
    }
}
