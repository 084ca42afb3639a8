// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("WebP first frame")
struct WebPFirstFrameTests {
    /// A chunk: its four-character code, its size, its payload and the padding to an even length.
    static func chunk(_ code: String, _ payload: [UInt8]) -> [UInt8] {
        let n = payload.count
        return Array(code.utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), 0, 0] + payload + (n & 1 == 1 ? [0] : [])
    }
    /// A RIFF WebP file of `chunks`, its size field right.
    static func file(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = Array("WEBP".utf8) + chunks.joined()
        let n = body.count
        return Array("RIFF".utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), 0, 0] + body
    }
    /// `VP8X` with the animation flag or without it.
    static func header(animated: Bool) -> [UInt8] { chunk("VP8X", [animated ? 0x02 : 0x00] + [UInt8](repeating: 0, count: 9)) }
    static let anim = chunk("ANIM", [UInt8](repeating: 0, count: 6))
    /// Frames of odd and even sizes (the odd one padded).
    static let first = chunk("ANMF", [UInt8](repeating: 1, count: 21))
    static let second = chunk("ANMF", [UInt8](repeating: 2, count: 30))

    @Test("an animation is cut after its first frame, the RIFF size saying so")
    func cutsAfterTheFirstFrame() throws {
        let whole = Self.file([Self.header(animated: true), Self.anim, Self.first, Self.second, Self.second])
        let cut = try #require(WebPFirstFrame.cut(whole))
        #expect(cut == Self.file([Self.header(animated: true), Self.anim, Self.first]))
    }

    @Test(
        "a still image, a one-frame animation, a first frame cut short and files that are no WebP are left as they are",
        arguments: [
            file([header(animated: false), chunk("VP8L", [1, 2, 3])]),
            file([header(animated: true), anim, first]),
            Array(file([header(animated: true), anim, first, second]).prefix(12 + 18 + 14 + 20)),
            file([chunk("VP8 ", [1, 2, 3])]),
            Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEVP8X".utf8) + [UInt8](repeating: 0x02, count: 20),
        ])
    func leftAsTheyAre(bytes: [UInt8]) {
        #expect(WebPFirstFrame.cut(bytes) == nil)
    }
}
