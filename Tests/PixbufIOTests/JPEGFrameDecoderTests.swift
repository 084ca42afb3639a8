// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing

/// `JPEGFrameDecoder`: one Motion-JPEG frame to luma and RGB; anything else is dropped.
struct JPEGFrameDecoderTests {
    /// A 64×48 JPEG whose left half is black and right half white.
    static func halves() throws -> [UInt8] {
        let files = try TestFiles()
        defer { files.remove() }
        let pixels = (0..<48).flatMap { _ in (0..<64).map { x in UInt8(x < 32 ? 0 : 255) } }
        return try files.jpeg(width: 64, height: 48, pixels: pixels, orientation: 1)
    }

    @Test func decodesLumaAndPackedRGB() throws {
        let jpeg = try Self.halves()
        let frame = try #require(jpeg.withUnsafeBytes { JPEGFrameDecoder().decode($0, timestamp: 2, sequence: 7) })
        #expect(frame.width == 64 && frame.height == 48)
        #expect(frame.sequence == 7 && frame.timestamp == 2)
        #expect(frame.rgb?.count == 64 * 48 * 3)
        #expect(frame.luma.pixels[10] < 30 && frame.luma.pixels[50] > 225)
    }

    @Test(arguments: [
        ("empty", [UInt8]()),
        ("cut short", [UInt8]([0xFF, 0xD8, 0xFF, 0xE0]) + [UInt8](repeating: 0, count: 40)),
        ("PNG, not JPEG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 40)),
        ("text and markup", Array("<b>\u{1B}[31m not a frame</b>".utf8)),
        ("non-UTF-8 noise", [UInt8](repeating: 0xFE, count: 4096)),
    ])
    func refusesWhatIsNoJPEG(name: String, bytes: [UInt8]) {
        #expect(bytes.withUnsafeBytes { JPEGFrameDecoder().decode($0, timestamp: 0, sequence: 0) } == nil, "\(name)")
    }

    @Test func dropsDamagedAndOversizedFrames() throws {
        let jpeg = try Self.halves()
        let cut = Array(jpeg.prefix(jpeg.count * 2 / 3))
        #expect(cut.withUnsafeBytes { JPEGFrameDecoder().decode($0, timestamp: 0, sequence: 0) } == nil)
        // Over the pixel limit (announced in the header) or the byte limit.
        #expect(jpeg.withUnsafeBytes { JPEGFrameDecoder(maxPixels: 64 * 47).decode($0, timestamp: 0, sequence: 0) } == nil)
        #expect(jpeg.withUnsafeBytes { JPEGFrameDecoder(maxBytes: jpeg.count - 1).decode($0, timestamp: 0, sequence: 0) } == nil)
    }
}
