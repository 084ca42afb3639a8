// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCLI

@Suite("saoma scan arguments")
struct ScanCommandTests {
    @Test("parses options and files")
    func parsesOptions() throws {
        let options = try ScanCommand.parse(["--json", "--formats", "qr,ean13", "a.png", "--", "--b.png"])
        #expect(options.json)
        #expect(options.symbologies == [.qrCode, .ean13])
        #expect(options.files == ["a.png", "--b.png"])
    }

    @Test("rejects bad usage", arguments: [["--bogus", "a.png"], [], ["--formats"], ["--formats", "nope", "a.png"]])
    func rejectsBadUsage(arguments: [String]) {
        #expect(throws: ScanUsageError.self) { try ScanCommand.parse(arguments) }
    }
}
