// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

/// The window in front of a camera that streams more pixels than the preview needs, or has a lens
/// Saoma can steer (the fake V4L2 camera's full modes and lens controls, its S_FMT/S_CTRL log).
@Suite("Camera full mode and lens in the window", .serialized)
struct CameraFullModeWindowTests {
    /// The app (`--oneshot`) with the fake camera serving `scene` and `settings` (the shim's
    /// `SAOMA_FAKE_V4L2_<KEY>` values), logging what it was asked to `log`.
    static func app(_ scene: CameraScene, settings: [String: String], log: String) throws -> AppUnderTest {
        var environment = ["SAOMA_FAKE_V4L2_LOG": log]
        for (key, value) in settings { environment["SAOMA_FAKE_V4L2_\(key)"] = value }
        return try AppUnderTest(camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]), environment: environment)
    }

    /// The lines of the fake camera's log.
    static func logLines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test("a small code is read while the camera streams its 2560×1440 full mode")
    func smallCodeIsReadFromTheFullMode() throws {
        let folder = try TemporaryFolder(prefix: "saoma-full-mode")
        let log = folder.path("camera.log")
        // 2 px per module at an odd place: the 1280×720 working frame mixes every two modules.
        var scene = CameraScene(width: 2560, height: 1440)
        try scene.addCode("https://saoma.example/full", centerX: 1281, centerY: 721, moduleSize: 2)
        let app = try Self.app(scene, settings: ["MODES": "1280x720@30,1920x1080@15,2560x1440@15"], log: log)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "https://saoma.example/full\n")
        #expect(Self.logLines(log).filter { $0.contains("S_FMT") } == ["0 S_FMT 2560x1440"])
        // Which pass reads such a code (the working frame's zxing-cpp pass may, the full-resolution
        // pass always) is FullResolutionReadTests' to show; here the window streams the full mode
        // and reads through it.
        #expect(app.debugLines.contains { $0.hasPrefix("look ") && !$0.contains("found=0") })
    }

    @Test("a code-like region that stays unread sweeps an absolute-only focus once, then puts it back")
    func unreadRegionSweepsTheFocus() throws {
        let folder = try TemporaryFolder(prefix: "saoma-lens-sweep")
        let log = folder.path("camera.log")
        // A 112×112 patch of random 8 px modules in the middle: code-like, no code.
        var state: UInt64 = 7
        var patch = LumaImage(width: 112, height: 112, fill: 255)
        for my in 0..<14 {
            for mx in 0..<14 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let dark = (state >> 33) & 1 == 1
                for y in 0..<8 { for x in 0..<8 { patch[mx * 8 + x, my * 8 + y] = dark ? 0 : 255 } }
            }
        }
        var scene = CameraScene()
        scene.addImage(patch, text: "no code", centerX: 640, centerY: 360)
        let app = try Self.app(scene, settings: ["MODES": "1280x720@30", "LENS": "focus-absolute=40"], log: log)
        defer { app.stop() }
        let sweep =
            ["0 S_CTRL focus_absolute 250", "0 S_CTRL focus_absolute 185", "0 S_CTRL focus_absolute 125"]
            + ["0 S_CTRL focus_absolute 60", "0 S_CTRL focus_absolute 0", "0 S_CTRL focus_absolute 40"]
        try Patience.wait("the focus swept and put back") { Self.logLines(log).filter { $0.contains("S_CTRL") }.count >= sweep.count }
        #expect(Self.logLines(log).filter { $0.contains("S_CTRL") } == sweep)
        // The looks saw the region unread all along.
        let looks = app.debugLines.filter { $0.hasPrefix("look ") }.map(fields)
        #expect(looks.allSatisfy { $0["found"] == "0" })
        #expect(looks.contains { $0["regions"] != "0" })
    }

    @Test("autofocus is turned on where the camera offers it, and the focus is left to it")
    func autofocusIsTurnedOn() throws {
        let folder = try TemporaryFolder(prefix: "saoma-lens")
        let log = folder.path("camera.log")
        let app = try Self.app(CameraScene(), settings: ["LENS": "focus-auto=0,focus-absolute=40"], log: log)
        try Patience.wait("autofocus turned on") { Self.logLines(log).contains("0 S_CTRL focus_auto 1") }
        var scene = CameraScene()
        try scene.addCode("focused", centerX: 640, centerY: 360)
        try scene.write(to: app.scenePath)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "focused\n")
        let controls = Self.logLines(log).filter { $0.contains("S_CTRL") }
        #expect(controls.first == "0 S_CTRL focus_auto 1", "\(controls)")
        // No sweep of the lens under autofocus (restoring on close is the capture's: FakeDeviceCaptureTests).
        #expect(!controls.contains { $0.contains("focus_absolute") }, "\(controls)")
        // A --oneshot run ends with the camera as it found it: other programs get the lens back.
        #expect(controls.last == "0 S_CTRL focus_auto 0", "\(controls)")
    }
}
