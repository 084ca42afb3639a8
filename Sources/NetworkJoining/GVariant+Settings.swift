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
        make(settings) { make($0) }
    }

    /// The groups of an `a{sa{sv}}` (borrowed), each key's value owned by the result; anything
    /// that is not a string-keyed dictionary entry is skipped.
    static func groups(_ settings: OpaquePointer) -> [String: [String: VariantRef]] {
        var groups: [String: [String: VariantRef]] = [:]
        guard variant(settings, is: "a{sa{sv}}") else { return groups }
        forEachEntry(of: settings) { group, values in
            var keys = groups[group] ?? [:]
            forEachEntry(of: values) { key, boxed in
                if let value = g_variant_get_variant(boxed) { keys[key] = VariantRef(adopting: value) }
            }
            groups[group] = keys
        }
        return groups
    }

    /// Calls `body` with the key and value (borrowed for the call) of each string-keyed entry of
    /// the dictionary `dictionary` (borrowed); a child that is not such an entry is skipped.
    private static func forEachEntry(of dictionary: OpaquePointer, _ body: (String, OpaquePointer) -> Void) {
        for index in 0..<Int(g_variant_n_children(dictionary)) {
            guard let entry = child(dictionary, index) else { continue }
            defer { g_variant_unref(entry) }
            guard let key = child(entry, 0) else { continue }
            let name = string(key)
            g_variant_unref(key)
            guard let value = child(entry, 1) else { continue }
            defer { g_variant_unref(value) }
            body(name, value)
        }
    }

    /// `groups` as a floating `a{sa{sv}}`, groups and keys in sorted order.
    static func make(_ groups: [String: [String: VariantRef]]) -> OpaquePointer {
        make(groups) { $0.pointer }
    }

    /// `groups` as a floating `a{sa{sv}}`, groups and keys in sorted order, each value boxed from
    /// what `variant` returns for it (floating, or borrowed from the value).
    private static func make<Value>(_ groups: [String: [String: Value]], _ variant: (Value) -> OpaquePointer) -> OpaquePointer {
        let entryType = type("{sa{sv}}")
        defer { g_variant_type_free(entryType) }
        let innerType = type("{sv}")
        defer { g_variant_type_free(innerType) }
        var entries: [OpaquePointer?] = groups.sorted { $0.key < $1.key }.map { group, values in
            var pairs: [OpaquePointer?] = values.sorted { $0.key < $1.key }.map { key, value in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(variant(value)))
            }
            return g_variant_new_dict_entry(g_variant_new_string(group), g_variant_new_array(innerType, &pairs, gsize(pairs.count)))
        }
        return g_variant_new_array(entryType, &entries, gsize(entries.count))
    }

    /// Whether `value` (borrowed) has the GVariant type `type` (`"a{sa{sv}}"`).
    static func variant(_ value: OpaquePointer, is text: String) -> Bool {
        let expected = type(text)
        defer { g_variant_type_free(expected) }
        return g_variant_is_of_type(value, expected) != 0
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

/// One owned reference on a GVariant (sunk when it was floating), released in `deinit`.
final class VariantRef {
    let pointer: OpaquePointer

    /// Takes over the reference a `get` function returned (transfer full).
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }

    /// Sinks a floating value a `new` function returned.
    init(sinking pointer: OpaquePointer) {
        _ = g_variant_ref_sink(pointer)
        self.pointer = pointer
    }

    deinit { g_variant_unref(pointer) }
}
