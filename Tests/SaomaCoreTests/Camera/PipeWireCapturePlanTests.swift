// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct PipeWireCapturePlanTests {
    static func mode(_ spec: String) -> CameraMode { CameraModePolicyTests.mode(spec) }

    @Test(arguments: [
        // As on V4L2: the largest 15 fps YUYV mode of the standard mode's shape, then the standard mode.
        (["1280x720@30", "640x480@30", "1920x1080@15"], ["1920x1080@15", "1280x720@30"]),
        (["1280x720@30", "1920x1080@15", "2560x1440@15"], ["2560x1440@15", "1280x720@30"]),
        (["1280x720@30", "1920x1080@10"], ["1280x720@30"]),
        // A JPEG full mode would be decoded whole into RGB for every frame: the standard mode only.
        (["1280x720@30 MJPG", "1920x1080@15 MJPG"], ["1280x720@30 MJPG"]),
        (["1280x720@10", "1920x1080@5", "1280x720@30 MJPG", "1920x1080@15 MJPG"], ["1280x720@30 MJPG"]),
        // A JPEG standard mode beside a YUYV full mode: the full mode, then the JPEG one.
        (["1280x720@10", "1280x720@30 MJPG", "2560x1440@15"], ["2560x1440@15", "1280x720@30 MJPG"]),
        // Planar formats are never full modes.
        (["1280x720@30 NV12", "1920x1080@15 NV12"], ["1280x720@30 NV12"]),
    ])
    func requestsTheFullModeThenTheStandard(offered: [String], requests: [String]) throws {
        let modes = offered.map(Self.mode)
        let plan = try #require(PipeWireCapturePlan.choose(from: modes))
        #expect(PipeWireCapturePlan.requests(for: plan, among: modes) == requests.map(Self.mode))
        #expect(plan.workingWidth == 1280 && plan.workingHeight == 720)
    }

    @Test func standardResolutionAsksForTheStandardModeOnly() throws {
        let modes = ["1280x720@30", "1920x1080@15"].map(Self.mode)
        let plan = try #require(PipeWireCapturePlan.choose(from: modes, resolution: .standard))
        #expect(!plan.isFull)
        #expect(PipeWireCapturePlan.requests(for: plan, among: modes) == [Self.mode("1280x720@30")])
    }

    @Test func noConvertibleModeNoPlan() {
        #expect(PipeWireCapturePlan.choose(from: []) == nil)
    }

    @Test(
        "a node answering another size than asked streams unreduced",
        arguments: [(1920, 1080, 1280, 720), (1280, 720, 1280, 720), (1600, 900, 1600, 900)])
    func workingSizeFollowsTheAnswer(width: Int, height: Int, workingWidth: Int, workingHeight: Int) throws {
        let plan = try #require(PipeWireCapturePlan.choose(from: ["1280x720@30", "1920x1080@15"].map(Self.mode)))
        let working = plan.workingSize(forFrameWidth: width, height: height)
        #expect(working.width == workingWidth && working.height == workingHeight)
    }
}
