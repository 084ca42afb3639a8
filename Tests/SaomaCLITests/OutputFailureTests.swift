// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// A folder with one QR code image, made by `saoma generate`.
private struct OutputFixture {
    let folder: String
    let code: String

    init() throws {
        folder = NSTemporaryDirectory() + "saoma-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        code = folder + "/code.png"
        let made = try SpawnedCommand.run(["generate", "output test", "-o", code])
        try #require(made.status == 0, "cannot make the fixture: \(made.stderr)")
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

/// One way standard output can fail.
struct OutputCondition: CustomTestStringConvertible, Sendable {
    let name: String
    let stdout: SpawnedCommand.Stream
    let ignoreSIGPIPE: Bool
    var testDescription: String { name }

    static let all: [OutputCondition] = [
        .init(name: "> /dev/full", stdout: .path("/dev/full"), ignoreSIGPIPE: false),
        .init(name: "closed descriptor", stdout: .closed, ignoreSIGPIPE: false),
        .init(name: "pipe closed early, SIGPIPE ignored", stdout: .pipeWithoutReader, ignoreSIGPIPE: true),
        .init(name: "pipe closed early, SIGPIPE default", stdout: .pipeWithoutReader, ignoreSIGPIPE: false),
    ]
}

@Suite("Output failures end with one line and status 2, never a crash")
struct OutputFailureTests {
    init() throws {
        try #require(FileManager.default.isExecutableFile(atPath: builtSaoma), "build saoma first: swift build --build-tests")
    }

    /// Every command that writes to standard output, with the fixture's paths filled in.
    fileprivate static func commands(_ fixture: OutputFixture) -> [[String]] {
        [
            ["--version"], ["--help"], ["scan", "--help"], ["scan", fixture.code], ["scan", "--json", fixture.code],
            ["scan", "--raw", fixture.code], ["generate", "--help"], ["generate", "--terminal", "hello"], ["devices", "--help"],
        ]
    }

    @Test("every command, each failing standard output", arguments: OutputCondition.all)
    func outputFailure(_ condition: OutputCondition) throws {
        let fixture = try OutputFixture()
        defer { fixture.remove() }
        for command in Self.commands(fixture) {
            let outcome = try SpawnedCommand.run(command, stdout: condition.stdout, ignoreSIGPIPE: condition.ignoreSIGPIPE)
            let what =
                "\(command) \(condition.name): status \(String(describing: outcome.status)), signal \(String(describing: outcome.signal)), stderr \(outcome.stderr)"
            if condition.name.hasSuffix("SIGPIPE default"), outcome.signal == SIGPIPE {
                #expect(outcome.stderr.isEmpty, "a closed pipe ends quietly: \(what)")
                continue
            }
            #expect(outcome.status == 2, "\(what)")
            #expect(outcome.stderrLines.count == 1, "\(what)")
            #expect(outcome.stderr.contains("cannot write to standard output"), "\(what)")
            #expect(!outcome.stderr.contains("Fatal error"), "\(what)")
        }
    }

    @Test("generate -o writes a whole file, then reports the failed standard output", arguments: OutputCondition.all)
    func generatedFileKept(_ condition: OutputCondition) throws {
        let fixture = try OutputFixture()
        defer { fixture.remove() }
        let path = fixture.folder + "/kept.png"
        let outcome = try SpawnedCommand.run(
            ["generate", "kept whole", "-o", path], stdout: condition.stdout, ignoreSIGPIPE: condition.ignoreSIGPIPE)
        #expect(outcome.signal == nil || outcome.signal == SIGPIPE, "\(outcome)")
        #expect(outcome.status == nil || outcome.status == 2, "\(outcome.stderr)")
        let readBack = try SpawnedCommand.run(["scan", path])
        #expect(String(decoding: readBack.stdout, as: UTF8.self) == "QR: kept whole\n", "the file is whole: \(readBack.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder).sorted() == ["code.png", "kept.png"])
    }

    static let stderrConditions: [(String, SpawnedCommand.Stream)] = [("> /dev/full", .path("/dev/full")), ("closed", .closed)]

    @Test("a failing standard error never crashes: the status still tells", arguments: stderrConditions)
    func errorStreamFailure(name: String, stderr: SpawnedCommand.Stream) throws {
        let fixture = try OutputFixture()
        defer { fixture.remove() }
        for command in [["scan", fixture.folder + "/missing.png"], ["generate"], ["scan", "--bogus"], ["--window-size", "0x0"]] {
            let outcome = try SpawnedCommand.run(command, stderr: stderr)
            #expect(outcome.status == 2, "\(command) with stderr \(name): \(outcome)")
        }
    }
}
