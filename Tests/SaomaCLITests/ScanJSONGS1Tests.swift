// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

@testable import SaomaCLI

@Suite("saoma scan --json GS1 content")
struct ScanJSONGS1Tests {
    static func symbol(_ raw: String, format: Symbology = .dataBarExpanded, isGS1: Bool = true) -> Symbol {
        let bytes = Array(raw.utf8).map { $0 == UInt8(ascii: "|") ? 0x1D : $0 }
        return Symbol(format: format, bytes: bytes, text: String(decoding: bytes, as: UTF8.self), corners: [], isGS1: isGS1)
    }

    @Test("GS1 codes give their elements with AI, name, value and the value as shown")
    func gs1Elements() {
        let json = ScanJSON.content(of: Self.symbol("0190012345678908|3103001750|1512010010AB<C>")).text
        #expect(
            json
                == #"{"kind":"gs1","elements":[{"ai":"01","name":"GTIN","value":"90012345678908"},"#
                + #"{"ai":"3103","name":"NET WEIGHT (kg)","value":"001750","display":"1.750"},"#
                + #"{"ai":"15","name":"BEST BEFORE or BEST BY","value":"120100","display":"2012-01"},"#
                + #"{"ai":"10","name":"BATCH/LOT","value":"AB<C>"}]}"#)
    }

    @Test("codes without FNC1 first, and GS1 codes that do not parse, are read as text")
    func fallsBackToText() {
        #expect(ScanJSON.content(of: Self.symbol("0190012345678908", format: .code128, isGS1: false)).text.hasPrefix(#"{"kind":"text""#))
        #expect(ScanJSON.content(of: Self.symbol("0190012345678907")).text.hasPrefix(#"{"kind":"text""#))
    }
}
