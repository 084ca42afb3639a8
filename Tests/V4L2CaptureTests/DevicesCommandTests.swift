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

    /// A driver's card name is any 32 bytes: a line feed in it started a line of its own in the
    /// listing (a forged camera marked as the default), as the lines were made visible only
    /// after the listing was split into lines.
    @Test func cardNamesStayOnTheirLine() throws {
        try BuiltProducts.require(BuiltProducts.saoma)
        let forged = "Cam\n  /dev/video9  Evil\u{1B}[31m\u{202E}"
        let camera = try FakeCamera(
            count: 2, settings: ["NAME_0": forged, "NAME_1": "IR\nNo usable camera", "FORMAT_1": "GREY"])
        let (output, status) = try Self.devices(camera)
        #expect(status == 0)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!lines.contains { $0.hasPrefix("  /dev/video9") }, "a forged line: \(output)")
        #expect(!lines.contains { $0.hasPrefix("No usable camera") }, "a forged line: \(output)")
        #expect(lines.contains("  \(camera.devicePath(0))  Cam␊  /dev/video9  Evil␛[31m�  (default)"), "\(output)")
        #expect(
            lines.contains { $0.hasPrefix("  \(camera.devicePath(1))  ") && $0.contains("(IR␊No usable camera; formats GREY)") },
            "\(output)")
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control characters printed")
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
