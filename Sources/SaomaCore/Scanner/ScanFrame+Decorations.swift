// SPDX-License-Identifier: GPL-3.0-or-later

extension ScanFrame {
    /// Width of the frame's outline, in points.
    public static let outlineWidth = 3.0
    /// Length of each arm of the corner L-marks and of each half of the edge marks, in points.
    public static let markArmLength = 20.0
    /// Thickness of the corner and edge marks, in points (a grip that reads as one).
    public static let markThickness = 6.0
    /// Radius of the disc behind a handle under the pointer, in points.
    public static let grabRadius = 20.0
    /// Space kept between a hint pill and the handles' hit areas or the view's edge, in points.
    public static let pillGap = 8.0

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

    /// The corner L-marks and edge-midpoint marks as bars lying along the frame's edges, inside
    /// it: every handle's `marks(of:)`, corners first.
    public var markRects: [Rect] { (FrameHandle.corners + FrameHandle.edges).flatMap(marks(of:)) }

    /// The bars that draw `handle`: two arms for a corner, one bar of two arms for an edge.
    public func marks(of handle: FrameHandle) -> [Rect] {
        let r = rect
        let a = markArm
        let t = ScanFrame.markThickness
        switch handle {
        case .topLeft: return [Rect(x: r.minX, y: r.minY, width: a, height: t), Rect(x: r.minX, y: r.minY, width: t, height: a)]
        case .topRight:
            return [Rect(x: r.maxX - a, y: r.minY, width: a, height: t), Rect(x: r.maxX - t, y: r.minY, width: t, height: a)]
        case .bottomLeft:
            return [Rect(x: r.minX, y: r.maxY - t, width: a, height: t), Rect(x: r.minX, y: r.maxY - a, width: t, height: a)]
        case .bottomRight:
            return [Rect(x: r.maxX - a, y: r.maxY - t, width: a, height: t), Rect(x: r.maxX - t, y: r.maxY - a, width: t, height: a)]
        case .top: return [Rect(x: r.midX - a, y: r.minY, width: 2 * a, height: t)]
        case .bottom: return [Rect(x: r.midX - a, y: r.maxY - t, width: 2 * a, height: t)]
        case .left: return [Rect(x: r.minX, y: r.midY - a, width: t, height: 2 * a)]
        case .right: return [Rect(x: r.maxX - t, y: r.midY - a, width: t, height: 2 * a)]
        }
    }

    /// Where `handle` sits: its corner, or its edge's midpoint.
    public func point(of handle: FrameHandle) -> Point {
        let r = rect
        let x = handle.horizontalSign < 0 ? r.minX : handle.horizontalSign > 0 ? r.maxX : r.midX
        let y = handle.verticalSign < 0 ? r.minY : handle.verticalSign > 0 ? r.maxY : r.midY
        return Point(x: x, y: y)
    }

    /// Where to place a hint pill of `size`, centred horizontally: the first of these places that
    /// lies in the view and covers neither a handle's hit area nor any of `obstacles` (markers):
    /// just outside the frame on the preferred side (`preferringTop`) then the other, just inside
    /// it clear of the handles on the preferred side then the other, at the view's edge on the
    /// preferred side then the other. When none is clear of both, the first clear of the
    /// obstacles (a hint may cover a handle, never a marker), else just inside the frame.
    public func pillRect(size: Size, preferringTop: Bool, avoiding obstacles: [Rect] = []) -> Rect {
        let r = rect
        let band = ScanFrame.handleHitSize / 2 + ScanFrame.pillGap
        let gap = ScanFrame.pillGap
        let x = (viewSize.width - size.width) / 2
        let above = r.minY - band - size.height
        let below = r.maxY + band
        let insideTop = r.minY + band
        let insideBottom = r.maxY - band - size.height
        let edgeTop = gap
        let edgeBottom = viewSize.height - gap - size.height
        let order =
            preferringTop
            ? [above, below, insideTop, insideBottom, edgeTop, edgeBottom] : [below, above, insideBottom, insideTop, edgeBottom, edgeTop]
        let candidates = order.map { Rect(x: x, y: $0, width: size.width, height: size.height) }.filter {
            $0.minY >= 0 && $0.maxY <= viewSize.height
        }
        let clearOfObstacles = candidates.filter { candidate in obstacles.allSatisfy { candidate.intersection($0) == nil } }
        let zones = handleZones
        let clear = clearOfObstacles.first { candidate in zones.allSatisfy { candidate.intersection($0) == nil } }
        return clear ?? clearOfObstacles.first
            ?? Rect(x: x, y: Swift.max(0, preferringTop ? insideTop : insideBottom), width: size.width, height: size.height)
    }

    /// Where a press grabs a handle: the corner squares and the bands along the edges.
    var handleZones: [Rect] {
        let r = rect
        let half = ScanFrame.handleHitSize / 2
        let side = ScanFrame.handleHitSize
        let corners = FrameHandle.corners.map { Rect(center: point(of: $0), size: Size(width: side, height: side)) }
        return corners + [
            Rect(x: r.minX - half, y: r.minY - half, width: r.width + side, height: side),
            Rect(x: r.minX - half, y: r.maxY - half, width: r.width + side, height: side),
            Rect(x: r.minX - half, y: r.minY - half, width: side, height: r.height + side),
            Rect(x: r.maxX - half, y: r.minY - half, width: side, height: r.height + side),
        ]
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
