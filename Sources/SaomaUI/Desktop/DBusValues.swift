// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// GVariant values for D-Bus replies and readers of D-Bus arguments (`g_variant_new` is variadic).
///
/// New values are floating (the reply that takes them sinks them). Readers take bounded parts of
/// what a caller sent: the first `limit` strings of an array, each at most `maximumBytes` long.
enum DBusValues {
    /// Longest string read from a caller, in bytes (longer ones are cut at a character boundary).
    static let maximumBytes = 1024

    /// `as` of `strings`.
    static func stringArray(_ strings: [String]) -> OpaquePointer {
        array(of: "s", strings.map { created(g_variant_new_string($0)) })
    }

    /// `a{sv}` with string values.
    static func stringDictionary(_ entries: [(key: String, value: String)]) -> OpaquePointer {
        array(
            of: "{sv}",
            entries.map {
                created(g_variant_new_dict_entry(g_variant_new_string($0.key), g_variant_new_variant(g_variant_new_string($0.value))))
            })
    }

    /// An array of `children`, each of `elementType` (empty arrays need the type).
    static func array(of elementType: String, _ children: [OpaquePointer]) -> OpaquePointer {
        let type = created(g_variant_type_new(elementType))
        defer { g_variant_type_free(type) }
        var items: [OpaquePointer?] = children
        return created(items.withUnsafeMutableBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) })
    }

    /// A tuple of `children` (a method's reply).
    static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
        var items: [OpaquePointer?] = children
        return created(items.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) })
    }

    /// The first `limit` strings of the `as` at `index` of the tuple `parameters`, each cut to
    /// `maximumBytes`; empty when that child is not an array of strings.
    static func strings(in parameters: OpaquePointer, at index: Int, limit: Int) -> [String] {
        guard index < g_variant_n_children(parameters), let child = g_variant_get_child_value(parameters, gsize(index)) else { return [] }
        defer { g_variant_unref(child) }
        guard String(cString: g_variant_get_type_string(child)) == "as" else { return [] }
        let count = min(Int(g_variant_n_children(child)), limit)
        return (0..<count).compactMap { i in
            guard let item = g_variant_get_child_value(child, gsize(i)) else { return nil }
            defer { g_variant_unref(item) }
            return string(of: item)
        }
    }

    /// The string at `index` of the tuple `parameters` (`nil` when that child is not a string).
    static func string(in parameters: OpaquePointer, at index: Int) -> String? {
        guard index < g_variant_n_children(parameters), let child = g_variant_get_child_value(parameters, gsize(index)) else { return nil }
        defer { g_variant_unref(child) }
        guard String(cString: g_variant_get_type_string(child)) == "s" else { return nil }
        return string(of: child)
    }

    /// A string value's text, cut to `maximumBytes` (GVariant strings are valid UTF-8).
    private static func string(of value: OpaquePointer) -> String {
        var length: gsize = 0
        guard let bytes = g_variant_get_string(value, &length) else { return "" }
        let all = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: Int(length))
        var end = min(all.count, maximumBytes)
        // Back to the start of the character that was cut (continuation bytes are 10xxxxxx).
        if end < all.count {
            while end > 0 && all[end] & 0xC0 == 0x80 { end -= 1 }
        }
        return String(decoding: all[..<end], as: UTF8.self)
    }
}
