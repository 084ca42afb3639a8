// SPDX-License-Identifier: GPL-3.0-or-later

/// Where and how an image is shown: the view's size in points, its device pixels per point,
/// whether it is mirrored and how the image is fitted. The only input to `ViewTransform`
/// besides the image's size.
///
/// The live scanner's viewport is `.cover` (the preview fills the view); a photo's is
/// `.contain`. A value; the live scanner hands it to the capture thread to sample frames for it.
public struct Viewport: Sendable, Hashable {
    /// The view's size in points.
    public var size: Size
    /// How the image is fitted into the view.
    public var fit: ContentFit
    /// Whether the image is shown mirrored left–right.
    public var mirrored: Bool
    /// Device pixels per point (the widget's scale factor, at least 1).
    public var scale: Int

    public init(size: Size, fit: ContentFit, mirrored: Bool = false, scale: Int = 1) {
        self.size = size
        self.fit = fit
        self.mirrored = mirrored
        self.scale = Swift.max(1, scale)
    }

    /// Whether the view has no area yet (not laid out).
    public var isEmpty: Bool { size.isEmpty }
}
