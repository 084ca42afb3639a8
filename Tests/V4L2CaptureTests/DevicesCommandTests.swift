// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import SaomaTestSupport
import Testing

/// `saoma devices` run for real against fake devices (LD_PRELOAD on the saoma process only).
@Suite struct DevicesCommandTests {
    /// Runs `saoma devices` with `camera`'s environment; returns its output and exit status.
    static func devices(_ camera: FakeCamera) throws -> (output: String, status: Int32) {
        let outcome = try camera.runSaoma(["devices"])
        return (outcome.output, outcome.status ?? -1)
    }

    @Test func explainsEveryNode() throws {
        try BuiltProducts.require(BuiltProducts.saoma)
        let camera = try FakeCamera(
            count: 4,
            settings: [
                "NAME_0": "Desk Camera", "FORMAT_1": "META", "FORMAT_2": "GREY", "NAME_2": "Integrated IR Camera", "FAIL_3": "denied",
            ])
        let (output, status) = try Self.devices(camera)
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        let line = { (index: Int) in lines.first { $0.contains(camera.devicePath(index) + " ") } ?? "" }
        #expect(line(0).contains("Desk Camera") && line(0).contains("(default)"))
        #expect(output.contains("YUYV: 1280×720 @ 30 fps"))
        #expect(output.contains("Saoma captures at 1920×1080 @ 15 fps YUYV"))
        #expect(line(1).contains("skipped") && line(1).contains("metadata"))
        #expect(line(2).contains("skipped") && line(2).contains("infrared") && line(2).contains("GREY"))
        #expect(line(3).contains("permission denied") && line(3).contains("video"))
    }

    @Test func saysClearlyWhenThereIsNoCamera() throws {
        try BuiltProducts.require(BuiltProducts.saoma)
        let camera = try FakeCamera(count: 0)
        let (output, status) = try Self.devices(camera)
        #expect(status == 1)
        #expect(output.contains("No video devices in \(camera.devices.path)"))
    }

    @Test func saysWhyNoNodeIsUsable() throws {
        try BuiltProducts.require(BuiltProducts.saoma)
        let camera = try FakeCamera(settings: ["FAIL": "denied"])
        let (output, status) = try Self.devices(camera)
        #expect(status == 1)
        #expect(output.contains("No usable camera"))
    }
}
