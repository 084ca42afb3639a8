// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import PixbufIO
import SaomaCore
import ZBarDecoding

/// Where a photo comes from: a file path, or encoded image bytes (pasted or dropped data) with a
/// label for messages.
enum PhotoSource: Sendable, Equatable {
    case file(String)
    case bytes([UInt8], name: String)
    case texture(PastedTexture, name: String)

    /// The name shown in messages and in the recent list.
    var name: String {
        switch self {
        case .file(let path): return path
        case .bytes(_, let name), .texture(_, let name): return name
        }
    }
}

/// A pasted or dropped `GdkTexture`, encoded to PNG on the worker thread.
///
/// Owns one reference (released in `deinit`). Textures are immutable, so reading the pixels of
/// a memory texture off the UI thread is safe.
final class PastedTexture: @unchecked Sendable, Equatable {
    let texture: OpaquePointer

    /// Takes over one reference to `texture` (transfer full).
    init(adopting texture: OpaquePointer) { self.texture = texture }

    deinit { g_object_unref(UnsafeMutableRawPointer(texture)) }

    /// The texture as PNG file bytes.
    func pngBytes() -> [UInt8] {
        guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return [] }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }

    static func == (a: PastedTexture, b: PastedTexture) -> Bool { a === b }
}

/// A loaded and decoded photo, made on the worker thread and handed to the UI thread.
///
/// Owns one reference to `displayBytes` (released in `deinit`); GBytes is immutable and
/// thread-safe, so the value crosses threads safely.
final class DecodedPhoto: @unchecked Sendable {
    /// The upright image's size in pixels (the space of the symbols' corners).
    let imageSize: SaomaSize
    /// The codes found, corners in upright image pixels, in reading order.
    let symbols: [Symbol]
    /// Packed pixels for the texture: `displayWidth` × `displayHeight`, RGB or RGBA, `displayStride` bytes per row.
    let displayBytes: OpaquePointer
    let displayWidth: Int
    let displayHeight: Int
    let displayStride: Int
    let displayHasAlpha: Bool
    /// The EXIF orientation that was applied.
    let orientation: ImageOrientation

    init(image: LoadedImage, display: DisplayPixels, symbols: [Symbol]) {
        imageSize = SaomaSize(width: Double(image.width), height: Double(image.height))
        self.symbols = symbols
        orientation = image.orientation
        displayWidth = display.width
        displayHeight = display.height
        displayStride = display.rowstride
        displayHasAlpha = display.hasAlpha
        displayBytes = display.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    }

    deinit { g_bytes_unref(displayBytes) }

    /// A new texture for the display pixels (transfer full: the caller unrefs it).
    @MainActor
    func makeTexture() -> OpaquePointer? {
        let format = displayHasAlpha ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8
        return gdk_memory_texture_new(gint(displayWidth), gint(displayHeight), format, displayBytes, gsize(displayStride))
    }
}

/// Loads and decodes photos on one background thread, newest request first: a request made
/// while another is queued replaces it, and results of superseded requests are dropped.
///
/// Thread-safe: `submit` and `cancel` may be called from any thread; the loader and decoder are
/// used only on the worker queue.
final class PhotoWorker: @unchecked Sendable {
    /// Largest photo accepted, in pixels (width × height).
    static let maxPixels = 100_000_000
    /// Longest side of the texture shown, in pixels; larger photos are shown from a box-filtered copy
    /// (the view is never that large, and drawing a huge texture scaled down on every frame is slow).
    static let maxDisplaySide = 2560

    /// Serial queue all loading and decoding runs on.
    private let queue = DispatchQueue(label: "io.github.saoma.photo-worker", qos: .userInitiated)
    /// Guards `latest`.
    private let lock = NSLock()
    /// The generation of the newest request; older requests stop at their next check.
    private var latest = 0
    /// Made on the worker queue on first use; used only there.
    nonisolated(unsafe) private var decoder: ZBarDecoder?

    /// Loads and decodes `source` as request `generation`; `done` runs on the worker thread
    /// unless a newer request arrived meanwhile.
    func submit(
        _ source: PhotoSource, generation: Int, symbologies: Set<Symbology>,
        done: @escaping @Sendable (Result<DecodedPhoto, ImageLoadError>) -> Void
    ) {
        lock.withLock { latest = generation }
        queue.async { [self] in
            guard isCurrent(generation) else { return }
            let loader = ImageLoader(maxPixels: Self.maxPixels)
            let image: LoadedImage
            do throws(ImageLoadError) {
                switch source {
                case .file(let path): image = try loader.load(path: path, wantDisplay: true)
                case .bytes(let bytes, let name): image = try loader.load(bytes: bytes, name: name, wantDisplay: true)
                case .texture(let texture, let name): image = try loader.load(bytes: texture.pngBytes(), name: name, wantDisplay: true)
                }
            } catch {
                if isCurrent(generation) { done(.failure(error)) }
                return
            }
            guard isCurrent(generation), let display = image.display else { return }
            let shown = DisplayScaler.downscaled(display, maxSide: Self.maxDisplaySide)
            guard isCurrent(generation) else { return }
            let decoder = self.decoder ?? ZBarDecoder()
            self.decoder = decoder
            let symbols = decoder.decode(image.luma, options: DecodeOptions(symbologies: symbologies, effort: .thorough))
                .sortedInReadingOrder()
            guard isCurrent(generation) else { return }
            done(.success(DecodedPhoto(image: image, display: shown, symbols: symbols)))
        }
    }

    /// Drops any request in progress (its result will not be delivered).
    func cancel(generation: Int) {
        lock.withLock { latest = generation }
    }

    private func isCurrent(_ generation: Int) -> Bool {
        lock.withLock { latest == generation }
    }
}
