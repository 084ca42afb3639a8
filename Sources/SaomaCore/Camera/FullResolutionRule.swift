// SPDX-License-Identifier: GPL-3.0-or-later

/// Which code-like regions of a live frame are read again at the camera's full resolution.
///
/// Only where it pays and costs little: a region the cheap look left unread (the decode
/// scheduler's own input: its costly passes run only then), small beside the scan frame (a small
/// code is the one short of pixels per module; a large one has them already), and of bounded
/// size at full resolution. Pure.
public enum FullResolutionRule {
    /// Largest share of the scan frame's shorter side a region's longer side may have.
    public static let maximumShare = 0.5
    /// Most full-resolution pixels read for one region (a 1000×1000 crop).
    public static let maximumPixels = 1_000_000

    /// Whether `region` (working pixels) inside `scanFrame` (working pixels) is read at full
    /// resolution from a frame `scale` times larger a side.
    public static func readsAtFullResolution(region: PixelRect, scanFrame: PixelRect, scale: Double) -> Bool {
        guard scale.isFinite, scale > 1, region.width > 0, region.height > 0, scanFrame.width > 0, scanFrame.height > 0 else {
            return false
        }
        let longest = Double(max(region.width, region.height))
        guard longest <= maximumShare * Double(min(scanFrame.width, scanFrame.height)) else { return false }
        return Double(region.width) * Double(region.height) * scale * scale <= Double(maximumPixels)
    }
}
