// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// Packed 8-bit colour pixels ready for display (a `GdkMemoryTexture` or a Cairo surface).
public struct DisplayPixels: Sendable, Equatable {
    /// Row-major pixels: RGBA when `hasAlpha`, else RGB; rows are `rowstride` bytes apart.
    public var bytes: [UInt8]
    public var width: Int
    public var height: Int
    /// Bytes from the start of one row to the start of the next (at least `width * channels`).
    public var rowstride: Int
    /// Whether each pixel has a fourth, alpha byte (straight, not premultiplied).
    public var hasAlpha: Bool

    public init(bytes: [UInt8], width: Int, height: Int, rowstride: Int, hasAlpha: Bool) {
        self.bytes = bytes
        self.width = width
        self.height = height
        self.rowstride = rowstride
        self.hasAlpha = hasAlpha
    }

    /// Bytes per pixel: 4 with alpha, 3 without.
    public var channels: Int { hasAlpha ? 4 : 3 }
}

/// An image loaded from a file or from memory, upright (its EXIF orientation applied).
public struct LoadedImage: Sendable {
    /// The upright greyscale image that decoders read (transparency composited over white).
    public var luma: LumaImage
    /// The upright colour pixels, when they were asked for.
    public var display: DisplayPixels?
    /// The EXIF orientation that was applied (`.up` when the file had none).
    public var orientation: ImageOrientation
    /// The memory reserved for this image's pixels and their decoding; given back when the
    /// last copy of this value is gone (or by `releaseMemory()`).
    public private(set) var reservation: MemoryBudget.Reservation?
    /// How the pixels were reduced while decoding (`load(…, reduced: true)` on a big JPEG), or
    /// `nil` when they are the full resolution: `luma` and `display` are then smaller than the
    /// photo, and points in them map to the photo's pixels through `reduction.fullPoint`.
    public var reduction: ImageReduction?

    public init(
        luma: LumaImage, display: DisplayPixels?, orientation: ImageOrientation, reservation: MemoryBudget.Reservation? = nil,
        reduction: ImageReduction? = nil
    ) {
        self.luma = luma
        self.display = display
        self.orientation = orientation
        self.reservation = reservation
        self.reduction = reduction
    }

    /// Gives the reserved memory back to its budget now (when the pixels are no longer needed
    /// but the value lives on).
    public func releaseMemory() { reservation?.release() }

    /// The size of the pixels held (reduced when `reduction` is set).
    public var width: Int { luma.width }
    public var height: Int { luma.height }

    /// The photo's upright size at full resolution (the space of reported corners).
    public var fullWidth: Int { reduction?.fullSize.width ?? luma.width }
    public var fullHeight: Int { reduction?.fullSize.height ?? luma.height }
}
