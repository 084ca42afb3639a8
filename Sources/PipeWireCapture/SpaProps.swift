// SPDX-License-Identifier: GPL-3.0-or-later
import CPipeWire
import SaomaCore

/// `PropInfo` and `Props` params read into Swift values (`PipeWireLensControls`' inputs), and
/// `Props` built to set lens controls.
///
/// What a node sends is only read through the shim's size-checked accessors; the values are
/// judged by `PipeWireLensControls`.
enum SpaProps {
    /// A `PropInfo` param, or `nil` when it is none or names no property.
    static func info(_ param: UnsafePointer<spa_pod>) -> PipeWireLensControls.Info? {
        var parsed = saoma_pw_prop_info()
        guard saoma_pw_parse_prop_info(param, &parsed) == 0, parsed.id != UInt32.max else { return nil }
        let values = withUnsafeBytes(of: parsed.values) { raw in Array(raw.bindMemory(to: Int64.self).prefix(Int(parsed.n_values))) }
        return (id: parsed.id, type: valueType(parsed.type), choice: choice(parsed.choice), values: values)
    }

    /// The lens controls' current values in a `Props` param, by property id.
    static func values(_ param: UnsafePointer<spa_pod>) -> [UInt32: PipeWireLensControls.Value] {
        let wanted = PipeWireLensControls.propertyIDs
        var types = [UInt32](repeating: 0, count: wanted.count)
        var values = [Int64](repeating: 0, count: wanted.count)
        guard saoma_pw_parse_props(param, wanted, UInt32(wanted.count), &types, &values) == 0 else { return [:] }
        var found: [UInt32: PipeWireLensControls.Value] = [:]
        for index in wanted.indices where types[index] != 0 {
            found[wanted[index]] = (type: valueType(types[index]), value: values[index])
        }
        return found
    }

    /// Calls `body` with a `Props` param setting each control to its value (as the node takes
    /// it: Bool or Int), or `nil` when there is nothing to set.
    static func withProps<T>(_ settings: [(PipeWireLensControls.Control, Int)], _ body: (UnsafePointer<spa_pod>?) -> T) -> T {
        guard !settings.isEmpty else { return body(nil) }
        let keys = settings.map(\.0.propertyID)
        let booleans = settings.map(\.0.isBoolean)
        let values = settings.map { Int32(clamping: $0.1) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        return buffer.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return body(nil) }
            return body(saoma_pw_build_props(base, UInt32(bytes.count), UInt32(settings.count), keys, booleans, values))
        }
    }

    private static func valueType(_ spa: UInt32) -> PipeWireLensControls.ValueType {
        switch spa {
        case saoma_spa_type_int(): return .int
        case saoma_spa_type_bool(): return .bool
        // The shim reads no type from a Choice too short for its child.
        case 0: return .other("empty Choice")
        default:
            guard let name = saoma_spa_type_name(spa), name.pointee != 0 else { return .other("type \(spa)") }
            return .other(PipeWireNode.propertyText(String(cString: name)))
        }
    }

    private static func choice(_ spa: UInt32) -> PipeWireLensControls.Choice {
        switch spa {
        case SPA_CHOICE_None.rawValue: return .none
        case SPA_CHOICE_Range.rawValue: return .range
        case SPA_CHOICE_Step.rawValue: return .step
        case SPA_CHOICE_Enum.rawValue: return .enumeration
        default: return .other
        }
    }
}
