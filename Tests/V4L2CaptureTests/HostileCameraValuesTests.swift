// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// A driver's numbers are any 32-bit values: the fake device answers with the ones that trapped
/// Saoma (a stepwise size range whose minimum is above its maximum, 4294967295 fps, a frame every
/// 136 years), and `saoma devices` and the capture skip them with a line instead of dying.
@Suite struct HostileCameraValuesTests {
    /// One hostile driver: its settings, a line `saoma devices` must print, and the mode the
    /// capture settles on (`nil`: no usable mode, reported as a problem).
    static let drivers: [(settings: [String: String], line: String, mode: (width: Int, height: Int, fps: Int)?)] = [
        (
            ["STEPWISE": "1920x1080-640x480"], "skipped frame sizes 1920×1080 to 640×480: the smallest is larger than the largest",
            nil
        ),
        (["STEPWISE": "2x2-4294967295x4294967295"], "YUYV: 640×480 @ 30 fps, 1280×720 @ 30 fps, 1920×1080 @ 15 fps", (1920, 1080, 15)),
        (["STEPWISE": "0x0-0x0"], "skipped frame size 0×0: each side must be 1 to 16384 pixels", nil),
        (["INTERVALS": "1/4294967295"], "skipped frame interval 1/4294967295 s: the rate must be 0.1 to 1000 fps", nil),
        (
            ["INTERVALS": "1/4294967295,1/30"], "skipped frame interval 1/4294967295 s: the rate must be 0.1 to 1000 fps",
            (1280, 720, 30)
        ),
        (["INTERVALS": "4294967295/1"], "skipped frame interval 4294967295/1 s: the rate must be 0.1 to 1000 fps", nil),
        (["INTERVALS": "0/0"], "skipped frame interval 0/0 s: the rate must be 0.1 to 1000 fps", nil),
        (["INTERVALS": "stepwise:1/4294967295-4294967295/1"], "YUYV: 1280×720 @ 1000 fps, 1280×720 @ 30 fps", (1280, 720, 30)),
        (["TIMEPERFRAME": "1/4294967295"], "Saoma captures at 1920×1080 @ 15 fps YUYV", (1920, 1080, 15)),
        (["TIMEPERFRAME": "0/0", "MODES": "1280x720@15"], "Saoma captures at 1280×720 @ 15 fps YUYV", (1280, 720, 15)),
    ]

    @Test("saoma devices lists what it can use and names each skipped value", arguments: drivers.indices)
    func devicesNamesTheSkippedValues(_ index: Int) throws {
        try BuiltProducts.require(BuiltProducts.saoma)
        let driver = Self.drivers[index]
        let camera = try FakeCamera(settings: driver.settings)
        let outcome = try camera.runSaoma(["devices"])
        #expect(outcome.status == 0 || outcome.status == 1, "ended by a signal? \(outcome.output)")
        #expect(outcome.output.contains(driver.line), "\(driver.settings): \(outcome.output)")
    }

    @Test("the capture streams at an acceptable mode or reports no usable format", arguments: drivers.indices)
    func captureSkipsTheSkippedValues(_ index: Int) throws {
        let driver = Self.drivers[index]
        let camera = try FakeCamera(settings: driver.settings)
        let (lines, status) = try camera.run([
            "capture", "--frames", "1", "--device", camera.devicePath(), "--max-problems", "1", "--timeout", "20",
        ])
        #expect(status == 0, "\(driver.settings): the probe ended with \(status)")
        if let expected = driver.mode {
            let mode = try #require(lines.first { $0.event == "streaming" }?.object("mode"), "\(driver.settings): \(lines)")
            #expect(mode.int("width") == expected.width && mode.int("height") == expected.height && mode.int("fps") == expected.fps)
            #expect(lines.contains { $0.event == "frame" })
        } else {
            #expect(lines.first { $0.event == "problem" }?.problemKind == "noUsableFormat", "\(driver.settings): \(lines)")
            #expect(!lines.contains { $0.event == "streaming" })
        }
    }
}
