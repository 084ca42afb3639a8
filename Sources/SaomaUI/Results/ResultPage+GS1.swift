// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// GS1 element strings (GS1-128, DataBar, GS1 DataMatrix): one labelled field per application
/// identifier, dates and decimals as they mean, each with a copy button.
extension ResultPage {
    /// The GS1 element string `symbol` carries, with two-digit years resolved against this year.
    static func gs1Elements(of symbol: Symbol) -> GS1ElementString? {
        GS1ElementString(symbol: symbol, referenceYear: Calendar(identifier: .gregorian).component(.year, from: Date()))
    }

    /// Builds the GS1 view; returns the GTIN (else the first field's value) as the main value.
    func buildGS1(_ string: GS1ElementString, into page: Sections) -> CopiedValue {
        let gtin = string.elements.first { $0.ai == "01" }
        page.heading(
            tr("GS1 Product Data"), icon: ResultPage.icon(for: .gs1), subject: gtin?.value, subjectClasses: ["title-1", "numeric"])
        let fields = string.elements.map { element in
            // Translators: a GS1 field's caption: what it is ("Expiry date"), then its application identifier ("17").
            let caption = tr("{caption} (AI {ai})", ["caption": ResultPage.gs1Caption(element), "ai": element.ai])
            return Field(caption: caption, value: element.displayValue, copyLabel: tr("Copy Field"), copyValue: element.value)
        }
        page.addToBody(fieldList(fields))
        if let gtin {
            return addCopyAction(tr("Copy Product Number"), text: gtin.value, confirmation: tr("Product number copied"), to: page)
        }
        let all = string.elements.map { "(\($0.ai)) \($0.value)" }.joined(separator: "\n")
        return addCopyAction(tr("Copy All"), text: all, confirmation: tr("Product data copied"), to: page)
    }

    /// A person's name for an application identifier (GS1's data title for the rarer ones).
    static func gs1Caption(_ element: GS1Element) -> String {
        switch element.ai.prefix(3) {
        case "310": return tr("Net weight (kg)")
        case "320": return tr("Net weight (lb)")
        case "330": return tr("Gross weight (kg)")
        case "390", "391": return tr("Amount payable")
        case "392", "393": return tr("Price")
        default: break
        }
        switch element.ai {
        case "00": return tr("Shipping container code (SSCC)")
        case "01": return tr("Product number (GTIN)")
        case "02": return tr("Contained product (GTIN)")
        case "10": return tr("Batch or lot")
        case "11": return tr("Production date")
        case "13": return tr("Packaging date")
        case "15": return tr("Best before")
        case "16": return tr("Sell by")
        case "17": return tr("Expiry date")
        case "21": return tr("Serial number")
        case "30", "37": return tr("Count")
        default: return element.name
        }
    }
}
