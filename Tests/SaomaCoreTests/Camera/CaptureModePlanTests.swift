// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct CaptureModePlanTests {
    static func mode(_ spec: String) -> CameraMode { CameraModePolicyTests.mode(spec) }

    @Test(arguments: [
        // The fake camera's default and a 1440p webcam: the largest 15 fps YUYV mode of the same shape.
        (["1280x720@30", "640x480@30", "1920x1080@15"], "1920x1080@15", 1280, 720),
        (["1280x720@30", "1920x1080@15", "2560x1440@15"], "2560x1440@15", 1280, 720),
        // Too slow, too costly (1080p30 streams more than 1440p15), compressed or another shape: none.
        (["1280x720@30", "1920x1080@10"], "1280x720@30", 1280, 720),
        (["1280x720@30", "1920x1080@30"], "1280x720@30", 1280, 720),
        (["1280x720@30", "1920x1080@30 MJPG"], "1280x720@30", 1280, 720),
        (["1280x720@30", "1600x1200@15"], "1280x720@30", 1280, 720),
        (["1280x720@30", "3840x2160@15"], "1280x720@30", 1280, 720),
        // The slowest rate of the largest size (every frame costs a copy).
        (["1280x720@30", "1920x1080@15", "1920x1080@30", "1920x1080@20"], "1920x1080@15", 1280, 720),
        // A 4:3 camera whose standard mode is SVGA: 1600×1200 is twice as wide.
        (["800x600@30", "1600x1200@15"], "1600x1200@15", 800, 600),
        // A camera whose standard mode is JPEG (its YUYV 720p is slow) still gets a YUYV full mode.
        (["1280x720@10", "1280x720@30 MJPG", "2560x1440@15"], "2560x1440@15", 1280, 720),
        // A camera that sends JPEG above VGA (a Logitech C920's list): JPEG 1080p15 decodes about
        // as many pixels a second as JPEG 720p30; 1080p30 and 1440p15 would decode twice as many.
        (["1280x720@10", "1920x1080@5", "1280x720@30 MJPG", "1920x1080@30 MJPG", "1920x1080@15 MJPG"], "1920x1080@15 MJPG", 1280, 720),
        (["1280x720@30 MJPG", "1920x1080@30 MJPG"], "1280x720@30 MJPG", 1280, 720),
        (["1280x720@30 MJPG", "2560x1440@15 MJPG"], "1280x720@30 MJPG", 1280, 720),
        // Of the same size and rate, passed through beats decoded.
        (["1280x720@30 MJPG", "1920x1080@15 MJPG", "1920x1080@15"], "1920x1080@15", 1280, 720),
        // Too small a gain to be worth a copy.
        (["1280x720@30", "1440x810@15"], "1280x720@30", 1280, 720),
    ])
    func choosesTheFullMode(offered: [String], capture: String, workingWidth: Int, workingHeight: Int) throws {
        let plan = try #require(CaptureModePlan.choose(from: offered.map(Self.mode)))
        #expect(plan.capture == Self.mode(capture))
        #expect(plan.workingWidth == workingWidth && plan.workingHeight == workingHeight)
        #expect(plan.isFull == (plan.capture.width != workingWidth))
    }

    @Test func standardResolutionIsTheModePolicysChoice() throws {
        let modes = ["1280x720@30", "1920x1080@15", "2560x1440@15"].map(Self.mode)
        let plan = try #require(CaptureModePlan.choose(from: modes, resolution: .standard))
        #expect(plan.capture == CameraModePolicy.choose(from: modes))
        #expect(!plan.isFull)
        #expect(CaptureModePlan.choose(from: []) == nil)
    }

    @Test(arguments: [
        (2560, 1440, 1280, 720),
        // The driver answered another size than asked: frames are handed on as they come.
        (1920, 1080, 1920, 1080),
        (1280, 720, 1280, 720),
    ])
    func workingSizeFollowsWhatTheCameraSet(width: Int, height: Int, workingWidth: Int, workingHeight: Int) throws {
        let plan = try #require(CaptureModePlan.choose(from: ["1280x720@30", "2560x1440@15"].map(Self.mode)))
        let size = plan.workingSize(forFrameWidth: width, height: height)
        #expect(size.width == workingWidth && size.height == workingHeight)
    }

    @Test func hostileModesNeverTrap() {
        let modes = [
            CameraMode(width: Int(Int32.max), height: Int(Int32.max), framesPerSecond: 15, pixelFormat: "YUYV"),
            CameraMode(width: 2560, height: 1440, framesPerSecond: .nan, pixelFormat: "YUYV"),
            CameraMode(width: 2560, height: 1440, framesPerSecond: .infinity, pixelFormat: "YUYV"),
            CameraMode(width: 1280, height: 720, framesPerSecond: 30, pixelFormat: "YUYV"),
        ]
        let plan = CaptureModePlan.choose(from: modes)
        #expect(plan?.capture == modes[3])
    }
}

@Suite struct FullResolutionRuleTests {
    static let scanFrame = PixelRect(x: 60, y: 80, width: 1160, height: 560)

    @Test(arguments: [
        (PixelRect(x: 600, y: 300, width: 120, height: 80), 2.0, true),
        (PixelRect(x: 600, y: 300, width: 280, height: 200), 2.0, true),
        // Longer than half the scan frame's height: it has the pixels already.
        (PixelRect(x: 400, y: 200, width: 300, height: 200), 2.0, false),
        // No more pixels to be had.
        (PixelRect(x: 600, y: 300, width: 120, height: 80), 1.0, false),
        (PixelRect(x: 600, y: 300, width: 120, height: 80), .nan, false),
        (PixelRect(x: 600, y: 300, width: 0, height: 80), 2.0, false),
        // Within the share but beyond the pixel bound at a large scale.
        (PixelRect(x: 600, y: 300, width: 270, height: 270), 4.0, false),
    ])
    func readsSmallRegionsOnly(region: PixelRect, scale: Double, expected: Bool) {
        #expect(FullResolutionRule.readsAtFullResolution(region: region, scanFrame: Self.scanFrame, scale: scale) == expected)
    }
}
