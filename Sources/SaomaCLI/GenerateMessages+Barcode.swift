// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import QREncoding
import SaomaCore
import ZintEncoding

/// The messages of `saoma generate --format` for codes other than QR.
extension GenerateMessages {
    /// A format's name as people write it ("Data Matrix", "EAN-13").
    static func title(of format: BarcodeFormat) -> String {
        switch format {
        case .qr: "QR"
        case .dataMatrix: "Data Matrix"
        case .aztec: "Aztec"
        case .pdf417: "PDF417"
        case .microQR: "Micro QR"
        case .ean13: "EAN-13"
        case .upcA: "UPC-A"
        case .code128: "Code 128"
        }
    }

    static func message(for error: BarcodeGenerationError) -> String {
        switch error {
        case .input(let input): return message(for: input)
        case .encoding(let encoding):
            switch encoding {
            case .notDrawnHere(let format): return tr("{format} codes are drawn by libqrencode", ["format": title(of: format)])
            case .tooLong(let format, let reason):
                // Translators: {reason} is libzint's own explanation, in English.
                return tr(
                    "too much data for one {format} code ({reason})",
                    ["format": title(of: format), "reason": VisibleText.shortened(reason)])
            case .refused(let format, _, let reason):
                return tr(
                    "libzint cannot draw this {format} code: {reason}",
                    ["format": title(of: format), "reason": VisibleText.shortened(reason)])
            case .outOfMemory: return tr("libzint ran out of memory")
            }
        case .style(let style): return message(for: QRGenerationError.style(style))
        case .selfCheck(let check): return message(for: QRGenerationError.selfCheck(check))
        }
    }

    static func message(for input: BarcodeInputError) -> String {
        switch input {
        case .empty: return tr("nothing to encode: the text is empty")
        case .notDigits(let format, let character):
            return tr(
                "{format} codes hold digits only, not “{character}”",
                ["format": title(of: format), "character": VisibleText.shortened(character)])
        case .digitCount(let format, let count):
            let needed = format == .ean13 ? "12 or 13" : "11 or 12"
            return tr(
                "{format} needs {needed} digits (the last is the check digit), not {count}",
                ["format": title(of: format), "needed": needed, "count": String(count)])
        case .checkDigit(let format, let given, let expected):
            return tr(
                "wrong {format} check digit {given}: for these digits it is {expected} (or leave it out)",
                ["format": title(of: format), "given": String(given), "expected": String(expected)])
        case .unsupportedCharacter(let format, let character):
            let allowed = format == .code128 ? tr("Latin-1 characters (ISO-8859-1)") : tr("ASCII characters")
            return tr(
                "{format} codes hold {allowed} only, not “{character}”",
                ["format": title(of: format), "allowed": allowed, "character": VisibleText.shortened(character)])
        case .tooLong(let format, let count, let limit):
            return tr(
                "too much data for one {format} code: {count} characters, at most {limit}",
                ["format": title(of: format), "count": String(count), "limit": String(limit)])
        }
    }

    /// What was written, e.g. `wrote code.png: Data Matrix, 14×14 modules, 56×56 pixels`
    /// (linear codes: `113 modules wide`).
    static func summary(_ code: GeneratedBarcode, path: String) -> String {
        let file = VisibleText.of(path)
        let format = title(of: code.format)
        let columns = String(Int(code.drawing.width.rounded()))
        let rows = String(Int(code.drawing.height.rounded()))
        let width = String(code.raster.width)
        let height = String(code.raster.height)
        if code.format.isLinear {
            return tr(
                "wrote {file}: {format}, {columns} modules wide, {width}×{height} pixels",
                ["file": file, "format": format, "columns": columns, "width": width, "height": height])
        }
        return tr(
            "wrote {file}: {format}, {columns}×{rows} modules, {width}×{height} pixels",
            ["file": file, "format": format, "columns": columns, "rows": rows, "width": width, "height": height])
    }
}
