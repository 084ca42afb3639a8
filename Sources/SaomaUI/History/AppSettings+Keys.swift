// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

extension AppSettings {
    /// Whether the schema in use has `key` (a schema compiled from an older tree may lack a new
    /// key, and GSettings aborts on unknown keys).
    func hasKey(_ key: String) -> Bool {
        guard let gsettings else { return false }
        var value = GValue()
        g_value_init(&value, g_settings_schema_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(gsettings).assumingMemoryBound(to: GObject.self), "settings-schema", &value)
        guard let schema = g_value_get_boxed(&value) else { return false }
        return g_settings_schema_has_key(OpaquePointer(schema), key) != 0
    }
}
