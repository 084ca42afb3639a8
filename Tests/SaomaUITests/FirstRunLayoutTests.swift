// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("First run layout", .serialized)
struct FirstRunLayoutTests {
    /// At the schema's default size, with nothing remembered, the preview shows at least 75 % of
    /// a 16:9 camera's width (aspect-fill crops the rest): the side panel starts closed.
    @Test("the first window shows at least 75 % of a 16:9 camera's width")
    func firstWindowShowsMostOfTheCamera() throws {
        let app = try AppUnderTest(arguments: ["--oneshot"], windowSize: nil, camera: .fake(scene: CameraScene()), settings: .memory)
        let (frameLine, _) = try app.waitForLine { $0.hasPrefix("frame ") }
        let view = dimensions(fields(frameLine)["view"])
        try #require(view.count == 2, "no view size in \(frameLine)")
        // Aspect-fill of a 1280×720 frame into the view: the part of its width that shows.
        let scale = max(view[0] / 1280, view[1] / 720)
        let shownFraction = min(1, view[0] / (1280 * scale))
        #expect(view[0] >= 900, "the preview is \(view[0]) points wide in the default window: the side panel takes the rest")
        #expect(shownFraction >= 0.75, "the preview shows \(Int(shownFraction * 100)) % of the camera's width (view \(view))")
    }
}
