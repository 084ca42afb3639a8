// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import PixbufIO
import QREncoding
import SaomaCore

/// The translated texts of `saoma generate`: help, errors, warnings and the summary line.
enum GenerateMessages {
    static var help: String {
        tr(
            """
            Usage: saoma generate [OPTIONS] TEXT (-o FILE | --terminal)
                   saoma generate [OPTIONS] --input FILE (-o FILE | --terminal)
                   saoma generate TEMPLATE [FIELDS] [OPTIONS] (-o FILE | --terminal)

            Makes a QR code, reads it back to check it, and writes it as PNG or SVG (by the
            file's extension) or prints it in the terminal. Text that is not ASCII is encoded as
            UTF-8 with its ECI designator, so readers get exactly the same text back.

            Output:
              -o, --output FILE      write FILE (.png or .svg)
              -t, --terminal         print the code with Unicode half blocks
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
              -l, --level L|M|Q|H    error correction: 7, 15, 25 or 30 % recoverable (default M)
              --min-version N        smallest symbol version, 1…40 (default 1)

            Look:
              --quiet-zone N         light margin in modules (default 4, the standard's minimum)
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
        case .emptyInput(let path): return String(format: tr("nothing to encode: %@ is empty"), path)
        case .inputTooLarge(let path, let limit):
            return String(
                format: tr("too much data for one QR code: %@ has more than %ld bytes, and a QR code holds at most %ld bytes (level L)"),
                path,
                limit, QRCapacity.maximumBytes(level: .low, withECI: false))
        case .inputUnreadable(let path, let reason): return String(format: tr("cannot read %@: %@"), path, reason)
        case .outputExists(let path): return String(format: tr("%@ already exists; use --force to replace it"), path)
        case .outputNotRegular(let path):
            return String(format: tr("%@ is not a regular file (a device, pipe or link); it is never replaced"), path)
        case .textNotUTF8(let what):
            return String(format: tr("%@ is not valid UTF-8 text; to encode exact bytes use --input FILE"), what)
        case .unknownOutputFormat(let path):
            return String(format: tr("cannot tell the image format of %@: name it .png or .svg"), path)
        case .outputUnwritable(let path, let reason): return String(format: tr("cannot write %@: %@"), path, reason)
        case .generation(let generation): return message(for: generation)
        case .png(let png):
            switch png {
            case .encodingFailed(let reason): return String(format: tr("cannot make the PNG: %@"), reason)
            case .writeFailed(let path, let reason): return String(format: tr("cannot write %@: %@"), path, reason)
            }
        }
    }

    static func message(for usage: GenerateUsageError) -> String {
        switch usage {
        case .unknownOption(let option): return String(format: tr("unknown option %@"), VisibleText.shortened(option))
        case .missingValue(let option): return String(format: tr("%@ needs a value"), VisibleText.shortened(option))
        case .invalidValue(let option, let value):
            return String(format: tr("invalid value for %@: “%@”"), VisibleText.shortened(option), VisibleText.shortened(value))
        case .fieldNotForTemplate(let option, let template):
            if let template {
                return String(format: tr("%@ does not apply to the %@ template"), VisibleText.shortened(option), template.rawValue)
            }
            return String(format: tr("%@ needs a template first, e.g. saoma generate wifi"), VisibleText.shortened(option))
        case .tooManyArguments(let extra):
            return String(format: tr("unexpected argument “%@”: quote text that contains spaces"), VisibleText.shortened(extra.first ?? ""))
        case .noOutput: return tr("say where the code goes: -o FILE or --terminal")
        case .textAndInput: return tr("give either text or --input FILE, not both")
        }
    }

    static func message(for content: ContentTemplateError) -> String {
        switch content {
        case .missingField(let field): return String(format: tr("the %@ is missing"), CLIFieldNames.name(field))
        case .invalidField(let field, let value, let reason):
            let why: String
            switch reason {
            case .invalidCharacters: why = tr("it contains characters that are not allowed")
            case .passphraseLength: why = tr("a WPA passphrase has 8 to 63 characters, or 64 hex digits")
            case .outOfRange: why = tr("latitude must be −90…90 and longitude −180…180")
            case .notAnAddress: why = tr("an e-mail address needs an @")
            }
            return String(format: tr("invalid %@ “%@”: %@"), CLIFieldNames.name(field), VisibleText.shortened(value), why)
        }
    }

    static func message(for generation: QRGenerationError) -> String {
        switch generation {
        case .encoding(let encoding):
            switch encoding {
            case .empty: return tr("nothing to encode: the text is empty")
            case .tooLarge(let count, let capacity, let level):
                return String(
                    format: tr("too much data for one QR code: %ld bytes, but level %@ holds at most %ld bytes (try a lower level)"),
                    count, level.rawValue, capacity)
            case .versionOutOfRange(let version): return String(format: tr("invalid version %ld: QR versions are 1 to 40"), version)
            case .failed(let code): return String(format: tr("libqrencode failed: %@"), String(cString: strerror(code)))
            }
        case .style(let style):
            switch style {
            case .moduleSizeOutOfRange(let size):
                return String(format: tr("invalid module size %ld: use 1 to %ld pixels"), size, QRStyle.maximumModuleSize)
            case .targetTooSmall(let target, let modules):
                return String(format: tr("%ld pixels is too small: this code is %ld modules wide with its quiet zone"), target, modules)
            case .imageTooLarge(let pixels, let limit):
                return String(format: tr("the image would be %ld pixels wide; the limit is %ld (use a smaller module size)"), pixels, limit)
            case .quietZoneOutOfRange(let zone):
                return String(format: tr("invalid quiet zone %ld: use 0 to %ld modules"), zone, QRStyle.maximumQuietZone)
            case .invisibleColors(let check):
                return String(
                    format: tr("%@ on %@ has a contrast of only %@; choose colours at least %@ apart"), check.foreground.hexString,
                    check.background.hexString, check.ratioText, "1.5:1")
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
                String(
                    format: tr("warning: the colours' contrast is %@; phones may not read codes below %@"), check.ratioText, "4.5:1"))
        }
        if check.verdicts.contains(.inverted) {
            out.append(tr("warning: light modules on a dark background: Saoma reads this, but many phone scanners do not"))
        }
        return out
    }

    /// What was written, e.g. `wrote code.png: version 3-M, 37×37 modules, 296×296 px`.
    static func summary(_ code: GeneratedQRCode, path: String) -> String {
        let modules = code.matrix.sizeInModules(quietZone: code.style.quietZone)
        return String(
            format: tr("wrote %@: QR version %ld-%@, %ld×%ld modules, %ld×%ld pixels"), VisibleText.of(path), code.matrix.version,
            code.matrix.level.rawValue,
            modules, modules, code.pixelSize, code.pixelSize)
    }

    /// The benchmark's figures on one line.
    static func benchmark(
        code: GeneratedQRCode, format: String, runs: Int, wallMedian: Double, wallMinimum: Double, cpuMedian: Double, selfChecked: Bool
    ) -> String {
        String(
            format: tr(
                "generate %ld bytes → %@ (QR version %ld-%@, %ld×%ld pixels, self-check %@), %ld runs: median %.2f ms wall (min %.2f), median %.2f ms CPU"
            ),
            code.request.payload.bytes.count, format.uppercased(), code.matrix.version, code.matrix.level.rawValue, code.pixelSize,
            code.pixelSize,
            selfChecked ? tr("on") : tr("off"), runs, wallMedian, wallMinimum, cpuMedian)
    }
}
