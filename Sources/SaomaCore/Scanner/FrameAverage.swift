// SPDX-License-Identifier: GPL-3.0-or-later

/// The mean of one region over several camera frames of a still scene: averaging `n` frames
/// divides the sensor's noise by √n, so a small or faint code the noise hides in every single
/// frame shows in the mean (the camera and the code are still, so the frames are aligned as
/// they come).
///
/// When to average and when to read the mean (`step`): while the scene stays still
/// (`FrameSignature` below its change threshold) and the last look left something unread (a
/// code-like region, or the scan frame where it read nothing), every frame adds that area; the mean is read once `readCounts` frames are in (4: the
/// noise halved; 8: divided by 2.8), then the average holds until the scene changes; any change
/// or a region read ends it, another region starts it afresh. Bounded: at most `maximumFrames` frames of at most
/// `maximumPixels` pixels (16-bit sums: 2 bytes a pixel).
///
/// Pure; a value owned by the decode thread.
public struct FrameAverage: Sendable, Equatable {
    /// What to do with a frame.
    public enum Step: Sendable, Equatable {
        /// Start afresh: the scene changed, or nothing is left unread.
        case reset
        /// Add the frame's region.
        case add
        /// Add the frame's region, then read the mean.
        case addAndRead
        /// Enough frames are in: wait for a change.
        case hold
    }

    /// Frame counts at which the mean is read.
    public static let readCounts = [4, 8]
    /// Most frames averaged (the last read count).
    public static let maximumFrames = 8
    /// Largest region averaged, in pixels (2 MiB of sums).
    public static let maximumPixels = 1 << 20

    /// The region averaged (`nil` while empty).
    public private(set) var region: PixelRect?
    /// Frames added.
    public private(set) var count = 0
    /// Per pixel of `region`, row by row: the sum of the grey levels added.
    private var sums: [UInt16] = []

    public init() {}

    /// What to do with a frame: `still` when the scene has not changed since the frame last
    /// looked at (and the scan frame is where it was), `unread` the region the last look left
    /// unread (`nil`: none).
    public func step(still: Bool, unread: PixelRect?) -> Step {
        guard still, let unread, unread.width * unread.height <= Self.maximumPixels, !unread.isEmpty else { return .reset }
        // Another region starts afresh (`add` does).
        let have = region == unread ? count : 0
        guard have < Self.maximumFrames else { return .hold }
        return Self.readCounts.contains(have + 1) ? .addAndRead : .add
    }

    /// Adds `area` of `image` (clamped to it); another area than the one averaged so far, or one
    /// above `maximumPixels`, starts afresh (the latter adds nothing). Returns whether it was added.
    @discardableResult
    public mutating func add(_ image: LumaImage, area: PixelRect) -> Bool {
        let r = area.clamped(width: image.width, height: image.height)
        guard !r.isEmpty, r.width * r.height <= Self.maximumPixels else {
            reset()
            return false
        }
        if region != r || count >= Self.maximumFrames {
            reset()
            region = r
            sums = [UInt16](repeating: 0, count: r.width * r.height)
        }
        sums.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { p in
                guard let base = p.baseAddress, let sum = out.baseAddress else { return }
                for row in 0..<r.height {
                    let line = base + (r.y + row) * image.width + r.x
                    let into = sum + row * r.width
                    for x in 0..<r.width { into[x] &+= UInt16(line[x]) }
                }
            }
        }
        count += 1
        return true
    }

    /// The mean of the frames added, the size of `region` (rounded to the nearest grey level);
    /// `nil` while empty.
    public var mean: LumaImage? {
        guard let region, count > 0 else { return nil }
        let n = UInt32(count)
        let pixels = sums.map { UInt8(min(255, (UInt32($0) + n / 2) / n)) }
        return LumaImage(width: region.width, height: region.height, pixels: pixels)
    }

    /// Forgets the frames added.
    public mutating func reset() {
        region = nil
        count = 0
        sums = []
    }
}
