// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// `saoma generate --format FORMAT` run as the built binary.
private func generate(_ arguments: [String]) throws -> ProcessOutcome {
    try SpawnedCommand.run(["generate"] + arguments, stdin: .null)
}

/// The format and text ZXing-C++'s reader prints for the code in `path`, or `nil`.
private func zxingRead(_ path: String) throws -> (format: String, text: String)? {
    let report = try runToolStatus(ExternalTool.zxingReader, [path]).output
    func value(_ key: String) -> String? {
        guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return nil }
        return String(line.dropFirst(key.count))
    }
    guard let format = value("Format:     "), let quoted = value("Text:       "), quoted.count >= 2 else { return nil }
    return (format, String(quoted.dropFirst().dropLast()))
}

/// One format on the command line: the text given, ZXing-C++'s name for the format and what it reads.
struct FormatCase: CustomTestStringConvertible, Sendable {
    let format: String
    let text: String
    let zxingFormat: String
    let readBack: String
    var testDescription: String { "--format \(format) \(text)" }
}

@Suite("saoma generate --format")
struct GenerateFormatTests {
    init() throws {
        try #require(FileManager.default.isExecutableFile(atPath: builtSaoma), "build saoma first: swift build --build-tests")
        try ExternalTool.require(ExternalTool.zxingReader)
    }

    static let formats: [FormatCase] = [
        FormatCase(format: "datamatrix", text: "Saoma Data Matrix", zxingFormat: "DataMatrix", readBack: "Saoma Data Matrix"),
        FormatCase(format: "aztec", text: "Grüße, 世界", zxingFormat: "Aztec", readBack: "Grüße, 世界"),
        FormatCase(format: "PDF417", text: "pdf417 text", zxingFormat: "PDF417", readBack: "pdf417 text"),
        FormatCase(format: "micro-qr", text: "MQR-7", zxingFormat: "MicroQRCode", readBack: "MQR-7"),
        FormatCase(format: "ean13", text: "590123412345", zxingFormat: "EAN-13", readBack: "5901234123457"),
        FormatCase(format: "upca", text: "036000291452", zxingFormat: "UPC-A", readBack: "036000291452"),
        FormatCase(format: "code128", text: "CODE-128 / 42", zxingFormat: "Code128", readBack: "CODE-128 / 42"),
    ]

    @Test("each format to PNG: written, summarised, read back by another reader", arguments: formats)
    func png(_ c: FormatCase) throws {
        let folder = try TemporaryFolder(prefix: "saoma-format")
        defer { folder.remove() }
        let path = folder.file("code.png")
        let outcome = try generate(["--format", c.format, c.text, "-o", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.output.hasPrefix("wrote "), "\(outcome.output)")
        let read = try #require(try zxingRead(path), "ZXingReader found nothing in \(path)")
        #expect(read.format == c.zxingFormat)
        #expect(read.text == c.readBack)
    }

    @Test("each format to SVG: rasterised by librsvg, it reads back", arguments: formats)
    func svg(_ c: FormatCase) throws {
        try ExternalTool.require(ExternalTool.rsvgConvert)
        let folder = try TemporaryFolder(prefix: "saoma-format")
        defer { folder.remove() }
        let svg = folder.file("code.svg")
        let outcome = try generate(["--format", c.format, "--fg", "#003", c.text, "-o", svg])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(document.hasPrefix("<?xml") && document.contains("#000033"))
        let png = folder.file("raster.png")
        // At the size written: ZXingReader 1.4 aborts on some enlarged linear codes (its Result.cpp assertion).
        #expect(try runToolStatus(ExternalTool.rsvgConvert, ["--background-color", "white", svg, "-o", png]).status == 0)
        #expect(try zxingRead(png)?.text == c.readBack)
    }

    static let refusals: [(arguments: [String], message: String)] = [
        (["--format", "ean13", "4006381333932"], "saoma generate: wrong EAN-13 check digit 2: for these digits it is 1 (or leave it out)"),
        (["--format", "ean13", "40063813339"], "saoma generate: EAN-13 needs 12 or 13 digits (the last is the check digit), not 11"),
        (["--format", "upca", "0360002914"], "saoma generate: UPC-A needs 11 or 12 digits (the last is the check digit), not 10"),
        (["--format", "ean13", "4006-38133393"], "saoma generate: EAN-13 codes hold digits only, not “-”"),
        (["--format", "code128", "扫码"], "saoma generate: Code 128 codes hold Latin-1 characters (ISO-8859-1) only, not “扫”"),
        (["--format", "microqr", "naïve"], "saoma generate: Micro QR codes hold ASCII characters only, not “ï”"),
        (
            ["--format", "microqr", String(repeating: "7", count: 40)],
            "saoma generate: too much data for one Micro QR code: 40 characters, at most 35"
        ),
        (
            ["--format", "aztec", "--level", "H", "x"],
            "saoma generate: --level applies to QR codes only, not to Aztec (see: saoma generate --help)"
        ),
        (
            ["--format", "pdf417", "x", "--terminal"],
            "saoma generate: --terminal applies to QR codes only, not to PDF417 (see: saoma generate --help)"
        ),
        (["--format", "maxicode", "x"], "saoma generate: invalid value for --format: “maxicode” (see: saoma generate --help)"),
        (["--format", "ean13", "\u{1B}[2J"], "saoma generate: EAN-13 codes hold digits only, not “␛”"),
    ]

    @Test("a payload the format cannot hold is one clear line, exit 2, and no file", arguments: refusals)
    func refusal(_ row: (arguments: [String], message: String)) throws {
        let folder = try TemporaryFolder(prefix: "saoma-format")
        defer { folder.remove() }
        let path = folder.file("code.png")
        let outcome = try generate(row.arguments + (row.arguments.contains("--terminal") ? [] : ["-o", path]))
        #expect(outcome.status == 2)
        #expect(outcome.stderr == row.message + "\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("data beyond libzint's limits is refused with its reason, never a crash")
    func tooLong() throws {
        let folder = try TemporaryFolder(prefix: "saoma-format")
        defer { folder.remove() }
        let input = folder.file("big.bin")
        try Data(repeating: 0x41, count: 5000).write(to: URL(fileURLWithPath: input))
        let outcome = try generate(["--format", "datamatrix", "--input", input, "-o", folder.file("code.png")])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("saoma generate: too much data for one Data Matrix code ("), "\(outcome.stderr)")
    }
}
