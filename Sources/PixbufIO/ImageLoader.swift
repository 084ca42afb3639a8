// SPDX-License-Identifier: GPL-3.0-or-later
import CGdkPixbuf
import GLibSwift
import Glibc
import SaomaCore

/// Loads photos through gdk-pixbuf with budgets that hold for every input: the format is
/// sniffed from the first bytes and only an allow-listed loader (`ImageFileFormat`) ever sees the
/// data; files over `maxFileBytes` and anything but regular files are refused before a byte is
/// read; images over `maxPixels` are refused when their header announces the size, before their
/// pixels are allocated; a file cut short is refused in every format (`ImageCompleteness`); and the
/// decoded pixels are reserved from a shared `MemoryBudget` before they are allocated.
/// Every failure is a typed `ImageLoadError` naming the input.
///
/// A value type with no shared state of its own: use one from any thread (gdk-pixbuf loaders are
/// per call). Use from a path (`load(path:)`) or from memory (`load(bytes:name:)`, also what a
/// fuzz target calls).
public struct ImageLoader: Sendable {
    /// Largest image accepted, in pixels (width × height); 100 megapixels by default.
    public var maxPixels: Int
    /// Largest file accepted, in bytes; 128 MiB by default (a 100-megapixel photo is far smaller
    /// as JPEG or PNG; some loaders, TIFF's among them, hold the whole file in memory).
    public var maxFileBytes: Int
    /// Longest side, in pixels, of the display pixels returned with `wantDisplay` (larger images
    /// are shrunk while converting, so no full-size colour copy is made).
    public var maxDisplaySide: Int
    /// The budget decoded pixels are reserved from (nil: none; the bytes are still bounded by
    /// `maxPixels`).
    public var budget: MemoryBudget?

    /// Bytes of memory reserved per pixel while an image is loaded and decoded: the pixbuf (up to
    /// 4), the luma image (1) and its upright copy (1); the decoders' work images fit in the
    /// pixbuf's place once it is freed. Measured: a 99-megapixel RGBA PNG peaks at 516 MB
    /// resident in `saoma scan` (docs/BENCHMARKS.md, "Memory").
    static let bytesPerPixel = 6
    /// Bytes reserved per display pixel when display pixels are wanted (at most `maxDisplaySide`
    /// squared): the shrunk copy, its upright copy and the returned pixels, 4 bytes each.
    static let displayBytesPerPixel = 12

    /// Bytes fed to gdk-pixbuf per write, so an oversized header stops the load early.
    private static let chunkSize = 64 * 1024

    public init(maxPixels: Int = 100_000_000, maxFileBytes: Int = 128 << 20, maxDisplaySide: Int = 2560, budget: MemoryBudget? = .images) {
        self.maxPixels = maxPixels
        self.maxDisplaySide = maxDisplaySide
        self.maxFileBytes = maxFileBytes
        self.budget = budget
    }

    /// Loads the image file at `path`; with `wantDisplay`, also returns its colour pixels.
    ///
    /// The file is opened without blocking (a named pipe with no writer cannot stall the call)
    /// and checked with `fstat` before anything is read: folders, pipes, sockets, devices and
    /// files over `maxFileBytes` are refused.
    ///
    /// With `reduced`, a JPEG large enough for `ImageReduction.denominator` is decoded at 1/2, 1/4
    /// or 1/8 of its size while it is decoded (libjpeg's DCT scaling, far cheaper than a full
    /// decode); the result's `reduction` then maps its points to the full image. Other formats and
    /// smaller JPEGs load at full size.
    public func load(path: String, wantDisplay: Bool = false, reduced: Bool = false) throws(ImageLoadError) -> LoadedImage {
        // By its exact bytes: a name that is not UTF-8 is carried as `RawArgument` escapes.
        let name = RawArgument.cString(of: path)
        let fd = open(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path) }
            // Sockets cannot be opened (ENXIO); say what the path is when stat can tell.
            var info = stat()
            if stat(name, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                throw (info.st_mode & S_IFMT) == S_IFDIR
                    ? .isDirectory(path) : .notRegularFile(path, kind: SpecialFileKind(mode: info.st_mode))
            }
            throw .unreadable(path, reason: Self.systemMessage(code))
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw .unreadable(path, reason: Self.systemMessage(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .isDirectory(path)
        default: throw .notRegularFile(path, kind: SpecialFileKind(mode: info.st_mode))
        }
        if Int(info.st_size) > maxFileBytes { throw .fileTooLarge(path, bytes: Int(info.st_size), limit: maxFileBytes) }
        // A regular file: blocking reads again (O_NONBLOCK only guarded the open).
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        let reader = { () throws(ImageLoadError) -> ArraySlice<UInt8>? in
            var n: Int
            repeat {
                n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, Self.chunkSize) }
            } while n < 0 && errno == EINTR
            if n < 0 { throw ImageLoadError.unreadable(path, reason: Self.systemMessage(errno)) }
            return n == 0 ? nil : buffer[0..<n]
        }
        return try decode(name: path, wantDisplay: wantDisplay, reduced: reduced, nextChunk: reader)
    }

    /// Loads an image from memory (pasted or dropped data); `name` labels it in error messages.
    /// `reduced` as for `load(path:)`.
    public func load(bytes: [UInt8], name: String, wantDisplay: Bool = false, reduced: Bool = false) throws(ImageLoadError) -> LoadedImage {
        if bytes.count > maxFileBytes { throw .fileTooLarge(name, bytes: bytes.count, limit: maxFileBytes) }
        var offset = 0
        let reader: () throws(ImageLoadError) -> ArraySlice<UInt8>? = {
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + Self.chunkSize)
            defer { offset = end }
            return bytes[offset..<end]
        }
        return try decode(name: name, wantDisplay: wantDisplay, reduced: reduced, nextChunk: reader)
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
        /// Where the pixels' memory is reserved from, the bytes per pixel to reserve, and the
        /// longest side of display pixels (0 when none are wanted).
        let budget: MemoryBudget?
        let bytesPerPixel: Int
        let displaySide: Int
        /// The memory held for this image, reserved once its size is known and accepted.
        var reservation: MemoryBudget.Reservation?
        /// Whether a big image is to be decoded reduced (JPEG only: its decoder scales while it
        /// decodes), and the reduction asked of the loader (1: none).
        let reduce: Bool
        var denominator = 1

        init(maxPixels: Int, budget: MemoryBudget?, bytesPerPixel: Int, displaySide: Int, reduce: Bool) {
            self.maxPixels = maxPixels
            self.budget = budget
            self.bytesPerPixel = bytesPerPixel
            self.displaySide = displaySide
            self.reduce = reduce
        }

        /// The size of the decoded pixels: the announced size, reduced when asked.
        var decodedSize: (width: Int, height: Int) {
            ImageReduction.reducedSize(width: width, height: height, denominator: denominator)
        }

        /// The bytes to reserve for the decoded size.
        var reservedBytes: Int {
            let (width, height) = decodedSize
            let side = max(width, height)
            let k = displaySide > 0 && side > displaySide ? Double(displaySide) / Double(side) : 1
            let displayPixels = displaySide > 0 ? Int((Double(width) * k).rounded(.up) * (Double(height) * k).rounded(.up)) : 0
            return width * height * bytesPerPixel + displayPixels * ImageLoader.displayBytesPerPixel
        }

        /// Reserves the memory for the announced size (waits until it fits the budget).
        func reserve() {
            guard let budget, reservation == nil, !isTooLarge, width > 0, height > 0 else { return }
            reservation = budget.reserve(reservedBytes)
        }

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
            if box.isTooLarge {
                gdk_pixbuf_loader_set_size(loader, 0, 0)
                return
            }
            if box.reduce {
                box.denominator = ImageReduction.denominator(width: box.width, height: box.height)
                if box.denominator > 1 {
                    // gdk-pixbuf's JPEG loader picks the DCT scale that gives at least this size:
                    // exactly 1/denominator, so no further (bilinear) scaling is done.
                    let (w, h) = box.decodedSize
                    gdk_pixbuf_loader_set_size(loader, Int32(w), Int32(h))
                }
            }
            box.reserve()
        }

    /// `area-updated` handler: records how far down the image rows have been decoded.
    private static let areaUpdated:
        @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
            _, _, y, _, height, data in
            guard let data else { return }
            let box = Unmanaged<SizeBox>.fromOpaque(data).takeUnretainedValue()
            box.rowsDecoded = max(box.rowsDecoded, Int(y) + Int(height))
        }

    /// Sniffs the format from the first chunk, then feeds every chunk to that format's loader,
    /// stopping as soon as the announced size is too large or the bytes exceed the file limit.
    private func decode(
        name: String, wantDisplay: Bool, reduced: Bool, nextChunk: () throws(ImageLoadError) -> ArraySlice<UInt8>?
    ) throws(ImageLoadError) -> LoadedImage {
        guard var chunk = try nextChunk() else { throw .empty(name) }
        // The first read may be short (a file being written): gather enough bytes to sniff.
        while chunk.count < ImageFileFormat.sniffLength, let more = try nextChunk() { chunk = ArraySlice(Array(chunk) + more) }
        let format: ImageFileFormat
        switch ImageFileFormat.sniff(chunk) {
        case .allowed(let f): format = f
        case .refused(let formatName): throw .unsupportedFormat(name, format: formatName)
        case .unknown: throw .notAnImage(name)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let owned = gdk_pixbuf_loader_new_with_type(format.loaderName, &error).map({ ObjectRef(adopting: $0) }) else {
            if let error { g_error_free(error) }
            throw .unsupportedFormat(name, format: format.displayName)
        }
        let loader = owned.pointer
        // Closed on every exit; released after that.
        var closed = false
        defer { if !closed { gdk_pixbuf_loader_close(owned.pointer, nil) } }
        let box = SizeBox(
            maxPixels: maxPixels, budget: budget, bytesPerPixel: Self.bytesPerPixel, displaySide: wantDisplay ? maxDisplaySide : 0,
            reduce: reduced && format == .jpeg)
        let handler = unsafeBitCast(Self.sizePrepared, to: GCallback.self)
        let boxPointer = Unmanaged.passUnretained(box).toOpaque()
        g_signal_connect_data(loader, "size-prepared", handler, boxPointer, nil, GConnectFlags(rawValue: 0))
        let areaHandler = unsafeBitCast(Self.areaUpdated, to: GCallback.self)
        g_signal_connect_data(loader, "area-updated", areaHandler, boxPointer, nil, GConnectFlags(rawValue: 0))
        var total = 0
        var completeness = ImageCompleteness(format: format)
        // An animated GIF is read at its first image: the frames after it never reach the loader.
        var gif = format == .gif ? GIFFirstFrame() : nil
        // A WebP file is gathered first (its loader decodes only at the end anyway) so an
        // animation can be cut to its first frame (`WebPFirstFrame`) before the loader sees it.
        var webp: [UInt8]? = format == .webp ? [] : nil
        var next: ArraySlice<UInt8>? = chunk
        while let chunk = next {
            total += chunk.count
            if total > maxFileBytes { throw .fileTooLarge(name, bytes: total, limit: maxFileBytes) }
            completeness.feed(chunk)
            if let problem = completeness.invalidHeader { throw .damaged(name, reason: problem) }
            if let (width, height) = completeness.announcedSize,
                width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels
            {
                throw .tooLarge(name, width: width, height: height, limit: maxPixels)
            }
            var written = chunk
            var firstImageWhole = false
            if var tracker = gif {
                tracker.feed(chunk)
                gif = tracker
                if let end = tracker.firstImageEnd {
                    written = ArraySlice(Array(chunk.prefix(end - (total - chunk.count))) + [GIFFirstFrame.trailer])
                    firstImageWhole = true
                }
            }
            if webp != nil {
                webp? += chunk
                next = try nextChunk()
                continue
            }
            try write(written, to: loader, box: box, name: name, completeness: completeness)
            next = firstImageWhole ? nil : try nextChunk()
        }
        if let webp {
            let bytes = WebPFirstFrame.cut(webp) ?? webp
            var start = 0
            repeat {
                let end = min(bytes.count, start + Self.chunkSize)
                try write(bytes[start..<end], to: loader, box: box, name: name, completeness: completeness)
                start = end
            } while start < bytes.count
        }
        closed = true
        let ok = withExtendedLifetime(box) { gdk_pixbuf_loader_close(loader, &error) }
        try checkSize(box, name: name)
        // The file's own structure says data is missing: some loaders accept that without an error.
        if let missing = completeness.missingData {
            if let error { g_error_free(error) }
            throw .damaged(name, reason: missing)
        }
        if ok == 0 { throw Self.loaderError(error, name: name, missing: nil) }
        guard let stored = gdk_pixbuf_loader_get_pixbuf(loader) else { throw .damaged(name, reason: "no image was decoded") }
        // Loaders that report rows as they go (plain-text PNM among them) may stop early silently.
        // Not GIF: its first image may cover part of the screen only (its loader refuses cut files).
        if format != .gif && box.rowsDecoded > 0 && box.rowsDecoded < Int(gdk_pixbuf_get_height(stored)) {
            throw .damaged(name, reason: "only \(box.rowsDecoded) of \(gdk_pixbuf_get_height(stored)) rows present")
        }
        let orientation = ImageOrientation(exifValue: Self.orientationOption(stored))
        var reduction: ImageReduction?
        if box.denominator > 1 {
            // The loader must have produced exactly the reduced size (else points would not map).
            let (w, h) = box.decodedSize
            guard Int(gdk_pixbuf_get_width(stored)) == w, Int(gdk_pixbuf_get_height(stored)) == h else {
                throw .damaged(
                    name, reason: "the reduced image is \(gdk_pixbuf_get_width(stored))×\(gdk_pixbuf_get_height(stored)), not \(w)×\(h)")
            }
            reduction = ImageReduction(
                denominator: box.denominator, storedWidth: box.width, storedHeight: box.height, orientation: orientation)
        }
        // Luma straight from the stored pixels, then turned upright at one byte per pixel (a
        // rotated colour copy of a 100-megapixel photo would cost 400 MB more).
        let luma = PixbufPixels(stored).luma().oriented(orientation)
        let display = wantDisplay ? Self.displayPixels(of: stored, maxSide: maxDisplaySide) : nil
        return LoadedImage(luma: luma, display: display, orientation: orientation, reservation: box.reservation, reduction: reduction)
    }

    /// Hands `bytes` to the loader; throws when it refuses them or has announced a size over the limit.
    private func write(
        _ bytes: ArraySlice<UInt8>, to loader: UnsafeMutablePointer<GdkPixbufLoader>, box: SizeBox, name: String,
        completeness: ImageCompleteness
    ) throws(ImageLoadError) {
        var error: UnsafeMutablePointer<GError>?
        let ok = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        try checkSize(box, name: name)
        if ok == 0 { throw Self.loaderError(error, name: name, missing: completeness.missingData) }
    }

    /// The colour pixels of `stored` for display: shrunk to `maxSide` on the longest side first
    /// (so no full-size colour copy is made), then turned upright by its EXIF orientation.
    private static func displayPixels(of stored: OpaquePointer, maxSide: Int) -> DisplayPixels? {
        let width = Int(gdk_pixbuf_get_width(stored))
        let height = Int(gdk_pixbuf_get_height(stored))
        let side = max(width, height)
        let small: ObjectRef<OpaquePointer>?
        if maxSide > 0 && side > maxSide {
            small = gdk_pixbuf_scale_simple(
                stored, Int32(max(1, width * maxSide / side)), Int32(max(1, height * maxSide / side)), GDK_INTERP_BILINEAR
            ).map { ObjectRef(adopting: $0) }
            // Scaling drops the loader's options: carry the orientation over.
            if let small, let value = gdk_pixbuf_get_option(stored, "orientation") {
                gdk_pixbuf_set_option(small.pointer, "orientation", value)
            }
        } else {
            small = ObjectRef(sinking: stored)
        }
        guard let small, let upright = gdk_pixbuf_apply_embedded_orientation(small.pointer).map({ ObjectRef(adopting: $0) })
        else { return nil }
        return PixbufPixels(upright.pointer).display()
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

    /// Maps a loader failure to a typed error and frees the `GError`: the format was recognised
    /// from its magic bytes, so whatever the loader rejects is damaged (with the structural
    /// reason when the file is visibly cut short).
    private static func loaderError(_ error: UnsafeMutablePointer<GError>?, name: String, missing: String?) -> ImageLoadError {
        defer { if let error { g_error_free(error) } }
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        return .damaged(name, reason: missing ?? oneLine(message))
    }

    /// A library's message on one line, control characters replaced by spaces, at most 200 characters.
    static func oneLine(_ message: String) -> String {
        let cleaned = String(message.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return cleaned.count > 200 ? String(cleaned.prefix(200)) + "…" : cleaned
    }

    /// The C library's message for `errno` value `code`.
    private static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
