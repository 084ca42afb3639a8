// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// Camera numbers range-checked before arithmetic: one row per value a driver or a PipeWire
/// client may report.
@Suite("Camera values: sizes, intervals and rates a camera reports")
struct CameraValuesTests {
    typealias F = CameraValues.Fraction
    static let max32 = UInt32.max

    static let sizeRows: [(CameraValues.FrameSize, Result<[(Int, Int)], CameraValues.Skipped>)] = [
        (.discrete(width: 1280, height: 720), .success([(1280, 720)])),
        (.discrete(width: max32, height: max32), .failure(.size(width: max32, height: max32))),
        (.discrete(width: 0, height: 720), .failure(.size(width: 0, height: 720))),
        (.discrete(width: 16384, height: 16384), .success([(16384, 16384)])),
        (.discrete(width: 16385, height: 2), .failure(.size(width: 16385, height: 2))),
        (
            .range(minWidth: 1920, maxWidth: 640, minHeight: 1080, maxHeight: 480),
            .failure(.sizeRange(minWidth: 1920, maxWidth: 640, minHeight: 1080, maxHeight: 480))
        ),
        (.range(minWidth: 2, maxWidth: max32, minHeight: 2, maxHeight: max32), .success([(640, 480), (1280, 720), (1920, 1080)])),
        (.range(minWidth: 320, maxWidth: 1280, minHeight: 240, maxHeight: 960), .success([(640, 480), (1280, 720), (1280, 960)])),
        (.range(minWidth: 0, maxWidth: 0, minHeight: 0, maxHeight: 0), .failure(.size(width: 0, height: 0))),
        (.range(minWidth: 100, maxWidth: 200, minHeight: 100, maxHeight: 200), .success([(200, 200)])),
    ]

    @Test("frame sizes", arguments: sizeRows.indices)
    func sizes(_ index: Int) {
        let (answer, expected) = Self.sizeRows[index]
        switch (CameraValues.sizes(answer), expected) {
        case (.success(let got), .success(let want)):
            #expect(got.map { [$0.width, $0.height] } == want.map { [$0.0, $0.1] }, "\(answer)")
        case (.failure(let got), .failure(let want)): #expect(got == want, "\(answer)")
        case (let got, _): Issue.record("\(answer): \(got)")
        }
    }

    static let intervalRows: [(CameraValues.FrameInterval, Result<[Double], CameraValues.Skipped>)] = [
        (.discrete(F(1, 30)), .success([30])),
        (.discrete(F(1001, 30000)), .success([29.97])),
        (.discrete(F(1, max32)), .failure(.interval(F(1, max32)))),
        (.discrete(F(max32, 1)), .failure(.interval(F(max32, 1)))),
        (.discrete(F(0, 0)), .failure(.interval(F(0, 0)))),
        (.discrete(F(1, 0)), .failure(.interval(F(1, 0)))),
        (.discrete(F(10, 1)), .success([0.1])),
        (.discrete(F(1, 1000)), .success([1000])),
        (.range(shortest: F(1, max32), longest: F(max32, 1)), .success([1000, 30])),
        (.range(shortest: F(1, 60), longest: F(1, 5)), .success([60, 30])),
        (.range(shortest: F(1, 15), longest: F(1, 5)), .success([15])),
        (.range(shortest: F(1, 5), longest: F(1, 60)), .failure(.interval(F(1, 5)))),
        (.range(shortest: F(0, 1), longest: F(1, 5)), .failure(.interval(F(0, 1)))),
        (.range(shortest: F(max32, 1), longest: F(max32, 1)), .failure(.interval(F(max32, 1)))),
    ]

    @Test("frame intervals", arguments: intervalRows.indices)
    func intervals(_ index: Int) {
        let (answer, expected) = Self.intervalRows[index]
        switch (CameraValues.rates(answer), expected) {
        case (.success(let got), .success(let want)): #expect(got == want, "\(answer)")
        case (.failure(let got), .failure(let want)): #expect(got == want, "\(answer)")
        case (let got, _): Issue.record("\(answer): \(got)")
        }
    }

    @Test("PipeWire offers: every format at every acceptable size and rate, the rest skipped")
    func pipeWireModes() {
        let (modes, skipped) = CameraValues.modes(
            formats: ["YUYV", "NV12"], sizes: [(1280, 720), (Self.max32, Self.max32), (0, 720)],
            rates: [F(30, 1), F(Self.max32, 2), F(0, 1), F(1, Self.max32)])
        #expect(modes == ["YUYV", "NV12"].map { CameraMode(width: 1280, height: 720, framesPerSecond: 30, pixelFormat: $0) })
        #expect(
            skipped == [
                .size(width: Self.max32, height: Self.max32), .size(width: 0, height: 720), .rate(F(Self.max32, 2)), .rate(F(0, 1)),
                .rate(F(1, Self.max32)),
            ])
        let many = CameraValues.modes(
            formats: Array(repeating: "YUYV", count: 32), sizes: Array(repeating: (640, 480), count: 32),
            rates: Array(repeating: F(30, 1), count: 32))
        #expect(many.modes.count == CameraValues.maximumModes)
    }

    static let requests: [(Double, F, F)] = [
        (30, F(100, 3000), F(30, 1)),
        (29.97, F(100, 2997), F(29970, 1000)),
        (7.5, F(100, 750), F(7500, 1000)),
        (4_294_967_295, F(100, 100_000), F(1000, 1)),
        (2_147_483_647.5, F(100, 100_000), F(1000, 1)),
        (0, F(100, 10), F(100, 1000)),
        (-5, F(100, 10), F(100, 1000)),
        (.nan, F(100, 3000), F(30, 1)),
        (.infinity, F(100, 100_000), F(1000, 1)),
    ]

    @Test("what is asked of a camera stays a fraction of 32-bit terms", arguments: requests.indices)
    func requestedRates(_ index: Int) {
        let (fps, timePerFrame, rate) = Self.requests[index]
        #expect(CameraValues.timePerFrame(forFramesPerSecond: fps) == timePerFrame, "\(fps)")
        #expect(CameraValues.rate(forFramesPerSecond: fps) == rate, "\(fps)")
    }

    @Test("the mode policy and a mode's text take any numbers without trapping")
    func policyTakesAnyNumbers() {
        let huge = CameraMode(width: Int(Self.max32), height: Int(Self.max32), framesPerSecond: 2_147_483_647.5, pixelFormat: "YUYV")
        let larger = CameraMode(width: Int.max, height: Int.max, framesPerSecond: .infinity, pixelFormat: "YUYV")
        #expect(CameraModePolicy.choose(from: [huge, larger]) == huge)
        #expect(
            CameraModePolicy.choose(from: [huge, CameraMode(width: 640, height: 480, framesPerSecond: 30, pixelFormat: "YUYV")])?.width
                == 640)
        #expect(huge.description == "4294967295×4294967295 @ 2147483647.5 fps YUYV")
        #expect(larger.framesPerSecondText == "inf")
        #expect(CameraMode(width: 1, height: 1, framesPerSecond: 1e300, pixelFormat: "").framesPerSecondText == "1e+300")
        #expect(CameraMode(width: 1, height: 1, framesPerSecond: .nan, pixelFormat: "").framesPerSecondText == "nan")
    }
}
