// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import SaomaCLI

/// Image files for the scan command, made with the real `qrencode` and ImageMagick tools in a
/// unique temporary folder.
struct ScanFixtures {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(prefix: "saoma-scan") }

    func path(_ name: String) -> String { folder.path(name) }

    /// Runs a tool found on PATH and returns its exit status.
    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        try runToolStatus("/usr/bin/env", arguments).status ?? -1
    }

    /// A QR code PNG holding `text`.
    func qr(_ name: String, _ text: String) throws -> String {
        let out = path(name)
        try Self.run(["qrencode", "-s", "6", "-o", out, text])
        return out
    }

    /// A plain white PNG.
    func blank(_ name: String) throws -> String {
        let out = path(name)
        try Self.run(["convert", "-size", "120x80", "xc:white", out])
        return out
    }

    func remove() { folder.remove() }
}

/// Each test gets a new instance, so a fixtures folder of its own, removed when the test ends.
@Suite("saoma scan")
final class ScanCommandRunTests {
    let fixtures: ScanFixtures

    init() throws { fixtures = try ScanFixtures() }

    deinit { fixtures.remove() }

    @Test("scans files in parallel and reports them in input order")
    func reportsInInputOrder() throws {
        var files: [String] = []
        for i in 0..<6 { files.append(try fixtures.qr("code\(i).png", "code number \(i)")) }
        files.insert(fixtures.path("missing.png"), at: 3)
        var reported: [ScanCommand.FileResult] = []
        ScanCommand.scan(files: files, options: DecodeOptions()) { reported.append($0) }
        #expect(reported.map(\.file) == files)
        #expect(reported[0].symbols.map(\.text) == ["code number 0"])
        #expect(reported[6].symbols.map(\.text) == ["code number 5"])
        #expect(reported[3].error?.contains("missing.png") == true)
    }

    @Test("exit status: 0 found, 4 nothing found, 2 on any error")
    func exitStatusFollowsZbarimg() throws {
        let code = try fixtures.qr("code.png", "hello")
        let blank = try fixtures.blank("blank.png")
        let cases: [([String], Int32)] = [
            ([code], 0), ([blank], 4), ([code, blank], 0), ([fixtures.path("nope.png")], 2), ([code, fixtures.folder.path], 2),
        ]
        for (files, status) in cases {
            var results: [ScanCommand.FileResult] = []
            ScanCommand.scan(files: files, options: DecodeOptions()) { results.append($0) }
            #expect(ScanCommand.exitStatus(for: results) == status, "\(files)")
        }
    }

    @Test("JSON lines follow the scorer's contract")
    func jsonLinesFollowContract() throws {
        let utf8 = Symbol(
            format: .qrCode, bytes: Array("Grüße \"quoted\"\n".utf8), text: "Grüße \"quoted\"\n",
            corners: [Point(x: 1, y: 2), Point(x: 1, y: 30.25)])
        let binary = Symbol(format: .qrCode, bytes: [0, 0xFF], text: nil, corners: [Point(x: 5, y: 6)])
        let legacy = Symbol(format: .qrCode, bytes: [0x93, 0xFA], text: "日", corners: [])
        let line = ScanJSON.line(for: ScanCommand.FileResult(file: "a b.png", symbols: [utf8, binary, legacy], error: nil))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "a b.png")
        #expect(object["error"] == nil)
        let symbols = try #require(object["symbols"] as? [[String: Any]])
        #expect(symbols.count == 3)
        #expect(symbols[0]["format"] as? String == "QR")
        #expect(symbols[0]["text"] as? String == "Grüße \"quoted\"\n")
        #expect(symbols[0]["bytes_hex"] == nil)
        #expect((symbols[0]["corners"] as? [[Double]]) == [[1, 2], [1, 30.3]])
        #expect(symbols[1]["text"] is NSNull)
        #expect(symbols[1]["bytes_hex"] as? String == "00ff")
        #expect(symbols[2]["text"] as? String == "日")
        #expect(symbols[2]["bytes_hex"] as? String == "93fa")
        let failed = ScanJSON.line(for: ScanCommand.FileResult(file: "x.png", symbols: [], error: "x.png: no such file"))
        let failure = try #require(try JSONSerialization.jsonObject(with: Data(failed.utf8)) as? [String: Any])
        #expect(failure["error"] as? String == "x.png: no such file")
        #expect((failure["symbols"] as? [Any])?.isEmpty == true)
        #expect(!line.contains("\n") && !failed.contains("\n"))
    }

    @Test("text output prefixes file names only for several files")
    func textOutput() {
        let symbol = Symbol(format: .ean13, bytes: Array("4006381333931".utf8), text: "4006381333931", corners: [])
        let result = ScanCommand.FileResult(file: "p.jpg", symbols: [symbol], error: nil)
        #expect(ScanCommand.format(result, json: false, manyFiles: false) == "EAN-13: 4006381333931\n")
        #expect(ScanCommand.format(result, json: false, manyFiles: true) == "p.jpg: EAN-13: 4006381333931\n")
    }

    @Test("the saoma binary prints JSON lines and exits like zbarimg", .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func binaryEndToEnd() throws {
        let code = try fixtures.qr("code.png", "https://example.org/扫码")
        let blank = try fixtures.blank("blank.png")
        func run(_ arguments: [String]) throws -> (Int32?, String) {
            let outcome = try SpawnedCommand.run(arguments)
            return (outcome.status, outcome.output)
        }
        let (found, out) = try run(["scan", "--json", code, blank])
        #expect(found == 0)
        let lines = out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"text\":\"https://example.org/扫码\"") == true)
        #expect(lines.first?.contains("\"content\":{\"kind\":\"link\",\"url\":\"https://example.org/扫码\",\"host\":\"example.org\"") == true)
        #expect(lines.last?.contains("\"symbols\":[]") == true)
        #expect(try run(["scan", blank]).0 == 4)
        #expect(try run(["scan", code, fixtures.path("gone.png")]).0 == 2)
        #expect(try run(["scan", "--bogus", code]).0 == 2)
        let (helpStatus, help) = try run(["scan", "--help"])
        #expect(helpStatus == 0 && help.contains("--json") && help.contains("--formats") && help.contains("--region"))
        // The benchmark's switch (scripts/bench-decode) is accepted but not listed.
        #expect(!help.contains("--repeat"))
        let (timedStatus, timed) = try run(["scan", "--repeat", "2", code])
        #expect(timedStatus == 0 && !timed.isEmpty)
        let (textStatus, text) = try run(["scan", code])
        #expect(textStatus == 0 && text == "QR: https://example.org/扫码\n")
    }

    @Test(
        "a decoder that aborts costs one image: saoma scan reads it again without that engine and prints every file",
        .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func abortingDecoder() throws {
        try BuiltProducts.require(BuiltProducts.abortingDecoder)
        let before = try fixtures.qr("before.png", "first file")
        let crashing = try fixtures.qr("crash.png", "SAOMA-TEST-ABORT")
        let after = try fixtures.qr("after.png", "last file")
        let environment = ["SAOMA_DECODER": BuiltProducts.abortingDecoder.path, "SAOMA_TEST_ABORTING_PAYLOAD": "SAOMA-TEST-ABORT"]
        let outcome = try SpawnedCommand.run(["scan", before, crashing, after], environment: environment)
        #expect(outcome.status == 0)
        #expect(outcome.output == "\(before): QR: first file\n\(crashing): QR: SAOMA-TEST-ABORT\n\(after): QR: last file\n")
        #expect(outcome.errors == "saoma scan: \(crashing): the decoder stopped on this image (test-abort)\n")
        // JSON consumers see every file too; the warning stays on standard error.
        let json = try SpawnedCommand.run(["scan", "--json", crashing, after], environment: environment)
        #expect(json.status == 0 && json.output.split(separator: "\n").count == 2 && !json.output.contains("\"error\""))
    }

    @Test(
        "with no decoder process to start, saoma scan still reads with the engines safe in its own process",
        .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func noDecoderProcess() throws {
        let code = try fixtures.qr("code.png", "still read")
        let outcome = try SpawnedCommand.run(["scan", code], environment: ["SAOMA_DECODER": "/nonexistent/saoma-decoder"])
        #expect(outcome.status == 0 && outcome.output == "QR: still read\n")
        #expect(outcome.errors.contains("the decoder process is not available") && outcome.errors.contains("/nonexistent/saoma-decoder"))
    }
}

/// Structured-append QR parts drawn by the real zint (`--structapp`), side by side in one image.
@Suite("Structured append on the command line")
struct StructuredAppendScanTests {
    /// An image with the parts of `parts` (index from 0) of a message of `total` parts.
    static func image(_ texts: [String], indices: [Int], total: Int, in folder: TemporaryFolder) throws -> String {
        var paths: [String] = []
        for (text, index) in zip(texts, indices) {
            let path = folder.path("part\(index).png")
            try runTool(
                "/usr/bin/zint", ["-b", "58", "--structapp=\(index + 1),\(total),7", "--scale=4", "--quietzones", "-d", text, "-o", path])
            paths.append(path)
        }
        let out = folder.path("message.png")
        try runTool("/usr/bin/convert", paths + ["-background", "white", "-splice", "40x40", "+append", out])
        return out
    }

    @Test(
        "a message's parts in one image come back joined, once, with their count",
        .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func joined() throws {
        let folder = try TemporaryFolder(prefix: "saoma-sa")
        let path = try Self.image(["Hello ", "structured ", "append"], indices: [0, 1, 2], total: 3, in: folder)
        let text = try SpawnedCommand.run(["scan", path])
        #expect(text.status == 0 && text.output == "QR: Hello structured append\n" && text.errors.isEmpty)
        let json = try SpawnedCommand.run(["scan", "--json", path])
        #expect(
            json.output.contains("\"text\":\"Hello structured append\"") && json.output.contains("\"parts\":{\"total\":3,\"missing\":[]}"))
    }

    @Test("a message with parts missing says which", .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func missing() throws {
        let folder = try TemporaryFolder(prefix: "saoma-sa-missing")
        let path = try Self.image(["Hello ", "append"], indices: [0, 2], total: 3, in: folder)
        let json = try SpawnedCommand.run(["scan", "--json", path])
        #expect(json.output.contains("\"text\":\"Hello append\"") && json.output.contains("\"parts\":{\"total\":3,\"missing\":[2]}"))
        #expect(json.errors.contains("a QR message in 3 parts lacks parts 2"))
    }
}
