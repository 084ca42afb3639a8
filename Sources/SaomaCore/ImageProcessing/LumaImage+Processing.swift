// SPDX-License-Identifier: GPL-3.0-or-later

/// Pure image passes for decoders: scaling, rotation by any angle, binarisation, inversion.
///
/// Each returns a new image; where geometry changes, a transform maps the new image's pixel
/// coordinates back to this image's.
extension LumaImage {
    /// This image shrunk by an integer `factor` (each output pixel the mean of a factor×factor
    /// block); the transform maps output pixels back to input pixels.
    public func downscaled(by factor: Int) -> (image: LumaImage, toSource: AffineTransform) {
        guard factor > 1, width >= factor, height >= factor else { return (self, .identity) }
        let outW = width / factor
        let outH = height / factor
        var out = [UInt8](repeating: 0, count: outW * outH)
        let area = factor * factor
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var sums = [Int](repeating: 0, count: outW)
                for oy in 0..<outH {
                    for i in 0..<outW { sums[i] = 0 }
                    for dy in 0..<factor {
                        let row = (oy * factor + dy) * width
                        for ox in 0..<outW {
                            var s = 0
                            let base = row + ox * factor
                            for dx in 0..<factor { s += Int(src[base + dx]) }
                            sums[ox] += s
                        }
                    }
                    for ox in 0..<outW { dst[oy * outW + ox] = UInt8((sums[ox] + area / 2) / area) }
                }
            }
        }
        let f = Double(factor)
        return (LumaImage(uncheckedWidth: outW, height: outH, pixels: out), .scale(f, f))
    }

    /// This image scaled by `factor` (bilinear); the transform maps output pixels back.
    public func scaled(by factor: Double) -> (image: LumaImage, toSource: AffineTransform) {
        let outW = max(1, Int((Double(width) * factor).rounded()))
        let outH = max(1, Int((Double(height) * factor).rounded()))
        let back = AffineTransform.scale(Double(width) / Double(outW), Double(height) / Double(outH))
        if factor == 2, width >= 2, height >= 2 { return (doubled(), back) }
        return (resampled(width: outW, height: outH, outputToSource: back), back)
    }

    /// This image enlarged twice, pixel for pixel what `resampled` gives for a scale of 2, in
    /// integer arithmetic: inside, each output pixel weighs its four nearest source pixels 9:3:3:1
    /// (in sixteenths, exact), the outermost rows and columns repeat the nearest source pixel.
    /// Needs at least 2×2 pixels.
    func doubled() -> LumaImage {
        let w = width
        let outW = 2 * width
        let outH = 2 * height
        var out = [UInt8](repeating: 0, count: outW * outH)
        pixels.withUnsafeBufferPointer { srcBuffer in
            out.withUnsafeMutableBufferPointer { dstBuffer in
                guard let src = srcBuffer.baseAddress, let dst = dstBuffer.baseAddress else { return }
                for oy in 0..<outH {
                    let line = dst + oy * outW
                    if oy == 0 || oy == outH - 1 {
                        let row = src + (oy >> 1) * w
                        for ox in 0..<outW { line[ox] = row[ox >> 1] }
                        continue
                    }
                    let top = src + ((oy - 1) >> 1) * w
                    let bottom = top + w
                    // Weights in quarters of the upper and lower source rows.
                    let wBottom = oy & 1 == 0 ? 3 : 1
                    let wTop = 4 - wBottom
                    line[0] = src[(oy >> 1) * w]
                    line[outW - 1] = src[(oy >> 1) * w + w - 1]
                    for ox in 1..<(outW - 1) {
                        let x0 = (ox - 1) >> 1
                        let wRight = ox & 1 == 0 ? 3 : 1
                        let wLeft = 4 - wRight
                        let upper = wLeft &* Int(top[x0]) &+ wRight &* Int(top[x0 + 1])
                        let lower = wLeft &* Int(bottom[x0]) &+ wRight &* Int(bottom[x0 + 1])
                        line[ox] = UInt8(truncatingIfNeeded: (wTop &* upper &+ wBottom &* lower &+ 8) >> 4)
                    }
                }
            }
        }
        return LumaImage(uncheckedWidth: outW, height: outH, pixels: out)
    }

    /// This image rotated by `degrees` (clockwise on screen) about its centre, on a canvas large
    /// enough to hold all of it (corners filled with white); the transform maps output pixels back.
    public func rotated(byDegrees degrees: Double) -> (image: LumaImage, toSource: AffineTransform) {
        let radians = degrees * Double.pi / 180
        let cosA = abs(cosine(radians))
        let sinA = abs(sine(radians))
        let w = Double(width)
        let h = Double(height)
        // Less a hair, so quarter turns (cos ≈ 6e-17) do not grow a pixel.
        let outW = max(1, Int((w * cosA + h * sinA - 1e-9).rounded(.up)))
        let outH = max(1, Int((w * sinA + h * cosA - 1e-9).rounded(.up)))
        // Output centre → origin, rotate back by -degrees, origin → input centre.
        let back = AffineTransform.translation(w / 2, h / 2)
            .concatenating(after: .rotation(-radians))
            .concatenating(after: .translation(-Double(outW) / 2, -Double(outH) / 2))
        return (resampled(width: outW, height: outH, outputToSource: back), back)
    }

    /// Samples this image bilinearly at `outputToSource` of each output pixel centre; points
    /// outside the image read as white.
    public func resampled(width outW: Int, height outH: Int, outputToSource t: AffineTransform) -> LumaImage {
        var out = [UInt8](repeating: 255, count: outW * outH)
        let w = width
        let h = height
        guard w > 0, h > 0 else { return LumaImage(uncheckedWidth: outW, height: outH, pixels: out) }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<outH {
                    let cy = Double(oy) + 0.5
                    // Source position of this row's first pixel centre, minus 0.5 to index pixel centres.
                    var sx = t.a * 0.5 + t.b * cy + t.tx - 0.5
                    var sy = t.c * 0.5 + t.d * cy + t.ty - 0.5
                    for ox in 0..<outW {
                        if sx >= 0, sy >= 0, sx < Double(w - 1), sy < Double(h - 1) {
                            let x0 = Int(sx)
                            let y0 = Int(sy)
                            let fx = sx - Double(x0)
                            let fy = sy - Double(y0)
                            let i = y0 * w + x0
                            let top = Double(src[i]) + (Double(src[i + 1]) - Double(src[i])) * fx
                            let bottom = Double(src[i + w]) + (Double(src[i + w + 1]) - Double(src[i + w])) * fx
                            dst[oy * outW + ox] = UInt8(top + (bottom - top) * fy + 0.5)
                        } else if sx > -1, sy > -1, sx < Double(w), sy < Double(h) {
                            let x = Swift.min(w - 1, Swift.max(0, Int(sx + 0.5)))
                            let y = Swift.min(h - 1, Swift.max(0, Int(sy + 0.5)))
                            dst[oy * outW + ox] = src[y * w + x]
                        }
                        sx += t.a
                        sy += t.c
                    }
                }
            }
        }
        return LumaImage(uncheckedWidth: outW, height: outH, pixels: out)
    }

    /// Local adaptive threshold: a pixel turns black when darker than the mean of the
    /// `window`×`window` pixels around it minus `offset` grey levels, else white.
    public func adaptiveThresholded(window: Int, offset: Int) -> LumaImage {
        let w = width
        let h = height
        guard w > 0, h > 0 else { return self }
        let half = Swift.max(1, window / 2)
        // Integral image with a zero row and column in front, in wrapping 32-bit sums: a window's
        // total comes out exact (modulo 2^32, and it is far below 2^31) however large the image.
        let stride = w + 1
        var integral = [Int32](repeating: 0, count: stride * (h + 1))
        var out = [UInt8](repeating: 255, count: w * h)
        // Window columns for each x, clipped at the borders.
        let x0s = (0..<w).map { Swift.max(0, $0 - half) }
        let x1s = (0..<w).map { Swift.min(w, $0 + half + 1) }
        pixels.withUnsafeBufferPointer { srcBuffer in
            integral.withUnsafeMutableBufferPointer { sumBuffer in
                out.withUnsafeMutableBufferPointer { dstBuffer in
                    guard let src = srcBuffer.baseAddress, let sum = sumBuffer.baseAddress, let dst = dstBuffer.baseAddress else { return }
                    for y in 0..<h {
                        var rowSum: Int32 = 0
                        let above = sum + y * stride + 1
                        let here = sum + (y + 1) * stride + 1
                        let row = src + y * w
                        for x in 0..<w {
                            rowSum &+= Int32(row[x])
                            here[x] = above[x] &+ rowSum
                        }
                    }
                    x0s.withUnsafeBufferPointer { x0s in
                        x1s.withUnsafeBufferPointer { x1s in
                            for y in 0..<h {
                                let y0 = Swift.max(0, y - half)
                                let y1 = Swift.min(h, y + half + 1)
                                let top = sum + y0 * stride
                                let bottom = sum + y1 * stride
                                let rows = y1 - y0
                                let row = src + y * w
                                let line = dst + y * w
                                for x in 0..<w {
                                    let x0 = x0s[x]
                                    let x1 = x1s[x]
                                    let total = Int(bottom[x1] &- top[x1] &- bottom[x0] &+ top[x0])
                                    let count = rows &* (x1 &- x0)
                                    line[x] = Int(row[x]) &* count < total &- offset &* count ? 0 : 255
                                }
                            }
                        }
                    }
                }
            }
        }
        return LumaImage(uncheckedWidth: w, height: h, pixels: out)
    }

    /// This image sharpened by an unsharp mask: each pixel pushed away from the mean of its 3×3
    /// neighbourhood by `amount` (1 = the difference added once).
    public func sharpened(amount: Double) -> LumaImage {
        let w = width
        let h = height
        guard w > 2, h > 2 else { return self }
        var out = pixels
        let k = Int(amount * 256)
        // Sums of three vertically adjacent pixels for the current row, reused for three x.
        var columns = [Int](repeating: 0, count: w)
        pixels.withUnsafeBufferPointer { srcBuffer in
            out.withUnsafeMutableBufferPointer { dstBuffer in
                columns.withUnsafeMutableBufferPointer { columnBuffer in
                    guard let src = srcBuffer.baseAddress, let dst = dstBuffer.baseAddress, let column = columnBuffer.baseAddress else {
                        return
                    }
                    for y in 1..<(h - 1) {
                        let row = src + y * w
                        for x in 0..<w { column[x] = Int(row[x - w]) &+ Int(row[x]) &+ Int(row[x + w]) }
                        let line = dst + y * w
                        for x in 1..<(w - 1) {
                            let sum = column[x - 1] &+ column[x] &+ column[x + 1]
                            let v = Int(row[x])
                            let sharp = v &+ ((v &* 9 &- sum) &* k) / (9 * 256)
                            line[x] = UInt8(truncatingIfNeeded: Swift.max(0, Swift.min(255, sharp)))
                        }
                    }
                }
            }
        }
        return LumaImage(uncheckedWidth: w, height: h, pixels: out)
    }

    /// This image with every grey level negated (light codes on dark grounds become dark on light).
    public func inverted() -> LumaImage {
        LumaImage(uncheckedWidth: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// This image with its grey levels stretched linearly so the darkest `clip` fraction maps to
    /// black and the brightest to white.
    public func contrastStretched(clip: Double = 0.01) -> LumaImage {
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels { histogram[Int(p)] += 1 }
        let cut = Int(Double(pixels.count) * clip)
        var low = 0
        var seen = 0
        while low < 255, seen + histogram[low] <= cut {
            seen += histogram[low]
            low += 1
        }
        var high = 255
        seen = 0
        while high > 0, seen + histogram[high] <= cut {
            seen += histogram[high]
            high -= 1
        }
        guard high > low else { return self }
        let table = (0..<256).map { v in UInt8(Swift.max(0, Swift.min(255, (v - low) * 255 / (high - low)))) }
        return LumaImage(uncheckedWidth: width, height: height, pixels: pixels.map { table[Int($0)] })
    }
}
