// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import PixbufIO
import QREncoding
import SaomaCore
import SaomaMessages

/// The translated texts the Generate page shows: inline errors, warnings, the capacity and the check.
enum GeneratorMessages {
    /// What to type for `template`, shown over the empty preview.
    static func emptyHint(for template: ContentTemplate) -> String {
        switch template {
        case .text: tr("Type a text above and its code appears here")
        case .url: tr("Type a link above and its code appears here")
        case .wifi: tr("Type the network’s name above and its code appears here")
        case .contact: tr("Type a name above and the contact’s code appears here")
        case .email: tr("Type an e-mail address above and its code appears here")
        case .phone: tr("Type a phone number above and its code appears here")
        case .sms: tr("Type a phone number above and the message’s code appears here")
        case .geo: tr("Type a latitude and longitude above and the place’s code appears here")
        }
    }

    /// Why the form cannot be encoded yet; `nil` for an empty form (nothing to say).
    static func message(for error: GeneratorInputError) -> String? {
        switch error {
        case .empty: return nil
        case .notANumber(let field, let text):
            return tr("The {field} “{value}” is not a number.", ["field": field.name(in: .sentence), "value": text])
        case .content(.missingField(let field)): return tr("Fill in the {field}.", ["field": field.name(in: .sentence)])
        case .content(.invalidField(let field, _, let reason)):
            switch reason {
            case .invalidCharacters:
                return tr("The {field} contains characters that are not allowed.", ["field": field.name(in: .sentence)])
            case .passphraseLength: return tr("A WPA password has 8 to 63 characters, or 64 hex digits.")
            case .outOfRange: return tr("Latitude must be between −90 and 90, longitude between −180 and 180.")
            case .notAnAddress: return tr("An e-mail address needs an @.")
            }
        }
    }

    /// Why a code could not be made (the self-check's failure is `verdict(selfCheck:)`).
    static func message(for error: QRGenerationError) -> String {
        switch error {
        case .encoding(.tooLarge(let count, let capacity, let level)):
            return tooMuchData(count: count, capacity: capacity, level: level)
        case .encoding(.empty):
            return tr("Nothing to encode.")
        case .encoding(.versionOutOfRange(let version)):
            return tr("QR versions are 1 to 40, not {version}.", ["version": String(version)])
        case .encoding(.failed(let code)):
            return tr("The QR encoder failed: {reason}.", ["reason": String(cString: strerror(code))])
        case .style(let style):
            return message(for: style)
        case .selfCheck(let check):
            return verdict(selfCheck: check)
        }
    }

    /// Why a look cannot be rendered.
    static func message(for style: QRStyleError) -> String {
        if case .invisibleColors(let check) = style {
            return tr(
                "The colours’ contrast is only {ratio}: the code would be invisible. Choose colours further apart.",
                ["ratio": check.ratioText])
        }
        if case .quietZoneOutOfRange(let zone) = style {
            return tr("A quiet zone of {zone} modules is not possible.", ["zone": String(zone)])
        }
        return tr("The code cannot be drawn at this size: choose fewer pixels per module.")
    }

    /// The inline message for a payload over the level's capacity.
    static func tooMuchData(count: Int, capacity: Int, level: ErrorCorrectionLevel) -> String {
        tr(
            "Too much data for one QR code: {count} bytes, but level {level} holds at most {capacity}. Shorten the text or choose a lower level.",
            ["count": String(count), "level": level.rawValue, "capacity": String(capacity)])
    }

    /// The live counter, e.g. “812 of 2331 bytes”.
    static func capacity(used: Int, of capacity: Int) -> String {
        tr("{used} of {capacity} bytes", ["used": String(used), "capacity": String(capacity)])
    }

    /// What the self-check found when it could not read the code.
    static func verdict(selfCheck: QRSelfCheckError) -> String {
        switch selfCheck {
        case .unreadable: return tr("Not verified: Saoma cannot read this code back. Try more contrast or a larger quiet zone.")
        case .mismatch: return tr("Not verified: this code reads back differently from what was entered.")
        }
    }

    /// The self-check's success.
    static var verified: String { tr("Verified readable") }

    /// Warnings for a colour pair that is allowed but risky; empty when the pair is fine.
    static func colorWarning(_ check: QRColorCheck) -> String? {
        var parts = [String]()
        if check.verdicts.contains(.lowContrast) {
            parts.append(
                tr("Low contrast ({ratio}): phones may not read codes below {minimum}.", ["ratio": check.ratioText, "minimum": "4.5:1"]))
        }
        if check.verdicts.contains(.inverted) {
            parts.append(tr("Light modules on a dark background: many phone scanners cannot read that."))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The size an export will have, e.g. “Image: 296 × 296 pixels”.
    static func exportSize(_ pixels: Int) -> String {
        tr("Image: {pixels} × {pixels} pixels", ["pixels": String(pixels)])
    }

    /// The accessible name of the preview.
    static func accessibleLabel(for text: String, format: BarcodeFormat = .qr) -> String {
        let limit = 200
        let shown = text.count > limit ? String(text.prefix(limit)) + "…" : text
        if format != .qr {
            // Translators: {format} is a kind of code such as "Data Matrix" or "EAN-13 (product)".
            return tr("{format} for: {text}", ["format": title(of: format), "text": shown])
        }
        return tr("QR code for: {text}", ["text": shown])
    }

    /// The size of a QR symbol as the preview's description says it.
    static func accessibleSize(of matrix: QRMatrix) -> String {
        tr(
            "QR version {version}-{level}, {modules} × {modules} modules.",
            ["version": String(matrix.version), "level": matrix.level.rawValue, "modules": String(matrix.size)])
    }

    /// The accessible description of the preview: the symbol's size and the self-check's verdict.
    static func accessibleDescription(for result: GeneratorResult) -> String {
        let size = result.code.accessibleSize
        let check = result.selfCheckFailure.map { verdict(selfCheck: $0) } ?? verified + "."
        return size + " " + check
    }

    /// The outcome of a save.
    static func saved(_ path: String) -> String {
        tr("Saved {file}", ["file": (path as NSString).lastPathComponent])
    }

    /// Why a save failed.
    static func message(for error: GeneratorExportError) -> String {
        switch error {
        case .nothingToExport: return tr("There is no code to save yet.")
        case .unknownFormat(let path):
            return tr("Cannot tell the image format of {file}: name it .png or .svg.", ["file": (path as NSString).lastPathComponent])
        case .png(.encodingFailed(let reason)): return tr("Cannot make the PNG: {reason}", ["reason": reason])
        case .png(.writeFailed(let path, let reason)):
            return tr("Cannot write {file}: {reason}", ["file": (path as NSString).lastPathComponent, "reason": reason])
        }
    }
}
