// SPDX-License-Identifier: GPL-3.0-or-later

/// The eight EXIF orientations: how a stored image must be transformed to be displayed upright.
///
/// Raw values are the EXIF `Orientation` tag values (1…8).
public enum ImageOrientation: Int, CaseIterable, Sendable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left–right.
    case upMirrored = 2
    /// 3: rotated 180°.
    case down = 3
    /// 4: mirrored top–bottom.
    case downMirrored = 4
    /// 5: transposed (mirrored about the top-left/bottom-right diagonal).
    case leftMirrored = 5
    /// 6: must be rotated 90° clockwise to display.
    case right = 6
    /// 7: transversed (mirrored about the top-right/bottom-left diagonal).
    case rightMirrored = 7
    /// 8: must be rotated 90° counter-clockwise to display.
    case left = 8

    /// Reads an EXIF tag value; anything outside 1…8 counts as upright.
    public init(exifValue: Int) {
        self = ImageOrientation(rawValue: exifValue) ?? .up
    }

    /// Whether displaying swaps width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// Whether the transform includes a reflection.
    public var isMirrored: Bool { [.upMirrored, .downMirrored, .leftMirrored, .rightMirrored].contains(self) }

    /// The displayed size of a stored image of `stored` size.
    public func displaySize(ofStored stored: Size) -> Size {
        swapsAxes ? Size(width: stored.height, height: stored.width) : stored
    }

    /// Maps a point in the stored image (size `stored`) to the displayed, upright image.
    public func displayPoint(_ p: Point, storedSize stored: Size) -> Point {
        let w = stored.width
        let h = stored.height
        switch self {
        case .up: return p
        case .upMirrored: return Point(x: w - p.x, y: p.y)
        case .down: return Point(x: w - p.x, y: h - p.y)
        case .downMirrored: return Point(x: p.x, y: h - p.y)
        case .leftMirrored: return Point(x: p.y, y: p.x)
        case .right: return Point(x: h - p.y, y: p.x)
        case .rightMirrored: return Point(x: h - p.y, y: w - p.x)
        case .left: return Point(x: p.y, y: w - p.x)
        }
    }

    /// The orientation that undoes this one: the two quarter turns swap, the others are their own inverse.
    public var inverse: ImageOrientation {
        switch self {
        case .right: .left
        case .left: .right
        default: self
        }
    }

    /// Maps a point in the displayed image back to the stored image (size `stored`): the inverse
    /// transform applied to the displayed image.
    public func storedPoint(_ p: Point, storedSize stored: Size) -> Point {
        inverse.displayPoint(p, storedSize: displaySize(ofStored: stored))
    }
}
