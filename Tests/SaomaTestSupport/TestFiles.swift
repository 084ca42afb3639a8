// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore

/// Builds image files byte by byte for loader tests (PNG with stored deflate blocks, JPEG with an
/// EXIF orientation) inside a unique temporary folder.
public struct TestFiles {
    public let folder: URL

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-pixbufio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` in the folder and returns its path.
    public func write(_ bytes: [UInt8], name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A PNG of `width`×`height` with `channels` (1 grey, 3 RGB, 4 RGBA) from row-major `pixels`.
    public static func png(width: Int, height: Int, channels: Int, pixels: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            raw += pixels[(y * width * channels)..<((y + 1) * width * channels)]
        }
        let colourType: UInt8 = [1: 0, 3: 2, 4: 6][channels] ?? 0
        var ihdr = be32(width) + be32(height)
        ihdr += [8, colourType, 0, 0, 0]
        return pngSignature + chunk("IHDR", ihdr) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// The start of a PNG that announces `width`×`height` grey pixels, then one row of data.
    public static func pngHeaderOnly(width: Int, height: Int) -> [UInt8] {
        var ihdr = be32(width) + be32(height)
        ihdr += [8, 0, 0, 0, 0]
        let row = [UInt8](repeating: 0, count: min(width, 1024) + 1)
        return pngSignature + chunk("IHDR", ihdr) + chunk("IDAT", zlibStored(row, final: false))
    }

    /// A JPEG of a grey image (through ImageMagick) with an EXIF APP1 segment giving `orientation`.
    public func jpeg(width: Int, height: Int, pixels: [UInt8], orientation: Int) throws -> [UInt8] {
        let pgm = Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
        let input = try write(pgm, name: "in-\(UUID().uuidString).pgm")
        let output = folder.appendingPathComponent("out-\(UUID().uuidString).jpg").path
        try runTool("/usr/bin/convert", [input, "-quality", "100", output])
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        // EXIF: "Exif\0\0", big-endian TIFF header, one IFD with one SHORT entry 0x0112.
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42] + Self.be32(8)
        tiff += [0, 1, 0x01, 0x12, 0, 3] + Self.be32(1)
        tiff += [0, UInt8(orientation), 0, 0] + Self.be32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        return Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func be32(_ v: Int) -> [UInt8] {
        [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    /// zlib stream of stored (uncompressed) deflate blocks; without `final` the stream is left open.
    private static func zlibStored(_ data: [UInt8], final: Bool = true) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, data.count - offset)
            let last = final && offset + n == data.count
            out += [last ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<(offset + n)]
            offset += n
        } while offset < data.count
        if final { out += be32(Int(Inflate.adler32(data))) }
        return out
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }
}
