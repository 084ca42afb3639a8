// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Discrete Fourier transforms of power-of-two sizes (iterative radix-2 Cooley–Tukey), in one
/// and two dimensions, on separate real and imaginary parts.
///
/// Unnormalised forward transform; the inverse divides by the size, so a round trip returns the
/// input. Work is `n log n` per transform.
public struct FourierTransform: Sendable {
    /// The transform's size (a power of two).
    public let count: Int
    /// `cos` and `sin` of `−2πk/count` for k < count / 2.
    private let cosines: [Double]
    private let sines: [Double]
    /// The bit-reversed index of each index.
    private let reversedIndex: [Int]

    /// A transform of `count` points; `nil` unless `count` is a power of two from 1 to 2²⁰.
    public init?(count: Int) {
        guard count >= 1, count <= 1 << 20, count & (count - 1) == 0 else { return nil }
        self.count = count
        let half = count / 2
        cosines = (0..<half).map { cos(-2 * Double.pi * Double($0) / Double(count)) }
        sines = (0..<half).map { sin(-2 * Double.pi * Double($0) / Double(count)) }
        var bits = 0
        while 1 << bits < count { bits += 1 }
        reversedIndex = (0..<count).map { i in
            var r = 0
            for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
            return r
        }
    }

    /// The smallest power of two at least `n` (at least 1).
    public static func size(atLeast n: Int) -> Int {
        var s = 1
        while s < n { s <<= 1 }
        return s
    }

    /// Transforms `count` points starting at `offset`, `stride` apart, in place.
    public func transform(_ re: inout [Double], _ im: inout [Double], offset: Int = 0, stride: Int = 1, inverse: Bool = false) {
        let n = count
        guard n > 1 else { return }
        re.withUnsafeMutableBufferPointer { r in
            im.withUnsafeMutableBufferPointer { i in
                for k in 0..<n {
                    let j = reversedIndex[k]
                    if j > k {
                        let a = offset + k * stride
                        let b = offset + j * stride
                        (r[a], r[b]) = (r[b], r[a])
                        (i[a], i[b]) = (i[b], i[a])
                    }
                }
                var length = 2
                while length <= n {
                    let halfLength = length / 2
                    let step = n / length
                    var start = 0
                    while start < n {
                        for k in 0..<halfLength {
                            let c = cosines[k * step]
                            let s = inverse ? -sines[k * step] : sines[k * step]
                            let a = offset + (start + k) * stride
                            let b = offset + (start + k + halfLength) * stride
                            let tr = r[b] * c - i[b] * s
                            let ti = r[b] * s + i[b] * c
                            r[b] = r[a] - tr
                            i[b] = i[a] - ti
                            r[a] += tr
                            i[a] += ti
                        }
                        start += length
                    }
                    length <<= 1
                }
                if inverse {
                    let scale = 1 / Double(n)
                    for k in 0..<n {
                        r[offset + k * stride] *= scale
                        i[offset + k * stride] *= scale
                    }
                }
            }
        }
    }

    /// Transforms a `count`×`count` grid (row-major) in place: every row, then every column.
    public func transform2D(_ re: inout [Double], _ im: inout [Double], inverse: Bool = false) {
        let n = count
        for row in 0..<n { transform(&re, &im, offset: row * n, stride: 1, inverse: inverse) }
        for column in 0..<n { transform(&re, &im, offset: column, stride: n, inverse: inverse) }
    }
}
