// SPDX-License-Identifier: GPL-3.0-or-later

/// How far a big photo is reduced for the first look, and how points found in the reduced
/// pixels map back to the full-resolution image.
///
/// JPEG decoders can scale while they decode (libjpeg's DCT scaling at 1/2, 1/4 and 1/8), which
/// costs a fraction of a full decode; a 12-megapixel photo read at 1/2 still gives a typical code
/// two or more pixels per module. The rule keeps the reduced image's longer side at least
/// `minimumLongSide` pixels, so images of ordinary size are never reduced.
public struct ImageReduction: Sendable, Equatable {
    /// The DCT scale denominators a JPEG decoder offers, largest reduction first.
    public static let denominators = [8, 4, 2]
    /// Fewest pixels on the reduced image's longer side: a 3200-pixel-wide photo is halved, a
    /// 12-megapixel (4000×3000) photo too, a 48-megapixel (8000×6000) one quartered.
    public static let minimumLongSide = 1600

    /// The reduction for an image of `width` × `height` stored pixels: 1 (none), 2, 4 or 8.
    public static func denominator(width: Int, height: Int) -> Int {
        guard width > 0, height > 0 else { return 1 }
        let longSide = max(width, height)
        return denominators.first { longSide / $0 >= minimumLongSide } ?? 1
    }

    /// The size a decoder scaling by 1/`denominator` produces: each side rounded up (libjpeg's
    /// `jdiv_round_up`; a partial block at the right or bottom edge still gives one pixel).
    public static func reducedSize(width: Int, height: Int, denominator: Int) -> (width: Int, height: Int) {
        let k = max(1, denominator)
        return ((width + k - 1) / k, (height + k - 1) / k)
    }

    /// The reduction: each reduced pixel stands for a `denominator` × `denominator` block of the
    /// stored image.
    public var denominator: Int
    /// The full-resolution stored (not yet upright) size.
    public var storedWidth: Int
    public var storedHeight: Int
    /// The orientation that turns the stored image upright.
    public var orientation: ImageOrientation

    public init(denominator: Int, storedWidth: Int, storedHeight: Int, orientation: ImageOrientation) {
        self.denominator = max(1, denominator)
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
    }

    /// The upright full-resolution size (the space reported corners live in).
    public var fullSize: (width: Int, height: Int) {
        orientation.swapsAxes ? (storedHeight, storedWidth) : (storedWidth, storedHeight)
    }

    /// The upright reduced size (the space the reduced pixels live in).
    public var reducedSize: (width: Int, height: Int) {
        let stored = Self.reducedSize(width: storedWidth, height: storedHeight, denominator: denominator)
        return orientation.swapsAxes ? (stored.height, stored.width) : (stored.width, stored.height)
    }

    /// Maps a point in the upright reduced image (pixel indices) to the upright full-resolution
    /// image: back to the stored reduced image, to the centre of the block the reduced pixel
    /// stands for, then upright again at full size. Clamped to the full image.
    public func fullPoint(_ p: Point) -> Point {
        let k = Double(denominator)
        let reduced = Self.reducedSize(width: storedWidth, height: storedHeight, denominator: denominator)
        let reducedStored = Size(width: Double(reduced.width), height: Double(reduced.height))
        let fullStored = Size(width: Double(storedWidth), height: Double(storedHeight))
        // Pixel index i covers [i, i + 1); its centre is i + 0.5. Blocks start at the stored
        // image's origin, so in stored coordinates the reduction is a plain scale by k.
        let stored = orientation.storedPoint(Point(x: p.x + 0.5, y: p.y + 0.5), storedSize: reducedStored)
        let scaled = Point(x: stored.x * k, y: stored.y * k)
        let upright = orientation.displayPoint(scaled, storedSize: fullStored)
        let full = fullSize
        return Point(
            x: min(max(upright.x - 0.5, 0), Double(max(0, full.width - 1))),
            y: min(max(upright.y - 0.5, 0), Double(max(0, full.height - 1))))
    }

    /// The part of the upright reduced image that covers `rect` (upright full-resolution pixels).
    public func reducedRect(covering rect: PixelRect) -> PixelRect {
        let k = Double(denominator)
        let r = rect.rect
        return PixelRect(covering: Rect(x: r.minX / k, y: r.minY / k, width: r.width / k, height: r.height / k))
    }

    /// The part of the upright full-resolution image that `rect` (upright reduced pixels) stands
    /// for, clipped to it.
    public func fullRect(covering rect: PixelRect) -> PixelRect {
        let k = denominator
        let full = fullSize
        return PixelRect(x: rect.x * k, y: rect.y * k, width: rect.width * k, height: rect.height * k)
            .clamped(width: full.width, height: full.height)
    }

    /// `symbol` with its corners mapped to the full-resolution image.
    public func fullResolution(_ symbol: Symbol) -> Symbol {
        var full = symbol
        full.corners = symbol.corners.map(fullPoint)
        return full
    }
}
