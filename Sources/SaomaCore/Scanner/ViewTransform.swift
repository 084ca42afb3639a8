// SPDX-License-Identifier: GPL-3.0-or-later

/// How an image is fitted into a view.
public enum ContentFit: Sendable, Hashable {
    /// Aspect-fill: scaled by `max(W/w, H/h)` and centred, the overflow cropped equally on both sides.
    case cover
    /// Aspect-fit: scaled by `min(W/w, H/h)` and centred, letterboxed.
    case contain
}

/// The one mapping between image pixels and view (widget) points: uniform scale, centring and an
/// optional left–right mirror.
///
/// The preview draws the image with exactly this transform (see `imageRectInView` and
/// `mirrored`), so markers, the scan frame's region of interest and hit tests agree with the
/// pixels on screen. A degenerate transform (empty image or view) has scale 0 and maps every view
/// point to the image origin.
public struct ViewTransform: Hashable, Sendable {
    /// The image's size in pixels.
    public let imageSize: Size
    /// The view the image is shown in.
    public let viewport: Viewport
    /// The view's size in points.
    public var viewSize: Size { viewport.size }
    public var fit: ContentFit { viewport.fit }
    /// Whether the image is shown mirrored left–right.
    public var mirrored: Bool { viewport.mirrored }
    /// View points per image pixel.
    public let scale: Double
    /// Where the whole (scaled) image lands in the view; larger than the view for `.cover`.
    public let imageRectInView: Rect

    public init(imageSize: Size, viewport: Viewport) {
        self.imageSize = imageSize
        self.viewport = viewport
        let viewSize = viewport.size
        if imageSize.isEmpty || viewSize.isEmpty {
            scale = 0
            imageRectInView = Rect(center: Point(x: viewSize.width / 2, y: viewSize.height / 2), size: .zero)
            return
        }
        let sx = viewSize.width / imageSize.width
        let sy = viewSize.height / imageSize.height
        scale = viewport.fit == .cover ? Swift.max(sx, sy) : Swift.min(sx, sy)
        imageRectInView = Rect(
            center: Point(x: viewSize.width / 2, y: viewSize.height / 2),
            size: Size(width: imageSize.width * scale, height: imageSize.height * scale))
    }

    /// Whether nothing is shown (empty image or view).
    public var isDegenerate: Bool { scale == 0 }

    /// The part of the view the image covers (the whole view for `.cover`).
    public var visibleImageRectInView: Rect {
        imageRectInView.intersection(Rect(origin: .zero, size: viewSize)) ?? Rect(origin: .zero, size: .zero)
    }

    /// The view point where image point `p` is drawn.
    public func viewPoint(fromImage p: Point) -> Point {
        let x = mirrored ? imageSize.width - p.x : p.x
        return Point(x: imageRectInView.minX + x * scale, y: imageRectInView.minY + p.y * scale)
    }

    /// The image point drawn at view point `p` (may lie outside the image).
    public func imagePoint(fromView p: Point) -> Point {
        guard scale > 0 else { return .zero }
        let x = (p.x - imageRectInView.minX) / scale
        let y = (p.y - imageRectInView.minY) / scale
        return Point(x: mirrored ? imageSize.width - x : x, y: y)
    }

    /// The view rectangle covering image rectangle `r`.
    public func viewRect(fromImage r: Rect) -> Rect {
        Rect(bounding: [viewPoint(fromImage: r.origin), viewPoint(fromImage: Point(x: r.maxX, y: r.maxY))])
    }

    /// The image rectangle under view rectangle `r`.
    public func imageRect(fromView r: Rect) -> Rect {
        Rect(bounding: [imagePoint(fromView: r.origin), imagePoint(fromView: Point(x: r.maxX, y: r.maxY))])
    }

    /// The whole image pixels under view rectangle `r` (grown to pixel boundaries, clipped to the
    /// image): the region of interest to decode for a scan frame at `r`.
    public func pixelRegion(fromView r: Rect) -> PixelRect {
        let w = Int(imageSize.width.rounded(.down))
        let h = Int(imageSize.height.rounded(.down))
        guard scale > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        // Snap values within rounding error of a pixel boundary, so 415.0000001 does not grow the region by a pixel.
        func snapped(_ v: Double) -> Double {
            let nearest = v.rounded()
            return abs(v - nearest) < 1e-6 ? nearest : v
        }
        let region = imageRect(fromView: r)
        let snappedRegion = Rect(
            bounding: [
                Point(x: snapped(region.minX), y: snapped(region.minY)), Point(x: snapped(region.maxX), y: snapped(region.maxY)),
            ])
        return PixelRect(covering: snappedRegion).clamped(width: w, height: h)
    }
}
