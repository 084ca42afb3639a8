// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import PixbufIO

/// Big JPEGs decoded at 1/2 while they are decoded (libjpeg's DCT scaling through gdk-pixbuf);
/// small JPEGs and other formats at full size (reading them reduced first: DecodingTests' StillImageReadingTests).
@Suite("Big JPEGs loaded reduced")
struct ReducedLoadTests {
    @Test("small JPEGs and other formats load at full size")
    func smallAndOtherFormatsAreNotReduced() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let small = try files.write(
            try files.jpeg(width: 40, height: 20, pixels: [UInt8](repeating: 128, count: 800), orientation: 1), name: "small.jpg")
        let image = try ImageLoader().load(path: small, reduced: true)
        #expect(image.reduction == nil)
        #expect(image.width == 40 && image.fullWidth == 40)
        // A PNG as large as a 12-megapixel photo: gdk-pixbuf cannot scale it while decoding.
        let png = try files.write(
            TestFiles.png(width: 3200, height: 40, channels: 1, pixels: [UInt8](repeating: 200, count: 3200 * 40)), name: "wide.png")
        let wide = try ImageLoader().load(path: png, reduced: true)
        #expect(wide.reduction == nil)
        #expect(wide.width == 3200)
    }

    /// Hostile rows for the reduced path: a big JPEG (baseline and progressive) cut short is
    /// refused as damaged at every cut, as at full size; whole, it loads reduced.
    @Test("a big JPEG cut short is refused when loaded reduced", arguments: [[String](), ["-interlace", "JPEG"]])
    func cutBigJPEGIsDamaged(options: [String]) throws {
        let files = try TestFiles()
        defer { files.remove() }
        // ImageMagick's small noisy plasma, enlarged to 12 megapixels.
        let path = try files.convert(name: "big.jpg", options: ["-resize", "4000x3000!"] + options)
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try ImageLoader().load(bytes: whole, name: "big.jpg", reduced: true)
        #expect(image.reduction?.denominator == 2 && image.width == 2000 && image.height == 1500)
        for cut in [whole.count / 5, whole.count / 2, whole.count * 9 / 10, whole.count - 3] {
            do {
                _ = try ImageLoader().load(bytes: Array(whole[0..<cut]), name: "big.jpg", reduced: true)
                Issue.record("cut at \(cut) of \(whole.count) accepted")
            } catch {
                guard case .damaged = error else {
                    Issue.record("cut at \(cut): \(error)")
                    continue
                }
            }
        }
    }
}
