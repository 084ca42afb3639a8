// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@Suite struct PipeWireLensControlsTests {
    typealias Lens = PipeWireLensControls
    static let focusAuto: UInt32 = 0x0100_0000 + 0x009a_090c
    static let focusAbsolute: UInt32 = 0x0100_0000 + 0x009a_090a
    static let zoom: UInt32 = 0x0100_0000 + 0x009a_090d

    static func state(_ kind: CameraControlKind, _ range: ClosedRange<Int>, step: Int, defaultValue: Int, value: Int) -> CameraControlState
    {
        CameraControlState(
            kind: kind, minimum: range.lowerBound, maximum: range.upperBound, step: step, defaultValue: defaultValue, value: value)
    }

    /// The controls read from `infos` and `values`, or `nil` when any was skipped.
    static func kept(_ infos: [Lens.Info], _ values: [UInt32: Lens.Value]) -> [CameraControlState]? {
        let (controls, skipped) = Lens.controls(infos: infos, values: values)
        return skipped.isEmpty ? controls.map(\.state) : nil
    }

    @Test func propertyIDsAreTheV4L2ControlsPastTheCustomBase() {
        #expect(Lens.propertyID(.focusAuto) == Self.focusAuto)
        #expect(Lens.propertyID(.focusAbsolute) == Self.focusAbsolute)
        #expect(Lens.propertyID(.zoomAbsolute) == Self.zoom)
        #expect(Lens.propertyID(.brightness) == nil)
        #expect(Lens.kind(propertyID: Self.zoom) == .zoomAbsolute)
        // SPA_PROP_brightness and an id that would wrap past the base are no lens control.
        #expect(Lens.kind(propertyID: 0x0002_0001) == nil)
        #expect(Lens.kind(propertyID: 0x009a_090a) == nil)
        #expect(Lens.propertyIDs == [Self.focusAuto, Self.focusAbsolute, Self.zoom])
    }

    /// What PipeWire's V4L2 source publishes for a UVC webcam, and the states read from it.
    @Test func aUVCWebcamsControlsAreRead() {
        let infos: [Lens.Info] = [
            (id: Self.focusAuto, type: .bool, choice: .enumeration, values: [1, 1, 0]),
            (id: Self.focusAbsolute, type: .int, choice: .step, values: [0, 0, 250, 5]),
            (id: Self.zoom, type: .int, choice: .range, values: [100, 100, 500]),
            // Brightness (SPA_PROP_brightness) is not the lens's.
            (id: 0x0002_0001, type: .int, choice: .step, values: [128, 0, 255, 1]),
        ]
        let values: [UInt32: Lens.Value] = [
            Self.focusAuto: (type: .bool, value: 0), Self.focusAbsolute: (type: .int, value: 40),
            Self.zoom: (type: .int, value: 100),
        ]
        #expect(
            Self.kept(infos, values) == [
                Self.state(.focusAuto, 0...1, step: 1, defaultValue: 1, value: 0),
                Self.state(.focusAbsolute, 0...250, step: 5, defaultValue: 0, value: 40),
                Self.state(.zoomAbsolute, 100...500, step: 1, defaultValue: 100, value: 100),
            ])
        let controls = Lens.controls(infos: infos, values: values).controls
        #expect(controls.map(\.isBoolean) == [true, false, false])
        #expect(controls.map(\.propertyID) == [Self.focusAuto, Self.focusAbsolute, Self.zoom])
        // The policy steers them as a V4L2 camera's: autofocus on first.
        #expect(LensControlPolicy(controls: controls.map(\.state)).start() == [.focusAuto: 1])
    }

    /// Hostile controls: what the node said, its value, and why it is skipped.
    static let hostile: [(info: Lens.Info, value: Lens.Value, reason: Lens.Skipped)] = [
        // Wrong types, for the value and the choice.
        (
            (id: Self.focusAbsolute, type: .other("Float"), choice: .step, values: []), (type: .int, value: 4),
            .type(.focusAbsolute, found: "Float")
        ),
        (
            (id: Self.focusAbsolute, type: .other("String"), choice: .none, values: []), (type: .int, value: 4),
            .type(.focusAbsolute, found: "String")
        ),
        (
            (id: Self.zoom, type: .other("Long"), choice: .range, values: [1, 1, 9]), (type: .int, value: 4),
            .type(.zoomAbsolute, found: "Long")
        ),
        (
            (id: Self.focusAuto, type: .int, choice: .enumeration, values: [1, 0, 1, 2, 3]), (type: .int, value: 1),
            .type(.focusAuto, found: "Int menu")
        ),
        (
            (id: Self.zoom, type: .bool, choice: .enumeration, values: [0, 1, 0]), (type: .bool, value: 0),
            .type(.zoomAbsolute, found: "Bool")
        ),
        (
            (id: Self.zoom, type: .int, choice: .other, values: [1, 2]), (type: .int, value: 1),
            .type(.zoomAbsolute, found: "Int")
        ),
        // A step choice with too few values for its kind.
        (
            (id: Self.zoom, type: .int, choice: .step, values: [100, 100, 500]), (type: .int, value: 100),
            .type(.zoomAbsolute, found: "Int")
        ),
        // Props holding another type than PropInfo said.
        (
            (id: Self.focusAbsolute, type: .int, choice: .step, values: [0, 0, 250, 5]), (type: .other("Float"), value: 0),
            .type(.focusAbsolute, found: "Float")
        ),
        // Inverted ranges.
        (
            (id: Self.zoom, type: .int, choice: .step, values: [200, 500, 100, 1]), (type: .int, value: 200),
            .invertedRange(.zoomAbsolute, minimum: 500, maximum: 100)
        ),
        (
            (id: Self.focusAbsolute, type: .int, choice: .range, values: [0, 1, -1]), (type: .int, value: 0),
            .invertedRange(.focusAbsolute, minimum: 1, maximum: -1)
        ),
        // Values outside the range, or beyond 32 bits.
        (
            (id: Self.focusAbsolute, type: .int, choice: .step, values: [0, 0, 250, 1]), (type: .int, value: 99999),
            .value(.focusAbsolute, 99999, minimum: 0, maximum: 250)
        ),
        (
            (id: Self.focusAuto, type: .bool, choice: .enumeration, values: [0, 1, 0]), (type: .bool, value: 7),
            .value(.focusAuto, 7, minimum: 0, maximum: 1)
        ),
        (
            (id: Self.zoom, type: .int, choice: .range, values: [0, 0, 1 << 40]), (type: .int, value: 0),
            .value(.zoomAbsolute, 0, minimum: 0, maximum: 1 << 40)
        ),
    ]

    @Test(arguments: hostile.indices)
    func hostileControlsAreSkipped(_ index: Int) {
        let (info, value, reason) = Self.hostile[index]
        let (controls, skipped) = Lens.controls(infos: [info], values: [info.id: value])
        #expect(controls.isEmpty)
        #expect(skipped == [reason])
        #expect(skipped.first?.kind == reason.kind)
    }

    @Test func aControlWithoutAValueIsSkipped() {
        let info: Lens.Info = (id: Self.focusAbsolute, type: .int, choice: .step, values: [0, 0, 250, 5])
        let (controls, skipped) = Lens.controls(infos: [info], values: [Self.zoom: (type: .int, value: 100)])
        #expect(controls.isEmpty)
        #expect(skipped == [.noValue(.focusAbsolute)])
    }

    @Test func theFirstInfoOfAPropertyCounts() {
        let good: Lens.Info = (id: Self.zoom, type: .int, choice: .step, values: [100, 100, 500, 1])
        let other: Lens.Info = (id: Self.zoom, type: .other("Float"), choice: .none, values: [])
        let (controls, skipped) = Lens.controls(infos: [good, other], values: [Self.zoom: (type: .int, value: 100)])
        #expect(controls.map(\.state.kind) == [.zoomAbsolute])
        #expect(skipped.isEmpty)
    }

    @Test("steps below 1 count as 1; a default outside the range is clamped; a fixed value is a range of one")
    func oddButConsistentValuesAreKept() {
        let infos: [Lens.Info] = [
            (id: Self.focusAbsolute, type: .int, choice: .step, values: [-5, 0, 250, -7]),
            (id: Self.zoom, type: .int, choice: .none, values: [100]),
        ]
        let values: [UInt32: Lens.Value] = [
            Self.focusAbsolute: (type: .int, value: 250), Self.zoom: (type: .int, value: 100),
        ]
        let states = Self.kept(infos, values)
        #expect(
            states == [
                Self.state(.focusAbsolute, 0...250, step: 1, defaultValue: 0, value: 250),
                Self.state(.zoomAbsolute, 100...100, step: 1, defaultValue: 100, value: 100),
            ])
        // A zoom without a range is nothing the policy can steer.
        #expect(LensControlPolicy(controls: states ?? []).controls[.zoomAbsolute] == nil)
    }
}
