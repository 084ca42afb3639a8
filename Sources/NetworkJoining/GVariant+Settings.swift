// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import SaomaCore

/// Conversions between `ConnectionSettings` and GVariant `a{sa{sv}}`.
///
/// Every `make…` function returns a floating GVariant (consumed by the container or call that
/// takes it); every `read…` function borrows its argument.
enum SettingsVariant {
    /// A GVariant type from its string (`"a{sv}"`), owned by the caller.
    static func type(_ text: String) -> OpaquePointer { g_variant_type_new(text) }

    static func make(_ value: SettingValue) -> OpaquePointer {
        switch value {
        case .string(let s): return g_variant_new_string(s)
        case .bool(let b): return g_variant_new_boolean(b ? 1 : 0)
        case .uint32(let u): return g_variant_new_uint32(u)
        case .bytes(let bytes):
            let byteType = type("y")
            defer { g_variant_type_free(byteType) }
            return bytes.withUnsafeBytes { g_variant_new_fixed_array(byteType, $0.baseAddress, gsize(bytes.count), 1) }
        case .strings(let strings):
            let stringType = type("s")
            defer { g_variant_type_free(stringType) }
            var children: [OpaquePointer?] = strings.map { g_variant_new_string($0) }
            return g_variant_new_array(stringType, &children, gsize(children.count))
        }
    }

    /// `settings` as a floating `a{sa{sv}}`, groups and keys in sorted order.
    static func make(_ settings: ConnectionSettings) -> OpaquePointer {
        let entryType = type("{sa{sv}}")
        defer { g_variant_type_free(entryType) }
        let innerType = type("{sv}")
        defer { g_variant_type_free(innerType) }
        var groups: [OpaquePointer?] = settings.keys.sorted().map { group in
            let values = settings[group] ?? [:]
            var entries: [OpaquePointer?] = values.keys.sorted().map { key in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(make(values[key] ?? .string(""))))
            }
            return g_variant_new_dict_entry(g_variant_new_string(group), g_variant_new_array(innerType, &entries, gsize(entries.count)))
        }
        return g_variant_new_array(entryType, &groups, gsize(groups.count))
    }

    /// A floating tuple of `children` (each floating).
    static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
        var items = children
        return g_variant_new_tuple(&items, gsize(items.count))
    }

    /// The string of an `s` or `o` value.
    static func string(_ value: OpaquePointer) -> String {
        g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
    }

    /// Child `index` of a tuple or array (owned by the caller: unref it).
    static func child(_ value: OpaquePointer, _ index: Int) -> OpaquePointer? {
        index < Int(g_variant_n_children(value)) ? g_variant_get_child_value(value, gsize(index)) : nil
    }

    /// The bytes of an `ay` value.
    static func bytes(_ value: OpaquePointer) -> [UInt8] {
        var count: gsize = 0
        guard let data = g_variant_get_fixed_array(value, &count, 1) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
    }

    /// The value under `group` → `key` of an `a{sa{sv}}` (owned by the caller), or `nil`.
    static func lookup(_ settings: OpaquePointer, group: String, key: String) -> OpaquePointer? {
        let dictType = type("a{sv}")
        defer { g_variant_type_free(dictType) }
        guard let inner = g_variant_lookup_value(settings, group, dictType) else { return nil }
        defer { g_variant_unref(inner) }
        return g_variant_lookup_value(inner, key, nil)
    }
}
