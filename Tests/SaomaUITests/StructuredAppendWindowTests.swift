// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// A message split over several QR codes (structured append), opened as a photo in the app: the
/// result page shows the parts read joined in order, its main action focused, in English and
/// in Chinese. With `SAOMA_SCREENSHOT_DIR=docs/screenshots` the pages are kept as
/// `result-parts-<case>.png`.
@Suite("Structured append in the window", .serialized)
struct StructuredAppendWindowTests {
    static let parts = ["The recipe, part one: flour and eggs. ", "Part two: milk. ", "Part three: bake for 40 minutes."]

    /// (screenshot name, parts drawn (1-based), environment, the main action's label).
    static let cases: [(String, [Int], [String: String], String)] = [
        ("joined", [1, 2, 3], [:], "Copy Text"),
        ("missing-zh_CN", [1, 3], ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "zh_CN"], "复制文本"),
    ]

    @Test("the parts read are joined in order and the page opens on its main action", arguments: cases)
    func partsJoined(name: String, drawn: [Int], environment: [String: String], mainAction: String) throws {
        let photos = try PhotoFactory()
        let sample = ResultSample.structuredAppend(name: "parts-\(name)", parts: Self.parts, drawn: drawn)
        let photo = try ResultLayoutWindowTests.image(of: sample, in: photos)
        let app = try AppUnderTest(arguments: [photo], windowSize: (960, 640), environment: environment)
        let (chosen, _) = try app.waitForLine { $0.hasPrefix("chosen ") }
        #expect(fields(chosen)["text"] == drawn.map { Self.parts[$0 - 1] }.joined())
        let (action, _) = try app.waitForLine { $0.hasPrefix("result-action ") }
        #expect(fields(action)["text"] == mainAction)
        // Kept once the page is drawn: the main action in the accent colour where it was placed.
        let rect = numbers(fields(action)["rect"])
        let shot = try app.screenshot(keepAs: "result-parts-\(name).png") { ResultLayoutWindowTests.accentShare(in: $0, rect: rect) > 0.4 }
        #expect(ResultLayoutWindowTests.accentShare(in: shot, rect: rect) > 0.4, "no suggested button drawn at \(rect)")
    }
}
