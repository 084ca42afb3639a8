// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import PixbufIO

/// Every allowed format, written by ImageMagick, cut at many points: each cut must be refused as
/// damaged (the whole file must load).
@Suite("Truncated images")
struct TruncatedImageTests {
    /// (file name, ImageMagick options before the output) for each kind of file the issue lists.
    static let kinds: [(String, [String])] = [
        ("plain.png", []), ("interlaced.png", ["-interlace", "PNG"]), ("baseline.jpg", []),
        ("progressive.jpg", ["-interlace", "JPEG"]), ("image.gif", []), ("bottom-up.bmp", []), ("bmp-based.ico", []),
        ("image.tiff", []), ("lossy.webp", []), ("lossless.webp", ["-define", "webp:lossless=true"]),
        ("binary.ppm", []), ("binary.pgm", []), ("binary.pbm", []), ("plain.ppm", ["-compress", "none"]),
    ]

    /// Cuts at 26 fractions of the file, none inside the first 16 bytes (the format's magic).
    static func cuts(of size: Int) -> [Int] {
        Set((1...26).map { max(ImageFileFormat.sniffLength, size * $0 / 27) }).filter { $0 < size }.sorted()
    }

    @Test("every cut point is refused as damaged", arguments: kinds)
    func everyCutIsDamaged(name: String, options: [String]) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.convert(name: name, options: options)
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try ImageLoader().load(path: path)
        #expect(image.width == 48 && image.height == 32, "\(name)")
        var accepted: [Int] = []
        for cut in Self.cuts(of: whole.count) {
            do {
                _ = try ImageLoader().load(bytes: Array(whole[0..<cut]), name: name)
                accepted.append(cut)
            } catch {
                guard case .damaged(let input, let reason) = error else {
                    Issue.record("\(name) cut at \(cut): \(error)")
                    continue
                }
                #expect(input == name && !reason.contains("\n"))
                #expect(error.description.contains("damaged or truncated"))
            }
        }
        #expect(accepted.isEmpty, "\(name) (\(whole.count) bytes) accepted when cut at \(accepted)")
    }
}

extension TestFiles {
    /// A 48×32 noisy colour image (so every format's data spreads over the file) written by
    /// ImageMagick as `name` (its extension chooses the format); returns its path.
    func convert(name: String, options: [String]) throws -> String {
        let output = folder.appendingPathComponent(name).path
        let run = try runToolStatus(
            "/usr/bin/convert", ["-size", "48x32", "-seed", "7", "plasma:", "+noise", "Random"] + options + [output])
        try #require(run.status == 0, "ImageMagick's convert is needed (scripts/bootstrap installs it)")
        return output
    }
}
