// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct LowLightBoostTests {
    static let auto = CameraControlState(kind: .exposureAuto, minimum: 0, maximum: 3, step: 1, defaultValue: 3, value: 3)
    static let exposure = CameraControlState(kind: .exposureAbsolute, minimum: 3, maximum: 2047, step: 1, defaultValue: 156, value: 156)
    static let gain = CameraControlState(kind: .gain, minimum: 0, maximum: 255, step: 1, defaultValue: 0, value: 0)
    static let brightness = CameraControlState(kind: .brightness, minimum: -64, maximum: 64, step: 1, defaultValue: 0, value: 0)

    @Test func typicalUVCControlsAreRaised() {
        let targets = LowLightBoost.targets(for: [Self.auto, Self.exposure, Self.gain, Self.brightness])
        #expect(targets[.exposureAuto] == CameraControlState.manualExposure)
        #expect(targets[.exposureAbsolute] == 156 * LowLightBoost.exposureFactor)
        #expect(targets[.gain] == Int(255 * LowLightBoost.gainShare))
        #expect(targets[.brightness] == Int(64 * LowLightBoost.brightnessShare))
    }

    @Test func exposureNeverExceedsOneSlowFrame() {
        var long = Self.exposure
        long.value = 400
        #expect(LowLightBoost.targets(for: [long])[.exposureAbsolute] == LowLightBoost.maximumExposure)
    }

    @Test func nothingIsLowered() {
        var bright = Self.gain
        bright.value = 250
        var manual = Self.auto
        manual.value = CameraControlState.manualExposure
        let targets = LowLightBoost.targets(for: [bright, manual])
        #expect(targets[.gain] == nil)
        #expect(targets[.exposureAuto] == nil)
    }

    @Test func missingControlsAreLeftOut() {
        #expect(LowLightBoost.targets(for: [Self.gain]).keys.sorted { $0.rawValue < $1.rawValue } == [.gain])
        #expect(LowLightBoost.targets(for: []).isEmpty)
    }

    @Test(arguments: [(7, 0, 10, 2, 6), (-5, 0, 10, 1, 0), (99, 0, 10, 1, 10), (5, 1, 9, 4, 5)])
    func clampsToRangeAndStep(value: Int, minimum: Int, maximum: Int, step: Int, expected: Int) {
        let control = CameraControlState(kind: .gain, minimum: minimum, maximum: maximum, step: step, defaultValue: minimum, value: minimum)
        #expect(control.clamped(value) == expected)
    }
}
