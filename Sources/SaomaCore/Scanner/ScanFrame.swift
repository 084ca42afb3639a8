// SPDX-License-Identifier: GPL-3.0-or-later

/// One of the scan frame's eight drag handles.
public enum FrameHandle: String, CaseIterable, Sendable {
    case topLeft, topRight, bottomRight, bottomLeft
    case top, right, bottom, left

    /// The four corner handles (they win over edges when hit areas overlap).
    public static let corners: [FrameHandle] = [.topLeft, .topRight, .bottomRight, .bottomLeft]
    /// The four edge-midpoint handles.
    public static let edges: [FrameHandle] = [.top, .right, .bottom, .left]

    /// How the frame's width changes per point of horizontal pointer movement (−1, 0 or +1).
    public var horizontalSign: Double {
        switch self {
        case .topLeft, .bottomLeft, .left: return -1
        case .topRight, .bottomRight, .right: return 1
        case .top, .bottom: return 0
        }
    }

    /// How the frame's height changes per point of vertical pointer movement (−1, 0 or +1).
    public var verticalSign: Double {
        switch self {
        case .topLeft, .topRight, .top: return -1
        case .bottomLeft, .bottomRight, .bottom: return 1
        case .left, .right: return 0
        }
    }

    /// The CSS cursor name shown over this handle.
    public var cursorName: String {
        switch self {
        case .topLeft, .bottomRight: return "nwse-resize"
        case .topRight, .bottomLeft: return "nesw-resize"
        case .top, .bottom: return "ns-resize"
        case .left, .right: return "ew-resize"
        }
    }
}

/// The scan frame: a rectangle centred in the view that chooses where codes are read.
///
/// Pure model in view points; the overlay widget draws `rect` and feeds pointer and key events.
/// A value type used on the UI thread.
public struct ScanFrame: Hashable, Sendable {
    /// Smallest frame side, in points.
    public static let minimumSide = 70.0
    /// The frame stays this many points smaller than the view on each axis.
    public static let viewMargin = 2.0
    /// Initial horizontal inset from the view's edges, in points.
    public static let initialHorizontalInset = 60.0
    /// Initial vertical inset from the view's edges, in points.
    public static let initialVerticalInset = 80.0
    /// Side of the square hit area centred on each corner, and thickness of the edge bands, in points.
    public static let handleHitSize = 50.0
    /// Size change per arrow key press, in points.
    public static let keyboardStep = 10.0
    /// Size change per arrow key press with Shift held, in points.
    public static let largeKeyboardStep = 50.0

    /// The view's size in points.
    public private(set) var viewSize: Size
    /// The frame's size in points (always within the limits for `viewSize`).
    public private(set) var size: Size

    /// A frame for `viewSize`: `relativeSize` (fractions of the view, e.g. a remembered
    /// `scan-frame-size`) when it is positive, else the initial inset; clamped either way.
    public init(viewSize: Size, relativeSize: Size? = nil) {
        self.viewSize = viewSize
        self.size = .zero
        if let relativeSize, relativeSize.width > 0, relativeSize.height > 0 {
            size = clamped(Size(width: relativeSize.width * viewSize.width, height: relativeSize.height * viewSize.height))
        } else {
            size = clamped(
                Size(
                    width: viewSize.width - 2 * ScanFrame.initialHorizontalInset,
                    height: viewSize.height - 2 * ScanFrame.initialVerticalInset))
        }
    }

    /// The frame in view points, centred in the view.
    public var rect: Rect { Rect(center: Point(x: viewSize.width / 2, y: viewSize.height / 2), size: size) }

    /// The frame's size as fractions of the view's (what `scan-frame-size` stores).
    public var relativeSize: Size {
        guard !viewSize.isEmpty else { return .zero }
        return Size(width: size.width / viewSize.width, height: size.height / viewSize.height)
    }

    /// The view was resized: the frame keeps its size relative to the view, clamped.
    public mutating func resizeView(to newSize: Size) {
        let relative = relativeSize
        viewSize = newSize
        size = clamped(Size(width: relative.width * newSize.width, height: relative.height * newSize.height))
    }

    /// Sets the frame's size directly (clamped).
    public mutating func setSize(_ newSize: Size) {
        size = clamped(newSize)
    }

    /// The handle whose hit area holds `point` (corners first), or `nil` when a press there must
    /// not grab the frame.
    public func handle(at point: Point) -> FrameHandle? {
        let r = rect
        let half = ScanFrame.handleHitSize / 2
        for corner in FrameHandle.corners {
            let c = Point(
                x: corner.horizontalSign < 0 ? r.minX : r.maxX,
                y: corner.verticalSign < 0 ? r.minY : r.maxY)
            if abs(point.x - c.x) <= half && abs(point.y - c.y) <= half { return corner }
        }
        let betweenCornersX = point.x > r.minX + half && point.x < r.maxX - half
        let betweenCornersY = point.y > r.minY + half && point.y < r.maxY - half
        if betweenCornersX && abs(point.y - r.minY) <= half { return .top }
        if betweenCornersX && abs(point.y - r.maxY) <= half { return .bottom }
        if betweenCornersY && abs(point.x - r.minX) <= half { return .left }
        if betweenCornersY && abs(point.x - r.maxX) <= half { return .right }
        return nil
    }

    /// The frame after dragging `handle` by `(dx, dy)` points from a drag that began with size
    /// `startSize`: symmetric about the centre, so each axis changes by twice the movement.
    public mutating func drag(_ handle: FrameHandle, from startSize: Size, dx: Double, dy: Double) {
        size = clamped(
            Size(
                width: startSize.width + 2 * dx * handle.horizontalSign,
                height: startSize.height + 2 * dy * handle.verticalSign))
    }

    /// An arrow key resizes the frame: Right/Left grow/shrink the width, Up/Down grow/shrink the height.
    public mutating func nudge(_ key: ArrowKey, large: Bool) {
        let step = large ? ScanFrame.largeKeyboardStep : ScanFrame.keyboardStep
        switch key {
        case .right: size = clamped(Size(width: size.width + step, height: size.height))
        case .left: size = clamped(Size(width: size.width - step, height: size.height))
        case .up: size = clamped(Size(width: size.width, height: size.height + step))
        case .down: size = clamped(Size(width: size.width, height: size.height - step))
        }
    }

    /// `value` within the limits for `viewSize` (the view's limit wins on views too small for the minimum).
    private func clamped(_ value: Size) -> Size {
        func clamp(_ v: Double, _ viewSide: Double) -> Double {
            let upper = Swift.max(viewSide - ScanFrame.viewMargin, 0)
            let lower = Swift.min(ScanFrame.minimumSide, upper)
            return Swift.min(Swift.max(v, lower), upper)
        }
        return Size(width: clamp(value.width, viewSize.width), height: clamp(value.height, viewSize.height))
    }
}

/// An arrow key, for keyboard resizing.
public enum ArrowKey: Sendable, CaseIterable {
    case up, down, left, right
}
