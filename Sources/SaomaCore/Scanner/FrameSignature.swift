// SPDX-License-Identifier: GPL-3.0-or-later

/// A cheap summary of the scan frame's pixels in one camera frame, to tell whether the scene in
/// front of the camera changed since the frame last decoded, whatever the sensor's noise.
///
/// The region is cut into square blocks; each block keeps its mean grey level and its mean
/// horizontal step (the absolute difference of pixels two apart: sharpness, which a code coming
/// into focus raises while its mean stays put), both over every second pixel of every second row.
/// Averaging hundreds of pixels shrinks the noise: a webcam's sensor noise (standard deviation 4
/// grey levels, 8 in dim light) moves a block's mean by 0.25–0.5 and its mean step by about the
/// same, far below the thresholds; a code, a hand or a page entering moves them by tens. A scene
/// drifting slowly (auto exposure) is a change once it has drifted by a threshold from the frame
/// last decoded, not from the frame before.
public struct FrameSignature: Sendable, Equatable {
    /// Side of a block, in pixels.
    public static let blockSide = 32
    /// Distance between the pixels (and the rows) read, in pixels.
    static let sampleStep = 2
    /// Smallest move of a block's mean grey level that counts as a change, in grey levels.
    public static let meanThreshold: Float = 4
    /// Smallest move of a block's mean horizontal step that counts as a change, in grey levels.
    public static let sharpnessThreshold: Float = 4

    /// The pixels summarised (clipped to the frame).
    public let region: PixelRect
    /// Blocks across and down (a region smaller than a block is one block).
    public let columns: Int
    public let rows: Int
    /// Per block, row by row: mean grey level and mean horizontal step.
    let means: [Float]
    let sharpness: [Float]

    /// The signature of `region` of `image`.
    public init(_ image: LumaImage, region: PixelRect) {
        let r = region.clamped(width: image.width, height: image.height)
        self.region = r
        let side = Self.blockSide
        let step = Self.sampleStep
        let columns = r.isEmpty ? 0 : max(1, r.width / side)
        let rows = r.isEmpty ? 0 : max(1, r.height / side)
        self.columns = columns
        self.rows = rows
        let blockWidth = columns > 0 ? r.width / columns : 0
        let blockHeight = rows > 0 ? r.height / rows : 0
        var means = [Float](repeating: 0, count: columns * rows)
        var sharpness = [Float](repeating: 0, count: columns * rows)
        let width = image.width
        image.pixels.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            for row in 0..<rows {
                for column in 0..<columns {
                    let x0 = r.x + column * blockWidth
                    let y0 = r.y + row * blockHeight
                    // Pairs (x, x + step) inside the block: the last pixels read stay inside it.
                    let xEnd = x0 + blockWidth - step
                    var sum = 0
                    var steps = 0
                    var count = 0
                    var y = y0
                    while y < y0 + blockHeight {
                        let line = base + y * width
                        var x = x0
                        while x < xEnd {
                            let v = Int(line[x])
                            let next = Int(line[x + step])
                            sum &+= v
                            steps &+= v > next ? v - next : next - v
                            count &+= 1
                            x += step
                        }
                        y += step
                    }
                    let n = Float(max(1, count))
                    means[row * columns + column] = Float(sum) / n
                    sharpness[row * columns + column] = Float(steps) / n
                }
            }
        }
        self.means = means
        self.sharpness = sharpness
    }

    /// The share of blocks (0…1) that changed since `earlier`: 1 when there is no earlier
    /// signature or it summarised other pixels (the scan frame moved, the camera changed), 0 when
    /// the region is empty.
    public func change(since earlier: FrameSignature?) -> Double {
        guard let earlier, earlier.region == region, earlier.columns == columns, earlier.rows == rows else { return 1 }
        guard !means.isEmpty else { return 0 }
        var changed = 0
        for i in means.indices
        where abs(means[i] - earlier.means[i]) >= Self.meanThreshold || abs(sharpness[i] - earlier.sharpness[i]) >= Self.sharpnessThreshold
        {
            changed += 1
        }
        return Double(changed) / Double(means.count)
    }
}
