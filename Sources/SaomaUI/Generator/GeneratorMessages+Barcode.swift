// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift
import SaomaCore
import ZintEncoding

/// The Generate page's sentences for codes of other formats than QR.
extension GeneratorMessages {
    /// A format's name as people write it, in the format menu.
    static func title(of format: BarcodeFormat) -> String {
        switch format {
        case .qr: tr("QR code")
        case .dataMatrix: "Data Matrix"
        case .aztec: "Aztec"
        case .pdf417: "PDF417"
        case .microQR: tr("Micro QR Code")
        case .ean13: tr("EAN-13 (product)")
        case .upcA: tr("UPC-A (product)")
        case .code128: "Code 128"
        }
    }

    /// Why a code of another format could not be drawn (the self-check's failure is `verdict(selfCheck:)`).
    static func message(for error: BarcodeGenerationError) -> String {
        switch error {
        case .input(let input): return message(for: input)
        case .encoding(.tooLong(let format, _)):
            return tr("Too much data for one {format} code: shorten the text.", ["format": title(of: format)])
        case .encoding(.refused(let format, _, let reason)):
            // Translators: {reason} is libzint's own explanation, in English.
            return tr(
                "This {format} code cannot be drawn: {reason}", ["format": title(of: format), "reason": VisibleText.shortened(reason)])
        case .encoding(.notDrawnHere), .encoding(.outOfMemory): return tr("The code cannot be drawn.")
        case .style(let style): return message(for: style)
        case .selfCheck(let check): return verdict(selfCheck: check)
        }
    }

    /// What is wrong with the text for its format.
    static func message(for input: BarcodeInputError) -> String {
        switch input {
        case .empty: return tr("Nothing to encode.")
        case .notDigits(let format, let character):
            return tr(
                "{format} codes hold digits only: remove “{character}”.",
                ["format": title(of: format), "character": VisibleText.shortened(character)])
        case .digitCount(.upcA, let count):
            return tr("A UPC-A code has 11 digits, or 12 with its check digit; this has {count}.", ["count": String(count)])
        case .digitCount(_, let count):
            return tr("An EAN-13 code has 12 digits, or 13 with its check digit; this has {count}.", ["count": String(count)])
        case .checkDigit(_, let given, let expected):
            return tr(
                "The last digit should be {expected}, the check digit of the others, not {given} (or leave it out).",
                ["expected": String(expected), "given": String(given)])
        case .unsupportedCharacter(.code128, let character):
            return tr(
                "Code 128 holds Latin letters, digits and signs only: remove “{character}”.",
                ["character": VisibleText.shortened(character)])
        case .unsupportedCharacter(_, let character):
            return tr("Micro QR codes hold ASCII text only: remove “{character}”.", ["character": VisibleText.shortened(character)])
        case .tooLong(let format, let count, let limit):
            return tr(
                "Too much text for one {format} code: {count} characters, at most {limit}.",
                ["format": title(of: format), "count": String(count), "limit": String(limit)])
        }
    }
}
