// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import FoundationXML
import GLibSwift
import SaomaTestSupport
import Testing

private let schemaPath = BuiltProducts.source("data/io.github.saoma.Saoma.gschema.xml")

/// The schema's keys: name → (GVariant type, default as written in the XML).
private func schemaKeys() throws -> [String: (type: String, value: String)] {
    let document = try XMLDocument(contentsOf: schemaPath)
    var keys: [String: (String, String)] = [:]
    for key in try document.nodes(forXPath: "//key") {
        guard let element = key as? XMLElement, let name = element.attribute(forName: "name")?.stringValue,
            let type = element.attribute(forName: "type")?.stringValue,
            let value = element.elements(forName: "default").first?.stringValue
        else { continue }
        keys[name] = (type, value.trimmingCharacters(in: .whitespaces))
    }
    return keys
}

/// `value` written as GVariant text of `type`, the way the schema writes defaults.
private func variantText(_ value: Any, type: String) -> String? {
    switch (type, value) {
    case ("i", let v as Int): return String(v)
    case ("b", let v as Bool): return v ? "true" : "false"
    case ("s", let v as String): return "'\(v)'"
    case ("as", let v as [String]): return "[" + v.map { "'\($0)'" }.joined(separator: ", ") + "]"
    case ("(dd)", let v as (Double, Double)): return "(\(v.0), \(v.1))"
    default: return nil
    }
}

@Suite("Settings defaults without a schema")
struct SettingsDefaultsTests {
    @Test("every key of the schema has its default in SettingsDefaults, of the schema's type and value")
    func defaultsMatchSchema() throws {
        let keys = try schemaKeys()
        #expect(keys.count >= 10, "the schema was not read: \(keys.keys)")
        #expect(Set(keys.keys) == Set(SettingsDefaults.values.keys))
        for (name, key) in keys {
            let value = try #require(SettingsDefaults.values[name], "\(name) has no default")
            #expect(variantText(value, type: key.type) == key.value, "\(name): \(value) is not the schema's \(key.value)")
        }
    }
}
