// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

/// The window waiting in front of a camera: what it decodes (the decode thread's `look` lines)
/// while nothing changes, while hidden, and when a code comes.
@Suite("Idle scanning in the window", .serialized)
struct IdleScanningTests {
    /// The app (`--oneshot`) with the fake camera serving `scene` with a webcam's sensor noise
    /// (standard deviation 4 grey levels, new in every frame) and the UI thread's timing lines
    /// (one per 30 frames shown).
    static func noisyCameraApp(_ scene: CameraScene) throws -> AppUnderTest {
        try AppUnderTest(
            camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]),
            environment: ["SAOMA_FAKE_V4L2_NOISE": "4", "SAOMA_DEBUG_TIMING": "1"])
    }

    /// The debug lines from `start` on that start with `prefix`.
    static func lines(_ app: AppUnderTest, from start: Int, _ prefix: String) -> [String] {
        Array(app.debugLines.dropFirst(start).filter { $0.hasPrefix(prefix) })
    }

    @Test("noise alone is no new scene: over 90 frames, a look for a change at most at start-up; a code entering is read")
    func noiseIsNotDecoded() throws {
        let app = try Self.noisyCameraApp(CameraScene())
        // 90 frames shown after the first look (each timing line counts 30).
        let first = try app.waitForLine { $0.hasPrefix("look ") }.index
        var seen = first
        for _ in 0..<3 { seen = try app.waitForLine(after: seen + 1) { $0.hasPrefix("timing ") }.index }
        let looks = Self.lines(app, from: first, "look ").map(fields)
        // The window's layout may move the scan frame at start (a new region is a change); the
        // noise, new in each of the 90 frames, never is.
        let changed = looks.filter { $0["reason"] == "changed" }
        #expect(changed.count <= 3, "looks: \(looks)")
        // A still scene's frames are averaged and the mean read twice (at 4 and 8 frames), once per scene.
        let averaged = looks.filter { $0["reason"] == "averaged" }
        #expect(averaged.count <= 2 * max(1, changed.count), "looks: \(looks)")
        #expect(looks.allSatisfy { ["changed", "refresh", "averaged"].contains($0["reason"]) }, "looks: \(looks)")
        #expect(looks.allSatisfy { $0["found"] == "0" })

        var scene = CameraScene()
        try scene.addCode("through the noise", centerX: 640, centerY: 360)
        try scene.write(to: app.scenePath)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "through the noise\n")
        let read = Self.lines(app, from: 0, "look ").map(fields).first { $0["found"] != "0" }
        #expect(read?["reason"] == "changed" && read?["found"] == "1", "the code's frame was looked at because it changed")
    }

    @Test("a hidden window shows and decodes nothing; shown again, it reads the code that came meanwhile")
    func hiddenWindowIsNotDecoded() throws {
        let app = try Self.noisyCameraApp(CameraScene())
        try app.waitForLine { $0.hasPrefix("look ") }
        let id = try #require(app.window(titled: "Saoma"))
        // Unmapped from outside, as a window manager minimising it does (GDK reads it as minimised).
        try app.xdotool(["windowunmap", id])
        let hidden = try app.waitForLine { $0 == "window hidden=true" }.index
        // A look begun before the window hid may end after it; from the worker's idle line on, none may begin.
        let idle = try app.waitForLine(after: hidden) { $0 == "decode idle" }.index
        var scene = CameraScene()
        try scene.addCode("while away", centerX: 640, centerY: 360)
        try scene.write(to: app.scenePath)
        // A negative: nothing may be decoded while hidden. The camera streams on (its frames
        // are dropped); a second of them is the chance to get it wrong (a correct window passes
        // however long this lasts).
        Thread.sleep(forTimeInterval: 1.5)
        let whileHidden = app.debugLines.dropFirst(idle)
        #expect(!whileHidden.contains { $0.hasPrefix("look ") || $0.hasPrefix("markers ") || $0.hasPrefix("timing ") })
        #expect(app.isRunning && app.standardOutput.isEmpty)
        try app.xdotool(["windowmap", id])
        try app.waitForLine(after: hidden) { $0 == "window hidden=false" }
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "while away\n")
    }
}
