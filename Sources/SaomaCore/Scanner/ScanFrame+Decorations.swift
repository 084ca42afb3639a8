// SPDX-License-Identifier: GPL-3.0-or-later

extension ScanFrame {
    /// Width of the frame's outline, in points.
    public static let outlineWidth = 3.0
    /// Length of each arm of the corner L-marks and of each half of the edge marks, in points.
    public static let markArmLength = 20.0
    /// Thickness of the corner and edge marks, in points.
    public static let markThickness = 5.0

    /// Arm length for this frame: `markArmLength`, shortened so marks never meet on small frames
    /// (at most a sixth of the shorter side).
    public var markArm: Double { Swift.min(ScanFrame.markArmLength, Swift.min(size.width, size.height) / 6) }

    /// The view outside the frame as four rectangles (top, bottom, left, right): the even-odd
    /// fill of the view with the frame as the hole.
    public var surroundRects: [Rect] {
        let r = rect
        let rects = [
            Rect(x: 0, y: 0, width: viewSize.width, height: r.minY),
            Rect(x: 0, y: r.maxY, width: viewSize.width, height: viewSize.height - r.maxY),
            Rect(x: 0, y: r.minY, width: r.minX, height: r.height),
            Rect(x: r.maxX, y: r.minY, width: viewSize.width - r.maxX, height: r.height),
        ]
        return rects.filter { !$0.isEmpty }
    }

    /// The outline as four bars of `outlineWidth` centred on the frame's edges.
    public var outlineRects: [Rect] {
        let r = rect
        let t = ScanFrame.outlineWidth
        return [
            Rect(x: r.minX - t / 2, y: r.minY - t / 2, width: r.width + t, height: t),
            Rect(x: r.minX - t / 2, y: r.maxY - t / 2, width: r.width + t, height: t),
            Rect(x: r.minX - t / 2, y: r.minY + t / 2, width: t, height: r.height - t),
            Rect(x: r.maxX - t / 2, y: r.minY + t / 2, width: t, height: r.height - t),
        ]
    }

    /// The corner L-marks and edge-midpoint marks as bars lying along the frame's edges, inside it.
    public var markRects: [Rect] {
        let r = rect
        let a = markArm
        let t = ScanFrame.markThickness
        var bars: [Rect] = []
        // Corner L-marks: one horizontal and one vertical arm from each corner.
        bars.append(Rect(x: r.minX, y: r.minY, width: a, height: t))
        bars.append(Rect(x: r.minX, y: r.minY, width: t, height: a))
        bars.append(Rect(x: r.maxX - a, y: r.minY, width: a, height: t))
        bars.append(Rect(x: r.maxX - t, y: r.minY, width: t, height: a))
        bars.append(Rect(x: r.minX, y: r.maxY - t, width: a, height: t))
        bars.append(Rect(x: r.minX, y: r.maxY - a, width: t, height: a))
        bars.append(Rect(x: r.maxX - a, y: r.maxY - t, width: a, height: t))
        bars.append(Rect(x: r.maxX - t, y: r.maxY - a, width: t, height: a))
        // Edge marks: a bar of two arms centred on each edge's midpoint.
        bars.append(Rect(x: r.midX - a, y: r.minY, width: 2 * a, height: t))
        bars.append(Rect(x: r.midX - a, y: r.maxY - t, width: 2 * a, height: t))
        bars.append(Rect(x: r.minX, y: r.midY - a, width: t, height: 2 * a))
        bars.append(Rect(x: r.maxX - t, y: r.midY - a, width: t, height: 2 * a))
        return bars
    }
}

/// The scan line sweeping down inside the frame while scanning.
public enum ScanLineAnimation {
    /// One sweep from top to bottom, in seconds.
    public static let period = 2.5
    /// The line fades out over the last part of each sweep, in seconds.
    public static let fadeOut = 0.5

    /// Where the line is (0 = frame top, 1 = bottom; linear) and its opacity, `elapsed` seconds
    /// after the animation started.
    public static func state(elapsed: Double) -> (progress: Double, opacity: Double) {
        let t = elapsed.truncatingRemainder(dividingBy: period)
        let phase = t < 0 ? t + period : t
        let progress = phase / period
        let fadeStart = period - fadeOut
        let opacity = phase <= fadeStart ? 1 : Swift.max(0, 1 - (phase - fadeStart) / fadeOut)
        return (progress, opacity)
    }
}
