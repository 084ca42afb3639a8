// SPDX-License-Identifier: GPL-3.0-or-later

/// Where the pulsing marker for each code goes.
public enum MarkerPlacement {
    /// Smallest marker diameter, in points.
    public static let minimumDiameter = 18.0
    /// Largest marker diameter, in points.
    public static let maximumDiameter = 54.0

    /// The marker's square for a code whose outline is `cornersInView` (view points): centred on
    /// the outline's bounding box, half its width, clamped to 18…54 points, moved inside the view.
    public static func markerRect(cornersInView: [Point], viewSize: Size) -> Rect {
        let bounds = Rect(bounding: cornersInView)
        let diameter = Swift.min(Swift.max(bounds.width / 2, minimumDiameter), maximumDiameter)
        var rect = Rect(center: bounds.center, size: Size(width: diameter, height: diameter))
        rect.origin.x = keptInside(rect.minX, length: diameter, within: viewSize.width)
        rect.origin.y = keptInside(rect.minY, length: diameter, within: viewSize.height)
        return rect
    }

    /// Markers for every code of an image shown through `transform`, in the codes' order.
    public static func markerRects(for symbols: [Symbol], transform: ViewTransform) -> [Rect] {
        symbols.map { symbol in
            markerRect(cornersInView: symbol.corners.map(transform.viewPoint(fromImage:)), viewSize: transform.viewSize)
        }
    }

    /// The codes' indices in the reading order of what is shown (`ReadingOrder` over their
    /// outlines in view points, mirror included): the order markers are numbered and focused in.
    public static func readingOrder(of symbols: [Symbol], transform: ViewTransform) -> [Int] {
        ReadingOrder.indices(of: symbols.map { Rect(bounding: $0.corners.map(transform.viewPoint(fromImage:))) })
    }

    /// `origin` moved so `[origin, origin + length]` lies in `[0, extent]` (centred when it cannot).
    private static func keptInside(_ origin: Double, length: Double, within extent: Double) -> Double {
        if length >= extent { return (extent - length) / 2 }
        return Swift.min(Swift.max(origin, 0), extent - length)
    }
}
