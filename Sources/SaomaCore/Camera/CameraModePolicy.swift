// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Chooses the capture mode Saoma asks a camera for.
///
/// 1280×720 at 15 fps or more wins; otherwise the mode closest in area to it, no larger than
/// 1920×1080, at 15 fps or more. Among equally sized modes the rate closest to 30 fps wins (a
/// higher rate only costs CPU), then uncompressed formats (no JPEG decoding) over compressed ones.
public enum CameraModePolicy {
    /// Preferred frame width in pixels.
    public static let preferredWidth = 1280
    /// Preferred frame height in pixels.
    public static let preferredHeight = 720
    /// Largest acceptable frame width in pixels.
    public static let maximumWidth = 1920
    /// Largest acceptable frame height in pixels.
    public static let maximumHeight = 1080
    /// Lowest acceptable rate in frames per second.
    public static let minimumFramesPerSecond = 15.0
    /// Rate aimed for, in frames per second.
    public static let targetFramesPerSecond = 30.0

    /// Native formats that need no JPEG decoding, in fourcc spelling.
    static let uncompressedFormats: Set<String> = ["YUYV", "YVYU", "UYVY", "VYUY", "NV12", "NV21", "YU12", "YV12", "RGB3", "BGR3"]

    /// The best mode among `modes`, or `nil` when there are none.
    ///
    /// When no mode reaches 15 fps within 1920×1080, the best of the slow ones is taken; when
    /// every mode is larger than 1920×1080, the smallest is taken.
    public static func choose(from modes: [CameraMode]) -> CameraMode? {
        let fitting = modes.filter { $0.width <= maximumWidth && $0.height <= maximumHeight && $0.width > 0 && $0.height > 0 }
        guard !fitting.isEmpty else {
            return modes.filter { $0.width > 0 && $0.height > 0 }.min { area($0) < area($1) }
        }
        let fastEnough = fitting.filter { $0.framesPerSecond >= minimumFramesPerSecond }
        let pool = fastEnough.isEmpty ? fitting : fastEnough
        return pool.min { rank($0) < rank($1) }
    }

    /// A mode's area in pixels, in floating point: sides from any camera cannot overflow it.
    static func area(_ mode: CameraMode) -> Double { Double(mode.width) * Double(mode.height) }

    /// Sort key: lower is better.
    static func rank(_ mode: CameraMode) -> Rank {
        let area = self.area(mode)
        let preferredArea = Double(preferredWidth * preferredHeight)
        let sizeDistance = abs(log2(area / preferredArea))
        let exact = mode.width == preferredWidth && mode.height == preferredHeight
        let fps = mode.framesPerSecond
        let ratePenalty = fps >= targetFramesPerSecond ? fps - targetFramesPerSecond : (targetFramesPerSecond - fps) * 2
        let formatPenalty = uncompressedFormats.contains(mode.pixelFormat) ? 0 : 1
        return Rank(exact: exact ? 0 : 1, sizeDistance: sizeDistance, ratePenalty: ratePenalty, slower: -fps, format: formatPenalty)
    }

    /// Lexicographic ranking of a mode.
    struct Rank: Comparable {
        var exact: Int
        var sizeDistance: Double
        var ratePenalty: Double
        var slower: Double
        var format: Int

        static func < (a: Rank, b: Rank) -> Bool {
            (a.exact, a.sizeDistance, a.ratePenalty, a.slower, a.format) < (b.exact, b.sizeDistance, b.ratePenalty, b.slower, b.format)
        }
    }
}

extension CameraModePolicy {
    /// True when `a` is a better mode to capture in than `b` by the same rules as `choose`.
    public static func prefers(_ a: CameraMode, over b: CameraMode) -> Bool {
        choose(from: [a, b]) == a && a != b
    }
}
