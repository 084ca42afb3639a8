// SPDX-License-Identifier: GPL-3.0-or-later
import CGdkPixbuf
import Glibc
import SaomaCore

/// Loads photos through gdk-pixbuf: EXIF orientation applied, oversized images refused before
/// their pixels are decoded, every failure a typed `ImageLoadError` naming the input.
///
/// A value type with no shared state: use one from any thread (gdk-pixbuf loaders are per call).
public struct ImageLoader: Sendable {
    /// Largest image accepted, in pixels (width × height); 100 megapixels by default.
    public var maxPixels: Int

    /// Bytes fed to gdk-pixbuf per write, so an oversized header stops the load early.
    private static let chunkSize = 64 * 1024

    public init(maxPixels: Int = 100_000_000) {
        self.maxPixels = maxPixels
    }

    /// Loads the image file at `path`; with `wantDisplay`, also returns its colour pixels.
    public func load(path: String, wantDisplay: Bool = false) throws(ImageLoadError) -> LoadedImage {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path) }
            throw .unreadable(path, reason: Self.systemMessage(code))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory(path) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw .unreadable(path, reason: Self.systemMessage(errno)) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        let reader = { () throws(ImageLoadError) -> ArraySlice<UInt8>? in
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, Self.chunkSize) }
            if n < 0 { throw ImageLoadError.unreadable(path, reason: Self.systemMessage(errno)) }
            return n == 0 ? nil : buffer[0..<n]
        }
        return try decode(name: path, wantDisplay: wantDisplay, nextChunk: reader)
    }

    /// Loads an image from memory (pasted or dropped data); `name` labels it in error messages.
    public func load(bytes: [UInt8], name: String, wantDisplay: Bool = false) throws(ImageLoadError) -> LoadedImage {
        var offset = 0
        let reader: () throws(ImageLoadError) -> ArraySlice<UInt8>? = {
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + Self.chunkSize)
            defer { offset = end }
            return bytes[offset..<end]
        }
        return try decode(name: name, wantDisplay: wantDisplay, nextChunk: reader)
    }

    /// What the loader's signals reported: the announced size and how far rows were decoded.
    ///
    /// Lives for one load on the loading thread; the signals fire synchronously inside
    /// `write`/`close`.
    private final class SizeBox {
        var width = 0
        var height = 0
        var announced = false
        /// The pixel limit; above it the handler asks the loader for a 0×0 result, which makes
        /// gdk-pixbuf's loaders stop before allocating (as `gdk_pixbuf_get_file_info` does).
        let maxPixels: Int
        /// One past the lowest row reported decoded by `area-updated` (0 when none was reported).
        var rowsDecoded = 0

        init(maxPixels: Int) { self.maxPixels = maxPixels }

        /// Whether the announced size is above the limit.
        var isTooLarge: Bool {
            announced && width > 0 && height > 0 && (width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels)
        }
    }

    /// `size-prepared` handler: records the announced size (user data is the `SizeBox`).
    private static let sizePrepared:
        @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
            loader, width, height, data in
            guard let data else { return }
            let box = Unmanaged<SizeBox>.fromOpaque(data).takeUnretainedValue()
            box.width = Int(width)
            box.height = Int(height)
            box.announced = true
            if box.isTooLarge { gdk_pixbuf_loader_set_size(loader, 0, 0) }
        }

    /// `area-updated` handler: records how far down the image rows have been decoded.
    private static let areaUpdated:
        @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
            _, _, y, _, height, data in
            guard let data else { return }
            let box = Unmanaged<SizeBox>.fromOpaque(data).takeUnretainedValue()
            box.rowsDecoded = max(box.rowsDecoded, Int(y) + Int(height))
        }

    /// Feeds chunks to a gdk-pixbuf loader, stopping as soon as the announced size is too large.
    private func decode(
        name: String, wantDisplay: Bool, nextChunk: () throws(ImageLoadError) -> ArraySlice<UInt8>?
    ) throws(ImageLoadError) -> LoadedImage {
        guard let loader = gdk_pixbuf_loader_new() else { throw .notAnImage(name) }
        // The loader is created here (transfer full) and unreffed on every exit, after close.
        var closed = false
        defer {
            if !closed { gdk_pixbuf_loader_close(loader, nil) }
            g_object_unref(loader)
        }
        let box = SizeBox(maxPixels: maxPixels)
        let handler = unsafeBitCast(Self.sizePrepared, to: GCallback.self)
        let boxPointer = Unmanaged.passUnretained(box).toOpaque()
        g_signal_connect_data(loader, "size-prepared", handler, boxPointer, nil, GConnectFlags(rawValue: 0))
        let areaHandler = unsafeBitCast(Self.areaUpdated, to: GCallback.self)
        g_signal_connect_data(loader, "area-updated", areaHandler, boxPointer, nil, GConnectFlags(rawValue: 0))
        var total = 0
        var jpeg = JPEGEndTracker()
        while let chunk = try nextChunk() {
            total += chunk.count
            jpeg.feed(chunk)
            var error: UnsafeMutablePointer<GError>?
            let ok = chunk.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
            try checkSize(box, name: name)
            if ok == 0 { throw Self.loaderError(error, announced: box.announced, name: name) }
        }
        if total == 0 { throw .empty(name) }
        var error: UnsafeMutablePointer<GError>?
        closed = true
        let ok = withExtendedLifetime(box) { gdk_pixbuf_loader_close(loader, &error) }
        try checkSize(box, name: name)
        if ok == 0 { throw Self.loaderError(error, announced: box.announced, name: name) }
        guard let stored = gdk_pixbuf_loader_get_pixbuf(loader) else { throw .notAnImage(name) }
        // Some loaders (PNG) accept a file cut short without an error: rows stop coming.
        if box.rowsDecoded > 0 && box.rowsDecoded < Int(gdk_pixbuf_get_height(stored)) {
            throw .damaged(name, reason: "only \(box.rowsDecoded) of \(gdk_pixbuf_get_height(stored)) rows present")
        }
        // The JPEG loader fills a file cut short with grey instead of failing.
        if jpeg.isJPEG && !jpeg.reachedEnd {
            throw .damaged(name, reason: "the JPEG data ends before the end-of-image marker")
        }
        let orientation = ImageOrientation(exifValue: Self.orientationOption(stored))
        // apply_embedded_orientation returns a new reference (transfer full), possibly to `stored`.
        guard let upright = gdk_pixbuf_apply_embedded_orientation(stored) else { throw .notAnImage(name) }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let pixels = PixbufPixels(upright)
        return LoadedImage(luma: pixels.luma(), display: wantDisplay ? pixels.display() : nil, orientation: orientation)
    }

    /// Throws `.tooLarge` once the loader has announced a size above the limit.
    private func checkSize(_ box: SizeBox, name: String) throws(ImageLoadError) {
        if box.isTooLarge { throw .tooLarge(name, width: box.width, height: box.height, limit: maxPixels) }
    }

    /// The EXIF orientation the loader stored as the pixbuf's "orientation" option (1 when none).
    private static func orientationOption(_ pixbuf: OpaquePointer) -> Int {
        guard let value = gdk_pixbuf_get_option(pixbuf, "orientation") else { return 1 }
        return Int(String(cString: value)) ?? 1
    }

    /// Maps a loader failure to a typed error and frees the `GError`.
    private static func loaderError(_ error: UnsafeMutablePointer<GError>?, announced: Bool, name: String) -> ImageLoadError {
        defer { if let error { g_error_free(error) } }
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        let unknownType = error.map {
            $0.pointee.domain == gdk_pixbuf_error_quark() && Int($0.pointee.code) == Int(GDK_PIXBUF_ERROR_UNKNOWN_TYPE.rawValue)
        }
        if unknownType == true || !announced { return .notAnImage(name) }
        return .damaged(name, reason: message)
    }

    /// The C library's message for `errno` value `code`.
    private static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
