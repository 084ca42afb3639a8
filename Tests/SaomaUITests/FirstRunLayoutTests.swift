// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
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

@Suite("Without an installed schema", .serialized)
struct NoSchemaTests {
    /// A binary copied out of its tree finds no schema: it says so once and starts from the
    /// schema's own defaults (a 960×640 window, not GSettings' zeros).
    @Test("a binary outside its tree with no schema opens at the schema's default size")
    func defaultsWithoutSchema() throws {
        let outside = try TemporaryFolder(prefix: "saoma-outside")
        let copy = outside.url.appendingPathComponent("saoma")
        // A hard link: a copy being written while another test forks could not be started
        // ("Text file busy"); the binary knows its place from the path it was started by.
        do {
            try FileManager.default.linkItem(at: AppUnderTest.binary, to: copy)
        } catch {
            try FileManager.default.copyItem(at: AppUnderTest.binary, to: copy)
        }
        let app = try AppUnderTest(
            arguments: [], windowSize: nil,
            environment: ["XDG_DATA_DIRS": outside.path("no-data"), "GSETTINGS_SCHEMA_DIR": outside.path("no-schemas")], binary: copy)
        try app.waitForLine { $0.hasPrefix("page ") }
        let window = try #require(app.window(titled: "Saoma"), "no window: \(app.standardError)")
        #expect(app.standardError.contains("settings schema io.github.saoma.Saoma not found"), "the schema was found: \(app.standardError)")
        let geometry = try app.xdotool(["getwindowgeometry", window])
        #expect(geometry.contains("960x640"), "window geometry without a schema: \(geometry)")
    }
}
