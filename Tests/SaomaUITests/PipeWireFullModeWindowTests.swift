// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

/// The window in front of a PipeWire camera that streams more pixels than the preview needs, or
/// has a lens Saoma can steer: the test camera node's modes and controls, and its log of the
/// `Props` it was sent (as CameraFullModeWindowTests does with the fake V4L2 camera).
@Suite("PipeWire camera full mode and lens in the window", .serialized)
struct PipeWireFullModeWindowTests {
    /// The app (`--oneshot`) on `camera`'s node, reaching only `session`'s daemon.
    static func app(_ session: PipeWireSession, camera: String) throws -> AppUnderTest {
        try AppUnderTest(
            arguments: ["--oneshot", "--device", "pipewire:" + camera], settings: .keyfile(["sidebar-visible=false"]),
            environment: session.daemonVariables)
    }

    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// An EAN-13 symbol's 95 modules for `digits` (13 digits, the last its check digit): 1 dark.
    static func ean13Modules(_ digits: String) -> [Bool] {
        let left = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
        let parity = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]
        let values = digits.compactMap(\.wholeNumberValue)
        let right = left.map { String($0.map { $0 == "0" ? "1" : "0" }) }
        var bits = "101"
        for (index, value) in values[1...6].enumerated() {
            bits += Array(parity[values[0]])[index] == "L" ? left[value] : String(right[value].reversed())
        }
        bits += "01010"
        for value in values[7...12] { bits += right[value] }
        bits += "101"
        return bits.map { $0 == "1" }
    }

    @Test("a small EAN-13 is read while the PipeWire camera streams its 1920×1080 full mode")
    func smallLinearCodeIsReadFromTheFullMode() throws {
        let session = try PipeWireSession()
        // 2 px per module at an odd place: the 1280×720 working frame has 1.33 px per module,
        // too few for any reader there (liveZXing reads no 1-D code; zbar needs more).
        let digits = "4006381333931"
        var bars = LumaImage(width: (95 + 22) * 2, height: 80, fill: 255)
        for (module, dark) in Self.ean13Modules(digits).enumerated() where dark {
            for x in 0..<2 { for y in 0..<80 { bars[(11 + module) * 2 + x, y] = 0 } }
        }
        var scene = CameraScene(width: 1920, height: 1080)
        scene.addImage(bars, text: digits, centerX: 961, centerY: 541)
        let camera = try session.startCamera(name: "saoma-ui-full", serving: scene, modes: "1280x720@30,1920x1080@15")
        defer { camera.stop() }
        let app = try Self.app(session, camera: "saoma-ui-full")
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == digits + "\n", "\(app.debugLines.filter { $0.hasPrefix("look ") }.suffix(4))")
        #expect(app.debugLines.contains { $0.hasPrefix("camera streaming(") && $0.hasSuffix("1920×1080 @ 15 fps YUYV)") })
        // The full-resolution pass read it: the look that found it ran that pass.
        let reading = app.debugLines.filter { $0.hasPrefix("look ") && !$0.contains("found=0") }
        #expect(reading.first?.contains("full-resolution") == true, "\(reading)")
    }

    @Test("autofocus is turned on through the node's Props, and set back when --oneshot ends")
    func autofocusIsTurnedOnAndSetBack() throws {
        let session = try PipeWireSession()
        let log = session.directory.appendingPathComponent("props.log").path
        let scenePath = session.directory.appendingPathComponent("lens-scene.ppm").path
        try CameraScene().write(to: scenePath)
        let camera = try session.startCamera(
            name: "saoma-ui-lens", scene: scenePath, controls: ["focus_auto=bool:0:1:1:0", "focus_absolute=int:0:250:5:40"],
            propsLog: log)
        defer { camera.stop() }
        let app = try Self.app(session, camera: "saoma-ui-lens")
        try Patience.wait("autofocus turned on") { Self.lines(log).contains("focus_auto 1") }
        var scene = CameraScene()
        try scene.addCode("focused over pipewire", centerX: 640, centerY: 360)
        try scene.write(to: scenePath)
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "focused over pipewire\n")
        // Under autofocus the focus position is left alone; the app ends with the camera as it found it.
        try Patience.wait("autofocus set back") { Self.lines(log).count >= 2 }
        #expect(Self.lines(log) == ["focus_auto 1", "focus_auto 0"])
    }
}
