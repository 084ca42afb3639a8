// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct CameraModePolicyTests {
    static func mode(_ spec: String) -> CameraMode {
        // "1280x720@30 YUYV"
        let parts = spec.split(separator: " ")
        let sizeRate = parts[0].split(separator: "@")
        let size = sizeRate[0].split(separator: "x")
        return CameraMode(
            width: Int(size[0]) ?? 0, height: Int(size[1]) ?? 0, framesPerSecond: Double(sizeRate[1]) ?? 0,
            pixelFormat: parts.count > 1 ? String(parts[1]) : "YUYV")
    }

    @Test(arguments: [
        (["640x480@30", "1280x720@30", "1920x1080@30"], "1280x720@30"),
        (["1280x720@10 YUYV", "1280x720@30 MJPG", "640x480@30 YUYV"], "1280x720@30 MJPG"),
        (["1280x720@30 MJPG", "1280x720@30 YUYV"], "1280x720@30 YUYV"),
        (["1280x720@60", "1280x720@30", "1280x720@15"], "1280x720@30"),
        (["1280x720@15", "1280x720@5"], "1280x720@15"),
        (["640x480@30", "1920x1080@30"], "1920x1080@30"),
        (["640x480@30", "1280x800@30", "1920x1080@30"], "1280x800@30"),
        (["1280x720@10", "640x480@30"], "640x480@30"),
        (["1280x720@5", "640x480@5"], "1280x720@5"),
        (["2560x1440@30", "3840x2160@30"], "2560x1440@30"),
        (["2560x1440@30", "320x240@30"], "320x240@30"),
    ])
    func choosesTheExpectedMode(offered: [String], expected: String) {
        #expect(CameraModePolicy.choose(from: offered.map(Self.mode)) == Self.mode(expected))
    }

    @Test func noModesMeansNoChoice() {
        #expect(CameraModePolicy.choose(from: []) == nil)
    }

    @Test func prefersIsConsistentWithChoose() {
        let hd = Self.mode("1280x720@30")
        let vga = Self.mode("640x480@30")
        #expect(CameraModePolicy.prefers(hd, over: vga))
        #expect(!CameraModePolicy.prefers(vga, over: hd))
    }
}

@Suite struct CameraNodeKindTests {
    @Test(arguments: [
        (true, "Integrated Camera", ["YUYV", "MJPG"], CameraNodeKind.capture),
        (false, "Integrated Camera", [], .metadataOnly),
        (true, "Integrated Camera", ["GREY"], .infrared),
        (true, "Integrated Camera", ["Y10 ", "GREY"], .infrared),
        (true, "Integrated IR Camera", ["YUYV"], .infrared),
        (true, "HD Webcam: IR", ["YUYV"], .infrared),
        (true, "Infrared Camera", ["YUYV"], .infrared),
        (true, "MIRA Camera", ["YUYV"], .capture),
        (true, "Mono camera", ["GREY", "YUYV"], .capture),
        (true, "Odd Camera", ["H264"], .unsupportedFormats),
        (true, "Odd Camera", [], .unsupportedFormats),
    ])
    func classifiesNodes(capturesVideo: Bool, name: String, formats: [String], expected: CameraNodeKind) {
        #expect(CameraNodeKind.classify(capturesVideo: capturesVideo, name: name, pixelFormats: formats) == expected)
    }

    @Test(arguments: [("Y10 ", "Y10"), ("YUYV", "YUYV"), ("Y8  ", "Y8")])
    func normalizesFourcc(raw: String, expected: String) {
        #expect(CameraPixelFormat.normalized(raw) == expected)
    }
}
