// SPDX-License-Identifier: GPL-3.0-or-later

/// A point in some 2-D coordinate space (image pixels or widget points; names say which).
///
/// Coordinates are continuous: pixel `(i, j)` covers `[i, i+1) × [j, j+1)`.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }

    /// Euclidean distance to `other`.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// A width and height in the units of the space it belongs to.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width)×\(height)" }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// An axis-aligned rectangle: `origin` is its top-left corner (y grows downwards, as in GTK).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rectangle of `size` centred on `center`.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The smallest rectangle holding every point (`.zero`-sized at the origin when empty).
    public init(bounding points: [Point]) {
        guard let first = points.first else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        var minX = first.x
        var maxX = first.x
        var minY = first.y
        var maxY = first.y
        for p in points.dropFirst() {
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var description: String { "[\(origin) \(size)]" }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { size.isEmpty }

    /// The four corners as a code's outline lists them: top-left, bottom-left, bottom-right,
    /// top-right (the order zbar gives a QR code's corners in).
    public var outline: [Point] {
        [Point(x: minX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY), Point(x: maxX, y: minY)]
    }

    /// Whether `point` lies inside (left/top edges inclusive, right/bottom exclusive).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle (edges inclusive).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The overlap of two rectangles, or `nil` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// This rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

/// An integer rectangle of whole pixels inside an image.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "[\(x),\(y) \(width)×\(height)]" }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The whole pixels covered by `rect`, grown outwards to pixel boundaries.
    public init(covering rect: Rect) {
        let x0 = Int(rect.minX.rounded(.down))
        let y0 = Int(rect.minY.rounded(.down))
        let x1 = Int(rect.maxX.rounded(.up))
        let y1 = Int(rect.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// This rectangle clipped to `0..<width × 0..<height` (possibly empty).
    public func clamped(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        let x0 = Swift.max(0, Swift.min(x, imageWidth))
        let y0 = Swift.max(0, Swift.min(y, imageHeight))
        let x1 = Swift.max(x0, Swift.min(maxX, imageWidth))
        let y1 = Swift.max(y0, Swift.min(maxY, imageHeight))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
}
