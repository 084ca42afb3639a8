// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import Testing

@testable import SaomaCLI

/// `saoma scan` over files that must not stall or sink the others.
@Suite("saoma scan with hostile files")
struct ScanHostileFilesTests {
    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(arguments[0]) is needed (scripts/bootstrap installs it)")
    }

    @Test("a named pipe, a device and an SVG between two good files never stall them")
    func specialFilesDoNotStallOthers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-scan-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ok = folder.appendingPathComponent("ok.png").path
        let okGIF = folder.appendingPathComponent("ok.gif").path
        let fifo = folder.appendingPathComponent("fifo.png").path
        let svg = folder.appendingPathComponent("drawing.svg").path
        try Self.run(["qrencode", "-s", "6", "-o", ok, "first"])
        try Self.run(["qrencode", "-s", "6", "-o", folder.appendingPathComponent("second.png").path, "second"])
        try Self.run(["convert", folder.appendingPathComponent("second.png").path, okGIF])
        try #require(mkfifo(fifo, 0o600) == 0)
        try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: URL(fileURLWithPath: svg))
        let files = [ok, fifo, "/dev/zero", svg, okGIF]
        var results: [ScanCommand.FileResult] = []
        ScanCommand.scan(files: files, options: DecodeOptions()) { results.append($0) }
        #expect(results.map(\.file) == files)
        #expect(results.first?.symbols.map(\.text) == ["first"])
        #expect(results.last?.symbols.map(\.text) == ["second"])
        #expect(results[1].error?.hasPrefix(fifo + ": is a named pipe") == true, "\(results[1].error ?? "")")
        #expect(results[2].error?.hasPrefix("/dev/zero: is a character device") == true, "\(results[2].error ?? "")")
        #expect(results[3].error?.hasPrefix(svg + ": SVG/XML images are not loaded") == true, "\(results[3].error ?? "")")
        #expect(ScanCommand.exitStatus(for: results) == ScanCommand.exitError)
    }
}
