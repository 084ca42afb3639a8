// SPDX-License-Identifier: GPL-3.0-or-later

/// The mode a camera streams in and the frame size every consumer sees.
///
/// The working size is the standard mode's (`CameraModePolicy.choose`: 1280×720 where offered),
/// so decoding, the scan frame's geometry and the markers cost and behave as on any camera. When
/// the camera also offers a larger mode of the same shape at 15 fps or more, it streams in that
/// full mode instead: its luma is reduced to the working size once per frame, its colour is
/// sampled by the preview at the view's device pixels, and small code-like regions left unread
/// are read at full resolution (`FrameDetail`, `FullResolutionRule`). A full mode is YUYV (passed
/// through libv4l2 untouched) within `maximumFullPixelRate`, or, for a camera whose standard mode
/// is JPEG already, JPEG at no more than `maximumCompressedRateGain` times the standard mode's
/// pixels per second: decoding a JPEG costs per pixel (5.2 ms per 720p frame,
/// docs/BENCHMARKS.md), so 1080p15 costs about what 720p30 does, and 1440p15 twice.
///
/// The window does not choose the mode: a larger preview samples more of the same pixels, and a
/// mode change restarts the camera, which the person sees.
public struct CaptureModePlan: Hashable, Sendable {
    /// What the capture asks for.
    public enum Resolution: String, Sendable, CaseIterable {
        /// The full mode where there is one (the default).
        case full
        /// The standard mode only (what every camera got before full modes).
        case standard
    }

    /// The mode the camera is asked to stream in.
    public var capture: CameraMode
    /// Width and height of the frames consumers see, in pixels (the capture's size without a full mode).
    public var workingWidth: Int
    public var workingHeight: Int

    /// Whether frames are captured larger than they are worked on.
    public var isFull: Bool { capture.width > workingWidth || capture.height > workingHeight }

    /// Lowest rate a full mode may have, in frames per second.
    public static let minimumFullFramesPerSecond = 15.0
    /// Most pixels per second a full mode may stream: 2560×1440 at 15 fps (twice 720p30's, each
    /// pixel copied once and a quarter of them read for the working luma).
    public static let maximumFullPixelRate = 2560.0 * 1440 * 15
    /// Longest side of a full mode, in pixels.
    public static let maximumFullSide = 3840
    /// Smallest gain in area over the standard mode worth the copy, as a factor.
    public static let minimumAreaGain = 1.5
    /// Largest difference in shape (width / height) from the standard mode, as a share of it.
    public static let shapeTolerance = 0.01
    /// Formats a full mode may have: passed through as the camera sends them.
    public static let fullFormats: Set<String> = ["YUYV"]
    /// Compressed formats a full mode may have where the standard mode has one too.
    public static let compressedFormats: Set<String> = ["MJPG", "JPEG"]
    /// Most pixels per second a compressed full mode may have, as a factor of the standard mode's.
    public static let maximumCompressedRateGain = 1.2

    /// The plan for a camera offering `modes`, or `nil` when it offers none.
    ///
    /// The standard mode is `CameraModePolicy.choose`'s; the full mode is, among the modes of a
    /// full format with the standard mode's shape, at least `minimumAreaGain` times its area, at
    /// 15 fps or more, within `maximumFullSide` and `maximumFullPixelRate`, the largest, then the
    /// slowest (every frame costs a copy: 15 fps is enough to read a code).
    public static func choose(from modes: [CameraMode], resolution: Resolution = .full) -> CaptureModePlan? {
        guard let standard = CameraModePolicy.choose(from: modes) else { return nil }
        let plain = CaptureModePlan(capture: standard, workingWidth: standard.width, workingHeight: standard.height)
        guard resolution == .full, let full = fullMode(among: modes, standard: standard) else { return plain }
        return CaptureModePlan(capture: full, workingWidth: standard.width, workingHeight: standard.height)
    }

    /// The full mode for `standard` among `modes` (see `choose`), or `nil`.
    static func fullMode(among modes: [CameraMode], standard: CameraMode) -> CameraMode? {
        let shape = Double(standard.width) / Double(standard.height)
        let standardArea = Double(standard.width) * Double(standard.height)
        let standardRate = standardArea * standard.framesPerSecond
        let compressedAllowed = compressedFormats.contains(standard.pixelFormat)
        let candidates = modes.filter { mode in
            guard mode.width > 0, mode.height > 0, mode.width <= maximumFullSide, mode.height <= maximumFullSide,
                mode.framesPerSecond.isFinite, mode.framesPerSecond >= minimumFullFramesPerSecond
            else { return false }
            let area = Double(mode.width) * Double(mode.height)
            let rate = area * mode.framesPerSecond
            let shapeOff = abs(Double(mode.width) / Double(mode.height) - shape) / shape
            guard area >= standardArea * minimumAreaGain && shapeOff <= shapeTolerance else { return false }
            if fullFormats.contains(mode.pixelFormat) { return rate <= maximumFullPixelRate }
            return compressedAllowed && compressedFormats.contains(mode.pixelFormat) && rate <= standardRate * maximumCompressedRateGain
        }
        return candidates.min { a, b in
            let areaA = Double(a.width) * Double(a.height)
            let areaB = Double(b.width) * Double(b.height)
            if areaA != areaB { return areaA > areaB }
            if a.framesPerSecond != b.framesPerSecond { return a.framesPerSecond < b.framesPerSecond }
            // Passed through beats decoded.
            return fullFormats.contains(a.pixelFormat) && !fullFormats.contains(b.pixelFormat)
        }
    }

    /// The working size for frames the camera actually set to `width` × `height` (a driver may
    /// answer another size than asked): the plan's when the camera took the full mode, else the
    /// frame's own (no reduction).
    public func workingSize(forFrameWidth width: Int, height: Int) -> (width: Int, height: Int) {
        guard isFull, width == capture.width, height == capture.height else { return (width, height) }
        return (workingWidth, workingHeight)
    }
}
