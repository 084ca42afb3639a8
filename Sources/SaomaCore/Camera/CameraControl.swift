// SPDX-License-Identifier: GPL-3.0-or-later

/// The camera controls Saoma uses: the low-light boost's, and the lens's (focus and zoom) so a
/// small code gets the pixels.
public enum CameraControlKind: String, CaseIterable, Hashable, Sendable {
    /// Brightness offset (driver units).
    case brightness
    /// Sensor gain (driver units).
    case gain
    /// Exposure mode: `CameraControlState.manualExposure` or an automatic mode (V4L2 menu values).
    case exposureAuto
    /// Exposure time in units of 100 µs.
    case exposureAbsolute
    /// Continuous autofocus: 1 on, 0 off (V4L2 boolean).
    case focusAuto
    /// Lens position (driver units; larger is usually nearer).
    case focusAbsolute
    /// Zoom (driver units; the minimum is no zoom).
    case zoomAbsolute

    /// The lens controls (`LensControlPolicy`'s); the others are the low-light boost's.
    public static let lens: Set<CameraControlKind> = [.focusAuto, .focusAbsolute, .zoomAbsolute]
}

/// One control as the camera reports it.
public struct CameraControlState: Hashable, Sendable {
    /// V4L2 `V4L2_EXPOSURE_MANUAL`.
    public static let manualExposure = 1
    /// V4L2 `V4L2_EXPOSURE_APERTURE_PRIORITY` (the usual "auto" of UVC cameras).
    public static let aperturePriorityExposure = 3

    public var kind: CameraControlKind
    public var minimum: Int
    public var maximum: Int
    public var step: Int
    public var defaultValue: Int
    public var value: Int

    public init(kind: CameraControlKind, minimum: Int, maximum: Int, step: Int, defaultValue: Int, value: Int) {
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.value = value
    }

    /// `value` clamped to the range and rounded to the step.
    public func clamped(_ value: Int) -> Int {
        let v = min(max(value, minimum), maximum)
        guard step > 1 else { return v }
        return minimum + (v - minimum) / step * step
    }
}

/// What the low-light boost asks of the camera's controls (pure policy).
public enum LowLightBoost {
    /// Longest exposure the boost sets, in 100 µs units: one frame at 15 fps.
    public static let maximumExposure = 666
    /// Factor applied to the current exposure time.
    public static let exposureFactor = 4
    /// Share of the gain range the boost sets (0…1).
    public static let gainShare = 0.75
    /// Share of the room above the default brightness the boost adds (0…1).
    public static let brightnessShare = 0.25

    /// Target values for the controls the camera offers; controls it lacks are left out.
    ///
    /// Exposure goes manual and longer (never beyond one 15 fps frame), gain goes to three
    /// quarters of its range, brightness rises by a quarter of its headroom; nothing is lowered.
    public static func targets(for controls: [CameraControlState]) -> [CameraControlKind: Int] {
        var result: [CameraControlKind: Int] = [:]
        for control in controls {
            switch control.kind {
            case .exposureAuto:
                if control.value != CameraControlState.manualExposure { result[.exposureAuto] = CameraControlState.manualExposure }
            case .exposureAbsolute:
                let base = max(control.value, control.defaultValue)
                let wanted = max(control.value, min(base * exposureFactor, maximumExposure))
                result[.exposureAbsolute] = control.clamped(wanted)
            case .gain:
                let wanted = control.minimum + Int(Double(control.maximum - control.minimum) * gainShare)
                result[.gain] = control.clamped(max(control.value, wanted))
            case .brightness:
                let wanted = control.defaultValue + Int(Double(control.maximum - control.defaultValue) * brightnessShare)
                result[.brightness] = control.clamped(max(control.value, wanted))
            case .focusAuto, .focusAbsolute, .zoomAbsolute:
                continue
            }
        }
        return result.filter { kind, value in controls.first { $0.kind == kind }?.value != value }
    }
}

/// A frame source that can stop preparing frames while nobody looks at them (a result or the
/// markers show) without stopping the camera, so frames come back at once.
public protocol FrameDemandAdjustable: AnyObject, Sendable {
    /// Whether frames are converted and delivered (the default); while off the camera keeps
    /// streaming but its frames are handed straight back. Safe from any thread.
    func setDeliversFrames(_ on: Bool)
}

/// A frame source whose camera's lens (focus, zoom) can be steered.
public protocol LensAdjustable: AnyObject, Sendable {
    /// The lens controls the camera offers now, with their values (empty when none or not streaming).
    var lensControls: [CameraControlState] { get }
    /// Sets lens controls; the capture thread applies them shortly after, and every value Saoma
    /// changed is restored when the camera closes. Safe from any thread.
    func setLens(_ targets: [CameraControlKind: Int])
}

/// A frame source whose camera can be asked to brighten a dark scene.
public protocol LowLightAdjustable: AnyObject, Sendable {
    /// Turns the low-light boost on or off; off restores the values the boost changed.
    ///
    /// Safe from any thread; the change is applied by the capture thread shortly after.
    func setLowLightBoost(_ on: Bool)
}
