// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore

/// `"content": {"kind": "gs1", "elements": [{"ai", "name", "value", "display"}]}` for GS1 codes.
extension ScanJSON {
    /// The content object for a symbol: its GS1 element string when it carries one (FNC1 first
    /// and a valid element string), else what `ContentParser` reads in it (a rail ticket in its
    /// bytes, else its text).
    static func content(of symbol: Symbol) -> Value {
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        guard let gs1 = GS1ElementString(symbol: symbol, referenceYear: year) else {
            return ContentParser.parse(symbol).map { object(of: $0) } ?? .null
        }
        return .object([("kind", .string("gs1")), ("elements", .array(gs1.elements.map(value(of:))))])
    }

    /// One element: its AI, GS1 data title, value as encoded and, when it means more (a date,
    /// a decimal), the value as shown (`"2025-12"`, `"1.750"`).
    static func value(of element: GS1Element) -> Value {
        var members: [(String, Value)] = [("ai", .string(element.ai)), ("name", .string(element.name)), ("value", .string(element.value))]
        if element.displayValue != element.value { members.append(("display", .string(element.displayValue))) }
        return .object(members)
    }
}
