// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// `saoma generate` with `arguments`.
private func generate(_ arguments: [String], input: Data? = nil) throws -> ProcessOutcome {
    try SpawnedCommand.run(["generate"] + arguments, stdin: input.map { .bytes($0) } ?? .null)
}

/// The bytes zbarimg reads from `path` in binary mode, as UTF-8 text, or `nil`.
private func zbarText(_ path: String) throws -> String? { try ExternalTool.zbarimgBytes(path).map { String(decoding: $0, as: UTF8.self) } }

/// Width and height from a PNG's IHDR chunk.
private func pngSize(_ path: String) throws -> (Int, Int) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let bytes = [UInt8](data.prefix(24))
    #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}

@Suite("saoma generate")
struct GenerateCommandTests {
    init() throws {
        try #require(FileManager.default.isExecutableFile(atPath: builtSaoma), "build saoma first: swift build --build-tests")
        try ExternalTool.require(ExternalTool.zbarimg)
    }

    @Test("text to PNG reads back", arguments: ["hello", "Grüße, 世界 😀 שלום", "https://example.org/?q=1&r=2"])
    func textToPNG(text: String) throws {
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        let path = folder.file("code.png")
        let outcome = try generate([text, "-o", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.output.contains("code.png"))
        #expect(try ExternalTool.zbarimgBytes(path) == Array(text.utf8))
    }

    @Test("SVG output rasterises to a readable code")
    func svgOutput() throws {
        try ExternalTool.require(ExternalTool.rsvgConvert)
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        let svg = folder.file("code.SVG")
        let outcome = try generate(["--level", "H", "--fg", "#003", "SVG 測試", "-o", svg])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(document.hasPrefix("<?xml") && document.contains("crispEdges") && document.contains("#000033"))
        let png = folder.file("raster.png")
        #expect(try runToolStatus(ExternalTool.rsvgConvert, [svg, "-o", png]).status == 0)
        #expect(try zbarText(png) == "SVG 測試")
    }

    static let templates: [([String], String)] = [
        (["url", "example.org/x"], "https://example.org/x"),
        (["wifi", "My;Net", "--password", "pa:ss,word", "--hidden"], #"WIFI:T:WPA;S:My\;Net;P:pa\:ss\,word;H:true;;"#),
        (["wifi", "--ssid", "Guest", "--security", "nopass"], "WIFI:T:nopass;S:Guest;;"),
        (
            ["contact", "Jane Roe", "--phone", "+1 555", "--email", "j@r.org", "--org", "R & Co"],
            "MECARD:N:Jane Roe;ORG:R & Co;TEL:+1 555;EMAIL:j@r.org;;"
        ),
        (["contact", "Jane", "--vcard"], "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Jane;;;;\r\nFN:Jane\r\nEND:VCARD\r\n"),
        (["email", "a@b.org", "--subject", "Hi there", "--body", "ça va?"], "mailto:a@b.org?subject=Hi%20there&body=%C3%A7a%20va%3F"),
        (["phone", "+1 555 0100"], "tel:+15550100"),
        (["sms", "+1 555 0100", "See you: 5pm"], "SMSTO:+15550100:See you: 5pm"),
        (["sms", "--number", "123", "--body", "hi"], "SMSTO:123:hi"),
        (["geo", "48.8584,2.2945"], "geo:48.8584,2.2945"),
        (["geo", "--lat", "-33.86", "--lon", "151.21", "--query", "Opera House"], "geo:-33.86,151.21?q=Opera%20House"),
        (["text", "wifi"], "wifi"),
    ]

    @Test("templates write their notation", arguments: templates)
    func templateOutput(arguments: [String], expected: String) throws {
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        let path = folder.file("t.png")
        let outcome = try generate(arguments + ["-o", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try zbarText(path) == expected)
    }

    @Test("--input keeps binary bytes, NULs included, from a file or standard input")
    func binaryInput() throws {
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        let bytes: [UInt8] = [0, 1, 2, 0, 0xFF, 0xFE, 0x80, 0] + Array("tail".utf8)
        let input = folder.file("data.bin")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let fromFile = folder.file("file.png")
        #expect(try generate(["--input", input, "-o", fromFile]).status == 0)
        #expect(try ExternalTool.zbarimgBytes(fromFile) == bytes)
        let fromStdin = folder.file("stdin.png")
        #expect(try generate(["--input", "-", "-o", fromStdin], input: Data(bytes)).status == 0)
        #expect(try ExternalTool.zbarimgBytes(fromStdin) == bytes)
    }

    @Test("--terminal prints half blocks without colours when not a terminal")
    func terminalOutput() throws {
        let outcome = try generate(["--terminal", "--quiet-zone", "2", "hi"])
        #expect(outcome.status == 0)
        let lines = outcome.output.split(separator: "\n")
        // Version 1 is 21 modules; with a quiet zone of 2 that is 25 columns and 13 lines.
        #expect(lines.count == 13)
        #expect(lines.allSatisfy { $0.count == 25 && $0.allSatisfy { " ▀▄█".contains($0) } })
        #expect(!outcome.output.contains("\u{1B}"))
    }

    @Test("module size and target size set the image size")
    func sizes() throws {
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        let fixed = folder.file("fixed.png")
        #expect(try generate(["--module-size", "3", "--quiet-zone", "4", "hi", "-o", fixed]).status == 0)
        #expect(try pngSize(fixed) == (29 * 3, 29 * 3))
        let target = folder.file("target.png")
        #expect(try generate(["--size", "300", "hi", "-o", target]).status == 0)
        // 29 modules: 10 px each is 290 ≤ 300, 11 px would be 319.
        #expect(try pngSize(target) == (290, 290))
        let versioned = folder.file("v5.png")
        #expect(try generate(["--min-version", "5", "--module-size", "2", "--quiet-zone", "0", "hi", "-o", versioned]).status == 0)
        #expect(try pngSize(versioned) == (74, 74))
    }

    @Test("an existing file is kept without --force and replaced whole with it")
    func existingFile() throws {
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        let path = folder.file("code.png")
        #expect(try generate(["first", "-o", path]).status == 0)
        let refused = try generate(["second", "-o", path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--force"))
        #expect(try zbarText(path) == "first")
        let forced = try generate(["second", "-o", path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try zbarText(path) == "second")
        #expect(folder.contents() == ["code.png"], "no temporary file is left behind")
    }

    static let failures: [([String], String)] = [
        (["--level", "H", String(repeating: "x", count: 1274)], "1273"),
        (["--level", "L", String(repeating: "é", count: 1477)], "2952"),
        ([""], "empty"),
        (["--fg", "#12", "x"], "--fg"),
        (["--bg", "blurple", "x"], "--bg"),
        (["--fg", "#777", "--bg", "#888", "x"], "1.5:1"),
        (["x", "--level", "Z"], "--level"),
        (["x", "--bogus"], "--bogus"),
        (["x", "--ssid", "n"], "--ssid"),
        (["wifi", "n", "--password", "short"], "8 to 63"),
        (["wifi", "n", "--email", "a@b"], "--email"),
        (["geo", "95,0"], "latitude"),
        (["phone", "call me"], "phone number"),
        (["x", "y"], "y"),
        (["--size", "20", "x"], "20 pixels"),
        (["--min-version", "41", "x"], "--min-version"),
    ]

    @Test("bad input exits 2 with a message", arguments: failures)
    func badInput(arguments: [String], mention: String) throws {
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        let outcome = try generate(arguments + ["-o", folder.file("x.png")])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("saoma generate: "))
        #expect(outcome.stderr.contains(mention), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(folder.contents().isEmpty, "no file is written on error")
    }

    @Test("bad output paths exit 2 naming the path")
    func badOutputs() throws {
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        for (path, mention) in [
            ("/nonexistent-saoma-dir/x.png", "No such file"), (folder.path, "directory"), (folder.file("x.jpg"), ".png or .svg"),
        ] {
            let outcome = try generate(["x", "-o", path])
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains(path) && outcome.stderr.contains(mention), "\(outcome.stderr)")
        }
        let huge = folder.file("huge.bin")
        try Data(count: 100_000).write(to: URL(fileURLWithPath: huge))
        let tooLarge = try generate(["--input", huge, "-o", folder.file("z.png")])
        #expect(tooLarge.status == 2 && tooLarge.stderr.contains("65536") && tooLarge.stderr.contains("2953"), "\(tooLarge.stderr)")
        let missing = try generate(["--input", folder.file("missing.bin"), "-o", folder.file("y.png")])
        #expect(missing.status == 2 && missing.stderr.contains("missing.bin"))
        let noOutput = try generate(["x"])
        #expect(noOutput.status == 2 && noOutput.stderr.contains("-o FILE"))
    }

    @Test("risky colours warn but still write")
    func colourWarnings() throws {
        let folder = try TemporaryFolder(prefix: "saoma-generate")
        defer { folder.remove() }
        let low = folder.file("low.png")
        let lowOutcome = try generate(["--fg", "#808080", "x", "-o", low])
        #expect(lowOutcome.status == 0)
        #expect(lowOutcome.stderr.contains("4.5:1"))
        let inverted = folder.file("inverted.png")
        let invertedOutcome = try generate(["--fg", "white", "--bg", "black", "x", "-o", inverted])
        #expect(invertedOutcome.status == 0)
        #expect(invertedOutcome.stderr.contains("dark background"))
        let good = try generate(["--fg", "navy", "x", "-o", folder.file("good.png")])
        #expect(good.status == 0 && good.stderr.isEmpty)
    }

    @Test("--help describes every option but the benchmark's (scripts/bench-generate)")
    func help() throws {
        let outcome = try generate(["--help"])
        #expect(outcome.status == 0)
        for option in [
            "--output", "--terminal", "--force", "--input", "--level", "--min-version", "--quiet-zone", "--module-size", "--size", "--fg",
            "--bg", "wifi", "contact", "email", "phone", "sms", "geo", "url",
        ] {
            #expect(outcome.output.contains(option), "\(option)")
        }
        #expect(!outcome.output.contains("--benchmark"))
        // Still accepted, for scripts/bench-generate.
        let folder = try TemporaryFolder()
        let timed = try generate(["x", "-o", folder.file("timed.png"), "--benchmark", "2"])
        #expect(timed.status == 0 && !timed.output.isEmpty, "\(timed.stderr)")
    }
}
