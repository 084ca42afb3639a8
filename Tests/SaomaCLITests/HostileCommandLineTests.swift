// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// One hostile command line: the arguments (exact bytes), the exit status and words the one-line
/// message must hold.
struct HostileCommandLine: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [[UInt8]]
    let status: Int32
    let message: String
    var testDescription: String { name }

    init(_ name: String, _ arguments: [[UInt8]], status: Int32 = 2, message: String) {
        self.name = name
        self.arguments = arguments
        self.status = status
        self.message = message
    }

    init(_ name: String, _ arguments: [String], status: Int32 = 2, message: String) {
        self.init(name, arguments.map { Array($0.utf8) }, status: status, message: message)
    }
}

/// A folder with a QR code image whose name is not UTF-8 (`caf\xe9.png`), made by `saoma generate`.
private struct HostileFixture {
    let folder: String
    var rawName: [UInt8] { Array((folder + "/caf").utf8) + [0xE9] + Array(".png".utf8) }

    init() throws {
        folder = NSTemporaryDirectory() + "saoma-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let made = try SpawnedCommand.run(["generate", "latin-1 name", "-o", folder + "/code.png"])
        try #require(made.status == 0, "cannot make the fixture: \(made.stderr)")
        let from = folder + "/code.png"
        let renamed = rawName.map { CChar(bitPattern: $0) } + [0]
        try #require(rename(from, renamed) == 0)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

@Suite("Hostile command lines: a one-line message and status 2, never a trap")
struct HostileCommandLineTests {
    init() throws {
        try #require(FileManager.default.isExecutableFile(atPath: builtSaoma), "build saoma first: swift build --build-tests")
    }

    static let longValue = String(repeating: "v", count: 100_000)

    static let rows: [HostileCommandLine] = [
        .init("--region overflows Int", ["scan", "--region", "9223372036854775807,0,1,1", "x.png"], message: "--region needs"),
        .init("--region negative overflow", ["scan", "--region", "0,-9223372036854775808,1,1", "x.png"], message: "--region needs"),
        .init(
            "--region huge size", ["scan", "--region", "0,0,9223372036854775807,9223372036854775807", "x.png"], message: "--region needs"),
        .init("--repeat huge", ["scan", "--repeat", "9223372036854775807", "x.png"], message: "--repeat needs"),
        .init("--window-size beyond 32 bits", ["--window-size", "3000000000x100"], message: "--window-size"),
        .init("--window-size beyond Int", ["--window-size", "99999999999999999999999x1"], message: "--window-size"),
        .init("--size overflow", ["generate", "x", "--terminal", "--size", "9223372036854775807"], message: "invalid value for --size"),
        .init(
            "--min-version overflow", ["generate", "x", "--terminal", "--min-version", "-9223372036854775808"], message: "--min-version"),
        .init(
            "generate text not UTF-8", [Array("generate".utf8), [0x61, 0xFF, 0x62], Array("--terminal".utf8)], message: "not valid UTF-8"),
        .init(
            "template field not UTF-8",
            [Array("generate".utf8), Array("wifi".utf8), Array("--ssid".utf8), [0xC3, 0x28], Array("-t".utf8)],
            message: "--ssid is not valid UTF-8"),
        .init("over-long unknown option echoed shortened", ["scan", "--" + longValue, "x.png"], message: "…"),
        .init("over-long format echoed shortened", ["scan", "--formats", longValue, "x.png"], message: "…"),
        .init("over-long --fg echoed shortened", ["generate", "x", "-t", "--fg", longValue], message: "…"),
        .init("escape sequence in an option", ["scan", "--\u{1B}]52;c;AAAA\u{07}", "x.png"], message: "␛]52;c;AAAA␇"),
        .init("markup in an option", ["--<span>"], message: "unknown option --<span>"),
        // A stage of an engine Saoma lacks read nothing at all, and `--stages` reported the
        // table's figures as if it had run ("blur" is not an engine: "blur-linear" is).
        .init(
            "--stages with an engine Saoma lacks", ["scan", "--stages", "zbar:all;blur:EAN-13:empty", "x.png"],
            message: "--stages names no engine “blur” (engines: zbar, zxing-cpp, libdmtx, blur-linear, blur-qr)"),
        .init("--stages with a differently cased engine", ["scan", "--stages", "ZBar:QR", "x.png"], message: "no engine “ZBar”"),
    ]

    @Test("each hostile command line", arguments: rows)
    func hostileCommandLine(_ row: HostileCommandLine) throws {
        let outcome = try SpawnedCommand(row.arguments).wait()
        #expect(outcome.signal == nil, "\(row.name): killed by signal \(String(describing: outcome.signal))")
        #expect(outcome.status == row.status, "\(row.name): \(outcome.stderr)")
        #expect(outcome.stderrLines.count == 1, "\(row.name): \(outcome.stderr)")
        #expect(outcome.stderr.contains(row.message), "\(row.name): \(outcome.stderr)")
        #expect(outcome.stderr.utf8.count < 400, "\(row.name): message not shortened (\(outcome.stderr.utf8.count) bytes)")
        #expect(!outcome.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(row.name): control characters echoed")
    }

    @Test("a file named with bytes that are not UTF-8 is scanned, and named visibly")
    func nonUTF8FileName() throws {
        let fixture = try HostileFixture()
        defer { fixture.remove() }
        let outcome = try SpawnedCommand([Array("scan".utf8), fixture.rawName, Array((fixture.folder + "/none.png").utf8)]).wait()
        let text = String(decoding: outcome.stdout, as: UTF8.self)
        #expect(text == fixture.folder + "/caf\\xe9.png: QR: latin-1 name\n", "\(outcome.stderr)")
        #expect(outcome.stderr.contains("none.png"))
        let raw = try SpawnedCommand([Array("scan".utf8), Array("--raw".utf8), fixture.rawName]).wait()
        #expect(Array(raw.stdout) == Array("QR: latin-1 name\n".utf8))
        #expect(raw.status == 0)
    }

    @Test("generate --input - stops reading at its limit (/dev/zero)")
    func boundedStandardInput() throws {
        let outcome = try SpawnedCommand.run(["generate", "--input", "-", "--terminal"], stdin: .path("/dev/zero"))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("more than 65536 bytes"), "\(outcome.stderr)")
    }

    @Test("generate --input refuses a FIFO without blocking")
    func inputFIFORefused() throws {
        let folder = NSTemporaryDirectory() + "saoma-fifo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/in", 0o600) == 0)
        let outcome = try SpawnedCommand.run(["generate", "--input", folder + "/in", "--terminal"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("not a regular file"), "\(outcome.stderr)")
    }

    @Test("SIGINT or SIGTERM while generating leaves no temporary file", arguments: [SIGINT, SIGTERM])
    func signalLeavesNoTemporaryFile(signal: Int32) throws {
        let folder = NSTemporaryDirectory() + "saoma-signal-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The output is reserved before the input is read: with standard input held open, saoma
        // waits with its temporary file in place.
        let child = try SpawnedCommand(
            ["generate", "--input", "-", "-o", folder + "/out.png"].map { Array($0.utf8) }, stdin: .heldPipe)
        _ = poll(every: 0.005) { (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == false ? true : nil }
        let reserved = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(reserved.count == 1 && reserved[0].hasSuffix(".tmp"), "\(reserved)")
        kill(child.pid, signal)
        let outcome = try child.wait()
        #expect(outcome.signal == signal, "ends as the signal says: \(outcome)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }
}
