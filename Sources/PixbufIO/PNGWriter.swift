// SPDX-License-Identifier: GPL-3.0-or-later
import CGdkPixbuf
import Foundation
import GLibSwift
import SaomaCore

/// Why a PNG could not be made or written.
public enum PNGWriterError: Error, Hashable, Sendable {
    /// gdk-pixbuf could not encode the pixels (its message).
    case encodingFailed(String)
    /// The file could not be written (the system's reason).
    case writeFailed(path: String, reason: String)
}

/// Encodes RGB rasters as PNG with gdk-pixbuf and writes them atomically.
///
/// Stateless and thread-safe: each call makes and frees its own pixbuf.
public enum PNGWriter {
    /// zlib compression level for PNGs, 0 (none) … 9 (smallest); QR codes are long runs of two
    /// colours and compress well even at level 1, which is several times faster than the default.
    public static let compressionLevel = 1

    /// The PNG file bytes for `raster`.
    public static func pngData(_ raster: RGBRaster) throws(PNGWriterError) -> Data {
        var failure: PNGWriterError?
        let data: Data? = raster.bytes.withUnsafeBufferPointer { pixels -> Data? in
            // Transfer: the pixbuf borrows `pixels` (no destroy function) only while this closure runs.
            guard
                let pixbuf = gdk_pixbuf_new_from_data(
                    pixels.baseAddress, GDK_COLORSPACE_RGB, 0, 8, Int32(raster.width), Int32(raster.height),
                    Int32(raster.rowStride), nil, nil
                ).map({ ObjectRef(adopting: $0) })
            else {
                failure = .encodingFailed("gdk_pixbuf_new_from_data failed")
                return nil
            }
            var buffer: UnsafeMutablePointer<gchar>?
            var size: gsize = 0
            var error: UnsafeMutablePointer<GError>?
            let key = strdup("compression")
            let value = strdup(String(compressionLevel))
            defer {
                free(key)
                free(value)
            }
            var keys: [UnsafeMutablePointer<CChar>?] = [key, nil]
            var values: [UnsafeMutablePointer<CChar>?] = [value, nil]
            let ok = gdk_pixbuf_save_to_bufferv(pixbuf.pointer, &buffer, &size, "png", &keys, &values, &error)
            // Transfer: `buffer` (full) is freed with g_free after copying; `error` (full) with g_error_free.
            defer {
                g_free(buffer)
                if let error { g_error_free(error) }
            }
            guard ok != 0, let buffer else {
                failure = .encodingFailed(error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error")
                return nil
            }
            return Data(bytes: buffer, count: Int(size))
        }
        guard let data else { throw failure ?? .encodingFailed("unknown error") }
        return data
    }

    /// Writes `raster` as a PNG to `path`, atomically: the file appears whole or not at all; a
    /// regular file already there is replaced only when `replacing`.
    public static func write(_ raster: RGBRaster, to path: String, replacing: Bool) throws(PNGWriterError) {
        let data = try pngData(raster)
        try AtomicFile.write(data, to: path, replacing: replacing)
    }
}
