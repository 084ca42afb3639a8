// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import PixbufIO
import SaomaCore

/// A loaded photo ready to show, made on the worker thread and handed to the UI thread.
///
/// Owns one reference to `displayBytes` (released in `deinit`); GBytes is immutable and
/// thread-safe, so the value crosses threads safely.
final class LoadedPhoto: @unchecked Sendable {
    /// The upright image's size in pixels (the space of the symbols' corners).
    let imageSize: SaomaSize
    /// The pixels shown: `displayWidth` × `displayHeight` cairo ARGB32 words (premultiplied), rows packed.
    let displayBytes: OpaquePointer
    let displayWidth: Int
    let displayHeight: Int
    let displayHasAlpha: Bool
    /// The EXIF orientation that was applied.
    let orientation: ImageOrientation

    init(image: LoadedImage, display: DisplayPixels) {
        imageSize = SaomaSize(width: Double(image.fullWidth), height: Double(image.fullHeight))
        orientation = image.orientation
        displayWidth = display.width
        displayHeight = display.height
        displayHasAlpha = display.hasAlpha
        displayBytes = DisplayScaler.premultipliedARGB32(display).withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    }

    deinit { g_bytes_unref(displayBytes) }

    /// A cairo surface over the display pixels (transfer full: the caller destroys it).
    @MainActor
    func makeSurface() -> OpaquePointer? {
        ImageSurface.make(over: displayBytes, width: displayWidth, height: displayHeight, opaque: !displayHasAlpha)
    }
}
