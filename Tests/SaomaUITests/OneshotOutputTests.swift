// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

@Suite("--oneshot prints a terminal-safe line, or the exact bytes with --raw", .serialized)
struct OneshotOutputTests {
    /// A payload that would write the clipboard (OSC 52) and forge a second line in a terminal.
    static let hostile = "https://bank.example\u{1B}]52;c;ZXZpbA==\u{07}\nQR: forged"

    @Test("the chosen code's controls are shown, never sent; --raw prints them exactly", arguments: [false, true])
    func hostilePayload(raw: Bool) throws {
        let photos = try PhotoFactory()
        let photo = try photos.scene(
            "hostile.png", width: 640, height: 480, codes: [.init(text: Self.hostile, centerX: 320, centerY: 240)])
        let app = try AppUnderTest(arguments: ["--oneshot"] + (raw ? ["--raw"] : []) + [photo])
        #expect(try app.waitForExit() == 0)
        let expected = raw ? Self.hostile + "\n" : "https://bank.example␛]52;c;ZXZpbA==␇␊QR: forged\n"
        #expect(app.standardOutput == expected)
    }
}
