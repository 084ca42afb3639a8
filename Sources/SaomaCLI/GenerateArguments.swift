// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// What `saoma generate`'s arguments ask for, before anything is encoded.
public struct GenerateArguments: Equatable, Sendable {
    /// The content form chosen by the first word (`wifi`, `contact`…), `nil` for plain text or `--input`.
    public var template: ContentTemplate?
    /// Positional words after the template word (the text, the URL, the number…).
    public var positional: [String] = []
    /// Template fields by option name without dashes (`ssid`, `password`…); repeatable ones keep every value.
    public var fields: [String: [String]] = [:]
    /// Flags without values: `hidden`, `vcard`.
    public var flags: Set<String> = []
    /// `-o FILE`: where to write the image.
    public var outputPath: String?
    /// `--terminal`: print the code with Unicode half blocks.
    public var terminal = false
    /// `--force`: replace an existing output file (atomically).
    public var force = false
    /// `--input FILE`: encode this file's bytes exactly (`-` for standard input).
    public var inputPath: String?
    public var level: ErrorCorrectionLevel = .medium
    public var minimumVersion = 1
    public var style = QRStyle()
    public var help = false
    /// `--benchmark N`: time the whole pipeline N times in-process before writing once (0 = off).
    public var benchmarkRuns = 0
    /// `--format FORMAT`: the kind of code (QR unless asked).
    public var format = BarcodeFormat.qr
    /// Options given that only QR codes have (`--level`, `--min-version`, `--terminal`, `--benchmark`), as typed.
    public var qrOptions: [String] = []

    public init() {}
}

/// Why the arguments cannot be understood (exit status 2).
public enum GenerateUsageError: Error, Equatable, Sendable {
    case unknownOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String)
    /// A template field given to a different template (option, the templates that take it).
    case fieldNotForTemplate(option: String, template: ContentTemplate?)
    case tooManyArguments([String])
    case noOutput
    case textAndInput
    /// An option QR codes alone have, given with another format.
    case onlyForQR(option: String, format: BarcodeFormat)
}

extension GenerateArguments {
    /// Template fields each template accepts, by option name.
    static let templateFields: [ContentTemplate: Set<String>] = [
        .text: [],
        .url: [],
        .wifi: ["ssid", "password", "security"],
        .contact: ["name", "org", "title", "phone", "email", "url", "address", "note"],
        .email: ["to", "subject", "body"],
        .phone: ["number"],
        .sms: ["number", "body"],
        .geo: ["lat", "lon", "alt", "query"],
    ]

    /// Flags each template accepts.
    static let templateFlags: [ContentTemplate: Set<String>] = [.wifi: ["hidden"], .contact: ["vcard"]]

    /// Options that take a value, besides template fields.
    static let valueOptions: Set<String> = [
        "output", "input", "level", "min-version", "quiet-zone", "module-size", "size", "fg", "bg", "benchmark", "format",
    ]

    /// Reads `saoma generate`'s arguments (those after `generate`).
    public init(parsing arguments: [String]) throws(GenerateUsageError) {
        self.init()
        var rest = arguments[...]
        if let first = arguments.first, let template = ContentTemplate(rawValue: first) {
            self.template = template
            rest = rest.dropFirst()
        }
        var reader = ArgumentReader(Array(rest))
        let allFields = GenerateArguments.templateFields.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let allFlags = GenerateArguments.templateFlags.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        while let word = reader.next() {
            let argument: String
            switch word {
            case .positional(let text):
                positional.append(text)
                continue
            case .option(let option):
                argument = option
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                switch argument {
                case "-o": name = "output"
                case "-t": name = "terminal"
                case "-l": name = "level"
                case "-f": name = "force"
                case "-h": name = "help"
                default: throw .unknownOption(argument)
                }
            }
            let takesValue = GenerateArguments.valueOptions.contains(name) || allFields.contains(name)
            if !takesValue {
                guard inlineValue == nil else { throw .invalidValue(option: "--" + name, value: inlineValue ?? "") }
                switch name {
                case "terminal":
                    terminal = true
                    qrOptions.append(argument)
                case "force": force = true
                case "help": help = true
                case _ where allFlags.contains(name):
                    guard let template, GenerateArguments.templateFlags[template]?.contains(name) == true else {
                        throw .fieldNotForTemplate(option: "--" + name, template: template)
                    }
                    flags.insert(name)
                default: throw .unknownOption(argument)
                }
                continue
            }
            guard let value = inlineValue ?? reader.value() else { throw .missingValue(option: argument) }
            try apply(option: name, value: value)
        }
    }

    /// Stores one option's value.
    private mutating func apply(option name: String, value: String) throws(GenerateUsageError) {
        let option = "--" + name
        func integer(in range: ClosedRange<Int>) throws(GenerateUsageError) -> Int {
            guard let number = Int(value), range.contains(number) else { throw .invalidValue(option: option, value: value) }
            return number
        }
        switch name {
        case "output": outputPath = value
        case "input": inputPath = value
        case "level":
            guard let level = ErrorCorrectionLevel(userName: value) else { throw .invalidValue(option: option, value: value) }
            self.level = level
            qrOptions.append(option)
        case "min-version":
            minimumVersion = try integer(in: 1...QRCapacity.maximumVersion)
            qrOptions.append(option)
        case "format":
            guard let format = BarcodeFormat(userName: value) else { throw .invalidValue(option: option, value: value) }
            self.format = format
        case "quiet-zone": style.quietZone = try integer(in: 0...QRStyle.maximumQuietZone)
        case "module-size": style.sizing = .moduleSize(try integer(in: 1...QRStyle.maximumModuleSize))
        case "benchmark":
            benchmarkRuns = try integer(in: 1...100_000)
            qrOptions.append(option)
        case "size": style.sizing = .targetSize(try integer(in: 1...QRStyle.maximumPixelSize))
        case "fg", "bg":
            guard let color = RGBColor(parsing: value) else { throw .invalidValue(option: option, value: value) }
            if name == "fg" { style.foreground = color } else { style.background = color }
        default:
            guard let template, GenerateArguments.templateFields[template]?.contains(name) == true else {
                throw .fieldNotForTemplate(option: option, template: template)
            }
            fields[name, default: []].append(value)
        }
    }

    /// The last value of a template field, or `""`.
    func field(_ name: String) -> String { fields[name]?.last ?? "" }
}
