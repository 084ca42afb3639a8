// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// Saoma's GSettings (schema `io.github.saoma.Saoma`, see `data/io.github.saoma.Saoma.gschema.xml`).
///
/// The schema is looked up in the system's schema directories first (installed app, or
/// `GSETTINGS_SCHEMA_DIR`), then beside the source tree (`swift run`), compiled on demand into
/// `$XDG_CACHE_HOME/saoma/schemas`. Without any schema the values start from the schema's own
/// defaults (`SettingsDefaults`) and live in memory for this run only.
/// Used from the UI thread only.
@MainActor
public final class AppSettings {
    public static let schemaID = "io.github.saoma.Saoma"

    /// The shared instance for the app's lifetime.
    public static let shared = AppSettings()

    /// The GSettings object (owned; `nil` when no schema could be found).
    public let gsettings: UnsafeMutablePointer<GSettings>?
    /// In-memory values used when there is no schema, starting from the schema's defaults.
    private var fallback: [String: Any] = SettingsDefaults.values

    private init() {
        gsettings = AppSettings.makeSettings()
        if gsettings == nil {
            StandardStream.error.write("saoma: settings schema \(AppSettings.schemaID) not found; settings will not be kept\n")
        }
    }

    public func bool(_ key: String) -> Bool {
        guard let gsettings else { return fallback[key] as? Bool ?? false }
        return g_settings_get_boolean(gsettings, key) != 0
    }

    public func setBool(_ key: String, _ value: Bool) {
        store(key, value) { gsettings in g_settings_set_boolean(gsettings, key, value ? 1 : 0) }
    }

    public func int(_ key: String) -> Int {
        guard let gsettings else { return fallback[key] as? Int ?? 0 }
        return Int(g_settings_get_int(gsettings, key))
    }

    public func setInt(_ key: String, _ value: Int) {
        store(key, value) { gsettings in g_settings_set_int(gsettings, key, gint(clamping: value)) }
    }

    public func string(_ key: String) -> String {
        guard let gsettings else { return fallback[key] as? String ?? "" }
        guard let value = g_settings_get_string(gsettings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    public func setString(_ key: String, _ value: String) {
        store(key, value) { gsettings in g_settings_set_string(gsettings, key, value) }
    }

    public func strings(_ key: String) -> [String] {
        guard let gsettings else { return fallback[key] as? [String] ?? [] }
        return stringArray(takingStrv: g_settings_get_strv(gsettings, key))
    }

    public func setStrings(_ key: String, _ value: [String]) {
        store(key, value) { gsettings in
            var cStrings = value.map { strdup($0) }
            cStrings.append(nil)
            defer { cStrings.forEach { free($0) } }
            cStrings.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                        _ = g_settings_set_strv(gsettings, key, $0)
                    }
                }
            }
        }
    }

    /// A `(dd)` pair such as `scan-frame-size`.
    public func pair(_ key: String) -> (Double, Double) {
        guard let gsettings else { return fallback[key] as? (Double, Double) ?? (0, 0) }
        guard let variant = g_settings_get_value(gsettings, key) else { return (0, 0) }
        defer { g_variant_unref(variant) }
        guard g_variant_n_children(variant) == 2,
            let a = g_variant_get_child_value(variant, 0), let b = g_variant_get_child_value(variant, 1)
        else { return (0, 0) }
        defer {
            g_variant_unref(a)
            g_variant_unref(b)
        }
        return (g_variant_get_double(a), g_variant_get_double(b))
    }

    public func setPair(_ key: String, _ value: (Double, Double)) {
        store(key, value) { gsettings in
            var children: [OpaquePointer?] = [g_variant_new_double(value.0), g_variant_new_double(value.1)]
            let tuple = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
            g_settings_set_value(gsettings, key, tuple)
        }
    }

    /// Writes `value` to GSettings with `write`, or keeps it in memory when there is no schema.
    private func store(_ key: String, _ value: Any, _ write: (UnsafeMutablePointer<GSettings>) -> Void) {
        guard let gsettings else {
            fallback[key] = value
            return
        }
        write(gsettings)
    }

    /// Finds the schema (system, then source tree) and creates the settings object.
    private static func makeSettings() -> UnsafeMutablePointer<GSettings>? {
        if let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, schemaID, 1)
        {
            g_settings_schema_unref(schema)
            return g_settings_new(schemaID)
        }
        guard let dir = compiledSourceTreeSchemaDirectory(),
            let source = g_settings_schema_source_new_from_directory(dir, g_settings_schema_source_get_default(), 0, nil)
        else { return nil }
        defer { g_settings_schema_source_unref(source) }
        guard let schema = g_settings_schema_source_lookup(source, schemaID, 0) else { return nil }
        defer { g_settings_schema_unref(schema) }
        return g_settings_new_full(schema, nil, nil)
    }

    /// The schema XML of the source tree this binary was built from, compiled into the cache.
    private static func compiledSourceTreeSchemaDirectory() -> String? {
        let fm = FileManager.default
        let xmlName = "\(schemaID).gschema.xml"
        guard let root = DataFiles.sourceTreeRoot else { return nil }
        let xml = root.appendingPathComponent("data").appendingPathComponent(xmlName)
        let cacheHome =
            ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
        let target = cacheHome + "/saoma/schemas"
        let compiled = target + "/gschemas.compiled"
        let xmlDate = (try? fm.attributesOfItem(atPath: xml.path)[.modificationDate] as? Date) ?? .distantFuture
        let compiledDate = (try? fm.attributesOfItem(atPath: compiled)[.modificationDate] as? Date) ?? .distantPast
        if compiledDate < xmlDate {
            do {
                try fm.createDirectory(atPath: target, withIntermediateDirectories: true)
                let copy = target + "/" + xmlName
                try? fm.removeItem(atPath: copy)
                try fm.copyItem(atPath: xml.path, toPath: copy)
                let compiler = Process()
                compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                compiler.arguments = ["glib-compile-schemas", "--strict", target]
                try compiler.run()
                compiler.waitUntilExit()
                guard compiler.terminationStatus == 0 else { return nil }
            } catch {
                return nil
            }
        }
        return target
    }
}
