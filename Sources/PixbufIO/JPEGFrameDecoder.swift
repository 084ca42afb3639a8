// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// Decodes Motion-JPEG camera frames through gdk-pixbuf's JPEG loader, with `ImageLoader`'s
/// checks for hostile input: only bytes that sniff as JPEG reach the loader, a frame over
/// `maxBytes` or announcing more than `maxPixels` is refused before its pixels are allocated, and
/// a frame cut short or damaged is refused. A refused frame gives `nil` (the caller drops it),
/// never a crash.
///
/// A value type with no shared state: use one from any thread, such as a capture thread.
public struct JPEGFrameDecoder: Sendable {
    /// Largest frame accepted, in pixels; 4096×2160 by default (cameras send at most 4K).
    public var maxPixels: Int
    /// Largest frame accepted, in bytes; 16 MiB by default.
    public var maxBytes: Int

    public init(maxPixels: Int = 4096 * 2160, maxBytes: Int = 16 << 20) {
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
    }

    /// The frame in `bytes` (one JPEG image): BT.601 luma for the decoders and packed RGB for the
    /// preview, or `nil` when the bytes are not a whole, valid JPEG within the limits.
    public func decode(_ bytes: UnsafeRawBufferPointer, timestamp: Double, sequence: UInt64) -> VideoFrame? {
        guard bytes.count > ImageFileFormat.sniffLength, bytes.count <= maxBytes,
            case .allowed(.jpeg) = ImageFileFormat.sniff(bytes.prefix(ImageFileFormat.sniffLength))
        else { return nil }
        // Camera frames are not held in the photo budget: each is dropped once converted, and
        // their size is bounded by `maxPixels`. No shrinking (`maxDisplaySide` 0): the preview
        // wants the frame's own size.
        let loader = ImageLoader(maxPixels: maxPixels, maxFileBytes: maxBytes, maxDisplaySide: 0, budget: nil)
        guard let image = try? loader.load(bytes: [UInt8](bytes), name: "MJPG frame", wantDisplay: true),
            let display = image.display,
            display.width == image.width, display.height == image.height, !display.hasAlpha,
            display.bytes.count >= display.rowstride * (display.height - 1) + display.width * 3
        else { return nil }
        let rgb = display.bytes.withUnsafeBytes { raw -> [UInt8] in
            guard let base = raw.baseAddress else { return [] }
            return FrameConversion.packedRows(from: base, rowBytes: display.width * 3, height: display.height, stride: display.rowstride)
        }
        guard rgb.count == display.width * display.height * 3 else { return nil }
        return VideoFrame(luma: image.luma, color: .rgb(rgb), timestamp: timestamp, sequence: sequence)
    }
}
