// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport

/// Test photos made with `qrencode` and ImageMagick in a unique temporary folder (removed with the factory).
final class PhotoFactory {
    /// A code placed in a scene: its text and centre in the upright scene's pixels.
    struct PlacedCode {
        var text: String
        var centerX: Double
        var centerY: Double
    }

    private let folder: TemporaryFolder

    init() throws {
        for tool in ["/usr/bin/qrencode", "/usr/bin/convert"] where !FileManager.default.fileExists(atPath: tool) {
            throw EndToEndError(description: "\(tool) is missing: run scripts/bootstrap")
        }
        folder = try TemporaryFolder(prefix: "saoma-imagetab")
    }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { folder.path(name) }

    /// A `width`×`height` grey scene with a QR code (`moduleSize` px per module, 4-module quiet
    /// zone) centred on each code's centre, written as `name` (format from the extension).
    func scene(_ name: String, width: Int, height: Int, codes: [PlacedCode], moduleSize: Int = 6) throws -> String {
        var arguments = ["-size", "\(width)x\(height)", "xc:#a8a8a8"]
        for (index, code) in codes.enumerated() {
            let png = path("code-\(index)-\(UUID().uuidString).png")
            try runTool("/usr/bin/qrencode", ["-s", String(moduleSize), "-m", "4", "-o", png, code.text])
            let size = try imageSize(png)
            let x = Int((code.centerX - Double(size.width) / 2).rounded())
            let y = Int((code.centerY - Double(size.height) / 2).rounded())
            arguments += [png, "-geometry", "+\(x)+\(y)", "-composite"]
        }
        let output = path(name)
        try runTool("/usr/bin/convert", arguments + ["-quality", "95", output])
        return output
    }

    /// The pixel size of an image file (ImageMagick's `identify`).
    func imageSize(_ file: String) throws -> (width: Int, height: Int) {
        let text = try runTool("/usr/bin/identify", ["-format", "%w %h", file])
        let parts = text.split(separator: " ").compactMap { Int($0) }
        guard parts.count == 2 else { throw EndToEndError(description: "identify \(file): \(text)") }
        return (parts[0], parts[1])
    }

    /// A JPEG whose pixels are `upright` transformed so that a viewer applying EXIF
    /// `orientation` shows `upright` again; the EXIF tag is written into an APP1 segment.
    func orientedJPEG(from upright: String, orientation: Int, name: String) throws -> String {
        // The inverse of each orientation's display transform, as ImageMagick operators.
        let inverse: [Int: [String]] = [
            1: [], 2: ["-flop"], 3: ["-rotate", "180"], 4: ["-flip"], 5: ["-transpose"], 6: ["-rotate", "270"], 7: ["-transverse"],
            8: ["-rotate", "90"],
        ]
        let stored = path("stored-\(UUID().uuidString).jpg")
        try runTool("/usr/bin/convert", [upright] + (inverse[orientation] ?? []) + ["-strip", "-quality", "95", stored])
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stored)))
        // "Exif\0\0", big-endian TIFF header, one IFD with one SHORT entry 0x0112 (Orientation).
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42] + bigEndian32(8)
        tiff += [0, 1, 0x01, 0x12, 0, 3] + bigEndian32(1)
        tiff += [0, UInt8(orientation), 0, 0] + bigEndian32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let output = path(name)
        try Data(Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])).write(to: URL(fileURLWithPath: output))
        return output
    }

    /// Writes `bytes` as `name`; returns the path.
    func write(_ bytes: [UInt8], name: String) throws -> String {
        let output = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: output))
        return output
    }

    /// A valid PNG header announcing `width`×`height` pixels followed by the start of its data.
    func pngHeader(width: Int, height: Int, name: String) throws -> String {
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian32(data.count) + body + bigEndian32(Int(crc32(body)))
        }
        let ihdr = bigEndian32(width) + bigEndian32(height) + [8, 0, 0, 0, 0]
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return try write(signature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x01, 0x00, 0x01, 0x00, 0xFE, 0xFF, 0x00]), name: name)
    }
}

/// Where the photo is on screen, from a `photo-geometry` debug line, and the aspect-fit mapping
/// of image points to screen points (computed here, independently of the app's transform).
struct PhotoGeometry {
    /// The view's top-left corner on screen.
    var origin: Point
    var view: Size
    /// The upright image's size in pixels.
    var image: Size

    init(_ line: String) throws {
        let f = fields(line)
        let origin = numbers(f["origin"])
        let view = dimensions(f["view"])
        let image = dimensions(f["image"])
        guard origin.count == 2, view.count == 2, image.count == 2 else {
            throw EndToEndError(description: "bad geometry line: \(line)")
        }
        self.origin = Point(x: origin[0], y: origin[1])
        self.view = Size(width: view[0], height: view[1])
        self.image = Size(width: image[0], height: image[1])
    }

    /// Where image point `(x, y)` appears on screen: aspect-fit, centred in the view.
    func screenPoint(imageX x: Double, y: Double) -> (x: Double, y: Double) {
        let s = min(view.width / image.width, view.height / image.height)
        let ox = (view.width - image.width * s) / 2
        let oy = (view.height - image.height * s) / 2
        return (origin.x + ox + x * s, origin.y + oy + y * s)
    }
}

/// `v` as four big-endian bytes (PNG and TIFF fields).
private func bigEndian32(_ v: Int) -> [UInt8] {
    [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
}
