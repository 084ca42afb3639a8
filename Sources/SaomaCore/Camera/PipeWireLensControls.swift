// SPDX-License-Identifier: GPL-3.0-or-later

/// The lens controls (focus, zoom) of a PipeWire camera node, from what the node reports: its
/// `PropInfo` params (each property's id, type and range) and its `Props` param (the current
/// values). `LensControlPolicy` steers them as it steers a V4L2 camera's.
///
/// PipeWire's V4L2 source publishes a V4L2 control without an SPA name as the property
/// `SPA_PROP_START_CUSTOM` + the V4L2 control id (spa/plugins/v4l2/v4l2-utils.c): an integer
/// control as an Int step choice (default, minimum, maximum, step), a boolean as a Bool choice,
/// a menu as an Int enum; its `Props` lists each control's current value, and a `Props` param
/// with the property sets it (`pw_node_set_param`).
///
/// A node is made by any client of the daemon: types, ranges and values are checked, and a
/// control that does not add up is left alone with its reason (`Skipped`). Pure.
public enum PipeWireLensControls {
    /// `SPA_PROP_START_CUSTOM`: where PipeWire numbers the controls it has no SPA name for.
    public static let customBase: UInt32 = 0x0100_0000

    /// The V4L2 control ids (linux/v4l2-controls.h, camera class) of the lens controls, in the
    /// order their values are set (autofocus off before a focus position; set back in reverse).
    static let v4l2IDs: [(CameraControlKind, UInt32)] = [
        (.focusAuto, 0x009a_090c), (.focusAbsolute, 0x009a_090a), (.zoomAbsolute, 0x009a_090d),
    ]

    /// The lens controls, in the order their values are set.
    public static var order: [CameraControlKind] { v4l2IDs.map(\.0) }

    /// The lens controls' property ids, in the order their values are set.
    public static var propertyIDs: [UInt32] { v4l2IDs.map { customBase + $0.1 } }

    /// The property id PipeWire gives `kind` (`nil` for controls that are not the lens's).
    public static func propertyID(_ kind: CameraControlKind) -> UInt32? {
        v4l2IDs.first { $0.0 == kind }.map { customBase + $0.1 }
    }

    /// The lens control property `id` is, if any.
    public static func kind(propertyID id: UInt32) -> CameraControlKind? {
        v4l2IDs.first { customBase &+ $0.1 == id }?.0
    }

    /// The control's V4L2 name, as people (and `v4l2-ctl`) know it.
    public static func name(_ kind: CameraControlKind) -> String {
        switch kind {
        case .focusAuto: return "focus_auto"
        case .focusAbsolute: return "focus_absolute"
        case .zoomAbsolute: return "zoom_absolute"
        case .brightness: return "brightness"
        case .gain: return "gain"
        case .exposureAuto: return "exposure_auto"
        case .exposureAbsolute: return "exposure_time_absolute"
        }
    }

    /// A value's type as the node sent it.
    public enum ValueType: Hashable, Sendable {
        case int
        case bool
        /// Any other SPA type, by its name (`"Float"`, `"String"`, `"Long"`).
        case other(String)

        var name: String {
            switch self {
            case .int: return "Int"
            case .bool: return "Bool"
            case .other(let name): return name
            }
        }
    }

    /// How a `PropInfo` type offers its values (the SPA choice).
    public enum Choice: Hashable, Sendable {
        /// One fixed value.
        case none
        /// Default, minimum, maximum.
        case range
        /// Default, minimum, maximum, step.
        case step
        /// Default, then the alternatives (a menu; a Bool's true and false).
        case enumeration
        /// Flags, or a choice type SPA does not define.
        case other
    }

    /// One `PropInfo` as read: the property, its type, and its choice's values as sent (any
    /// 64-bit numbers).
    public typealias Info = (id: UInt32, type: ValueType, choice: Choice, values: [Int64])

    /// A current value from the node's `Props`.
    public typealias Value = (type: ValueType, value: Int64)

    /// A lens control Saoma may set: its state, and how the node takes a value for it.
    public struct Control: Hashable, Sendable {
        public var state: CameraControlState
        /// The property id to set.
        public var propertyID: UInt32
        /// Whether the node takes the value as a Bool (else an Int).
        public var isBoolean: Bool
    }

    /// Why a lens control the node offers is left alone.
    public enum Skipped: Error, Hashable, Sendable {
        /// Offered as another type than the control's (an integer, or on/off for autofocus).
        case type(CameraControlKind, found: String)
        /// A range whose minimum is above its maximum.
        case invertedRange(CameraControlKind, minimum: Int64, maximum: Int64)
        /// A current value outside the range (or no 32-bit number).
        case value(CameraControlKind, Int64, minimum: Int64, maximum: Int64)
        /// No current value in the node's `Props`.
        case noValue(CameraControlKind)

        /// The control concerned.
        public var kind: CameraControlKind {
            switch self {
            case .type(let kind, _), .invertedRange(let kind, _, _), .value(let kind, _, _, _), .noValue(let kind): return kind
            }
        }
    }

    /// The lens controls `infos` and `values` describe, and the ones skipped with why. The first
    /// `PropInfo` of a property counts; other properties are ignored.
    public static func controls(infos: [Info], values: [UInt32: Value]) -> (controls: [Control], skipped: [Skipped]) {
        var controls: [Control] = []
        var skipped: [Skipped] = []
        var seen = Set<UInt32>()
        for info in infos {
            guard let kind = kind(propertyID: info.id), seen.insert(info.id).inserted else { continue }
            switch control(kind, info: info, value: values[info.id]) {
            case .success(let control): controls.append(control)
            case .failure(let reason): skipped.append(reason)
            }
        }
        return (controls, skipped)
    }

    /// One control from its info and current value.
    static func control(_ kind: CameraControlKind, info: Info, value: Value?) -> Result<Control, Skipped> {
        let boolean = kind == .focusAuto && info.type == .bool
        let range: (minimum: Int64, maximum: Int64, step: Int64, defaultValue: Int64)
        switch (info.type, info.choice, info.values.count) {
        case (.bool, _, 1...) where kind == .focusAuto:
            range = (0, 1, 1, info.values[0])
        case (.int, .none, 1...):
            range = (info.values[0], info.values[0], 1, info.values[0])
        case (.int, .range, 3...):
            range = (info.values[1], info.values[2], 1, info.values[0])
        case (.int, .step, 4...):
            range = (info.values[1], info.values[2], max(1, info.values[3]), info.values[0])
        case (.int, .enumeration, _):
            return .failure(.type(kind, found: "Int menu"))
        default:
            return .failure(.type(kind, found: info.type.name))
        }
        guard range.minimum <= range.maximum else {
            return .failure(.invertedRange(kind, minimum: range.minimum, maximum: range.maximum))
        }
        guard let value else { return .failure(.noValue(kind)) }
        guard value.type == info.type else { return .failure(.type(kind, found: value.type.name)) }
        let bounds = Int64(Int32.min)...Int64(Int32.max)
        guard bounds.contains(range.minimum), bounds.contains(range.maximum), (range.minimum...range.maximum).contains(value.value)
        else {
            return .failure(.value(kind, value.value, minimum: range.minimum, maximum: range.maximum))
        }
        let state = CameraControlState(
            kind: kind, minimum: Int(range.minimum), maximum: Int(range.maximum), step: Int(min(range.step, Int64(Int32.max))),
            defaultValue: Int(range.defaultValue.clamped(to: range.minimum...range.maximum)), value: Int(value.value))
        return .success(Control(state: state, propertyID: info.id, isBoolean: boolean))
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
