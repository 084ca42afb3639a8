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

    @Test("a code too small for the working frame is read from the 2560×1440 full mode")
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
        let read = app.debugLines.filter { $0.hasPrefix("look ") }.map(fields).first { $0["found"] != "0" }
        #expect(read?["passes"]?.contains("full-resolution") == true, "read by \(read ?? [:])")
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
    }
}
