// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// `SAOMA_DATA_DIR` may put anything where `style.css` belongs: GTK's own loader read it whole
/// and waited on a named pipe for good, so the window never appeared and nothing was said.
@Suite("The style sheet from SAOMA_DATA_DIR")
struct StyleSheetTests {
    /// What stands in the style sheet's place, and the reason the line must give.
    static let unusable: [(kind: String, reason: String)] = [
        ("named pipe", "it is not a regular file"),
        ("sparse 1 GiB file", "it holds 1073741824 bytes, more than 262144"),
    ]

    @Test("a style sheet that cannot serve costs one line; the window opens", arguments: unusable.indices)
    func unusableStyleSheet(_ index: Int) throws {
        let (kind, reason) = Self.unusable[index]
        let folder = try TemporaryFolder(prefix: "saoma-style")
        let path = folder.path("style.css")
        if kind == "named pipe" {
            try #require(mkfifo(path, 0o600) == 0)
        } else {
            try #require(FileManager.default.createFile(atPath: path, contents: nil) && truncate(path, 1 << 30) == 0)
        }
        let app = try AppUnderTest(arguments: [], environment: ["SAOMA_DATA_DIR": folder.path])
        try app.waitForLine { $0.hasPrefix("page ") }
        let lines = app.standardError.split(separator: "\n").filter { $0.hasPrefix("saoma: ") }
        #expect(lines == ["saoma: \(path) cannot be used: \(reason); markers will look plain"], "\(kind): \(lines)")
    }
}
