// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import PixbufIO
import QREncoding
import SaomaCore
import SaomaMessages

/// The translated texts of `saoma generate`: help, errors, warnings and the summary line.
enum GenerateMessages {
    static var help: String {
        tr(
            """
            Usage: saoma generate [OPTIONS] TEXT (-o FILE | --terminal)
                   saoma generate [OPTIONS] --input FILE (-o FILE | --terminal)
                   saoma generate TEMPLATE [FIELDS] [OPTIONS] (-o FILE | --terminal)

            Makes a QR code (or another kind of code: --format), reads it back to check it, and
            writes it as PNG or SVG (by the file's extension) or prints it in the terminal. Text
            that is not ASCII is encoded as UTF-8 with its ECI designator, so readers get exactly
            the same text back.

            Output:
              -o, --output FILE      write FILE (.png or .svg)
              -t, --terminal         print the code with Unicode half blocks (QR only)
              -f, --force            replace FILE if it exists (atomically: never half-written)

            Content:
              TEXT                   the text to encode (use -- before text starting with -)
              --input FILE           encode FILE's bytes exactly, NULs included (- reads standard input)

            Templates (the first word; to encode such a word as text, write: saoma generate text WORD):
              text TEXT
              url URL                a bare host gets https://
              wifi SSID --password P [--security WPA|WPA3|WEP|nopass] [--hidden]
              contact NAME [--org O] [--title T] [--phone P]... [--email E]... [--url U]...
                           [--address A] [--note N] [--vcard]   (MECARD unless --vcard)
              email ADDRESS [--subject S] [--body B]
              phone NUMBER
              sms NUMBER [BODY]      or --number N --body B
              geo LAT,LON[,ALT]      or --lat X --lon Y [--alt A]; [--query Q]

            Symbol:
              --format FORMAT        qr (default), datamatrix, aztec, pdf417, microqr, ean13, upca
                                     or code128; every code is read back by Saoma before it is saved
                                     ean13: 12 digits, or 13 with a right check digit; upca: 11 or 12;
                                     code128: Latin-1 text; microqr: ASCII, at most 35 characters
              -l, --level L|M|Q|H    QR error correction: 7, 15, 25 or 30 % recoverable (default M)
              --min-version N        smallest QR version, 1…40 (default 1)

            Look:
              --quiet-zone N         light margin in modules (default 4, QR's minimum; formats whose
                                     standard asks for more get more)
              --module-size PX       pixels per module (default 4)
              --size PX              largest whole module size whose image fits PX pixels
              --fg COLOUR            dark modules: #rrggbb, #rgb or a name such as black (default black)
              --bg COLOUR            background (default white); warns below 4.5:1 contrast,
                                     refuses below 1.5:1, warns for light-on-dark codes

            Exit status: 0 written, 2 on any error.

            """)
    }

    /// The one-line message for a failure.
    static func message(for failure: GenerateFailure) -> String {
        switch failure {
        case .usage(let usage): return message(for: usage) + " " + tr("(see: saoma generate --help)")
        case .content(let content): return message(for: content)
        case .emptyText: return tr("nothing to encode: the text is empty")
        case .emptyInput(let path): return tr("nothing to encode: {file} is empty", ["file": path])
        case .inputTooLarge(let path, let limit):
            return tr(
                "too much data for one QR code: {file} has more than {limit} bytes, and a QR code holds at most {capacity} bytes (level L)",
                ["file": path, "limit": String(limit), "capacity": String(QRCapacity.maximumBytes(level: .low, withECI: false))])
        case .inputUnreadable(let path, let reason): return tr("cannot read {file}: {reason}", ["file": path, "reason": reason])
        case .outputExists(let path): return tr("{file} already exists; use --force to replace it", ["file": path])
        case .outputNotRegular(let path):
            return tr("{file} is not a regular file (a device, pipe or link); it is never replaced", ["file": path])
        case .textNotUTF8(let what):
            return tr("{input} is not valid UTF-8 text; to encode exact bytes use --input FILE", ["input": what])
        case .unknownOutputFormat(let path):
            return tr("cannot tell the image format of {file}: name it .png or .svg", ["file": path])
        case .outputUnwritable(let path, let reason): return tr("cannot write {file}: {reason}", ["file": path, "reason": reason])
        case .generation(let generation): return message(for: generation)
        case .barcode(let barcode): return message(for: barcode)
        case .png(let png):
            switch png {
            case .encodingFailed(let reason): return tr("cannot make the PNG: {reason}", ["reason": reason])
            case .writeFailed(let path, let reason): return tr("cannot write {file}: {reason}", ["file": path, "reason": reason])
            }
        }
    }

    static func message(for usage: GenerateUsageError) -> String {
        switch usage {
        case .unknownOption(let option): return tr("unknown option {option}", ["option": VisibleText.shortened(option)])
        case .missingValue(let option): return tr("{option} needs a value", ["option": VisibleText.shortened(option)])
        case .invalidValue(let option, let value):
            return tr(
                "invalid value for {option}: “{value}”", ["option": VisibleText.shortened(option), "value": VisibleText.shortened(value)])
        case .fieldNotForTemplate(let option, let template):
            if let template {
                return tr(
                    "{option} does not apply to the {template} template",
                    ["option": VisibleText.shortened(option), "template": template.rawValue])
            }
            return tr("{option} needs a template first, e.g. saoma generate wifi", ["option": VisibleText.shortened(option)])
        case .tooManyArguments(let extra):
            return tr(
                "unexpected argument “{argument}”: quote text that contains spaces", ["argument": VisibleText.shortened(extra.first ?? "")])
        case .noOutput: return tr("say where the code goes: -o FILE or --terminal")
        case .textAndInput: return tr("give either text or --input FILE, not both")
        case .onlyForQR(let option, let format):
            return tr(
                "{option} applies to QR codes only, not to {format}",
                ["option": VisibleText.shortened(option), "format": title(of: format)])
        }
    }

    static func message(for content: ContentTemplateError) -> String {
        switch content {
        case .missingField(let field): return tr("the {field} is missing", ["field": field.name(in: .terse)])
        case .invalidField(let field, let value, let reason):
            let why: String
            switch reason {
            case .invalidCharacters: why = tr("it contains characters that are not allowed")
            case .passphraseLength: why = tr("a WPA passphrase has 8 to 63 characters, or 64 hex digits")
            case .outOfRange: why = tr("latitude must be −90…90 and longitude −180…180")
            case .notAnAddress: why = tr("an e-mail address needs an @")
            }
            return tr(
                "invalid {field} “{value}”: {reason}",
                ["field": field.name(in: .terse), "value": VisibleText.shortened(value), "reason": why])
        }
    }

    static func message(for generation: QRGenerationError) -> String {
        switch generation {
        case .encoding(let encoding):
            switch encoding {
            case .empty: return tr("nothing to encode: the text is empty")
            case .tooLarge(let count, let capacity, let level):
                return tr(
                    "too much data for one QR code: {count} bytes, but level {level} holds at most {capacity} bytes (try a lower level)",
                    ["count": String(count), "level": level.rawValue, "capacity": String(capacity)])
            case .versionOutOfRange(let version):
                return tr("invalid version {version}: QR versions are 1 to 40", ["version": String(version)])
            case .failed(let code): return tr("libqrencode failed: {reason}", ["reason": String(cString: strerror(code))])
            }
        case .style(let style):
            switch style {
            case .moduleSizeOutOfRange(let size):
                return tr(
                    "invalid module size {size}: use 1 to {maximum} pixels",
                    ["size": String(size), "maximum": String(QRStyle.maximumModuleSize)])
            case .targetTooSmall(let target, let modules):
                return tr(
                    "{pixels} pixels is too small: this code is {modules} modules wide with its quiet zone",
                    ["pixels": String(target), "modules": String(modules)])
            case .imageTooLarge(let pixels, let limit):
                return tr(
                    "the image would be {pixels} pixels wide; the limit is {limit} (use a smaller module size)",
                    ["pixels": String(pixels), "limit": String(limit)])
            case .quietZoneOutOfRange(let zone):
                return tr(
                    "invalid quiet zone {zone}: use 0 to {maximum} modules",
                    ["zone": String(zone), "maximum": String(QRStyle.maximumQuietZone)])
            case .invisibleColors(let check):
                return tr(
                    "{foreground} on {background} has a contrast of only {ratio}; choose colours at least {minimum} apart",
                    [
                        "foreground": check.foreground.hexString, "background": check.background.hexString, "ratio": check.ratioText,
                        "minimum": "1.5:1",
                    ])
            }
        case .selfCheck(let check):
            switch check {
            case .unreadable:
                return tr("self-check failed: Saoma cannot read the generated code back (try more contrast or a larger module size)")
            case .mismatch: return tr("self-check failed: the generated code reads back differently from what was encoded")
            }
        }
    }

    /// Warnings for a colour pair that is allowed but risky.
    static func warnings(for check: QRColorCheck) -> [String] {
        var out = [String]()
        if check.verdicts.contains(.lowContrast) {
            out.append(
                tr(
                    "warning: the colours' contrast is {ratio}; phones may not read codes below {minimum}",
                    ["ratio": check.ratioText, "minimum": "4.5:1"]))
        }
        if check.verdicts.contains(.inverted) {
            out.append(tr("warning: light modules on a dark background: Saoma reads this, but many phone scanners do not"))
        }
        return out
    }

    /// What was written, e.g. `wrote code.png: version 3-M, 37×37 modules, 296×296 px`.
    static func summary(_ code: GeneratedQRCode, path: String) -> String {
        let modules = code.matrix.sizeInModules(quietZone: code.style.quietZone)
        return tr(
            "wrote {file}: QR version {version}-{level}, {modules}×{modules} modules, {pixels}×{pixels} pixels",
            [
                "file": VisibleText.of(path), "version": String(code.matrix.version), "level": code.matrix.level.rawValue,
                "modules": String(modules), "pixels": String(code.pixelSize),
            ])
    }

    /// The benchmark's figures on one line.
    static func benchmark(
        code: GeneratedQRCode, format: String, runs: Int, wallMedian: Double, wallMinimum: Double, cpuMedian: Double, selfChecked: Bool
    ) -> String {
        tr(
            "generate {bytes} bytes → {format} (QR version {version}-{level}, {pixels}×{pixels} pixels, self-check {check}), {runs} runs: median {wall} ms wall (min {wallMinimum}), median {cpu} ms CPU",
            [
                "bytes": String(code.request.payload.bytes.count), "format": format.uppercased(), "version": String(code.matrix.version),
                "level": code.matrix.level.rawValue, "pixels": String(code.pixelSize),
                "check": selfChecked ? tr("on") : tr("off"), "runs": String(runs), "wall": String(format: "%.2f", wallMedian),
                "wallMinimum": String(format: "%.2f", wallMinimum), "cpu": String(format: "%.2f", cpuMedian),
            ])
    }
}
