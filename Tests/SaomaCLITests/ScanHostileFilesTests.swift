// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import SaomaCLI

/// `saoma scan` over files that must not stall or sink the others.
@Suite("saoma scan with hostile files")
struct ScanHostileFilesTests {
    @Test("a named pipe, a device and an SVG between two good files never stall them")
    func specialFilesDoNotStallOthers() throws {
        let fixtures = try ScanFixtures()
        defer { fixtures.remove() }
        let ok = try fixtures.qr("ok.png", "first")
        let okGIF = fixtures.path("ok.gif")
        let fifo = fixtures.path("fifo.png")
        let svg = fixtures.path("drawing.svg")
        try #require(ScanFixtures.run(["convert", try fixtures.qr("second.png", "second"), okGIF]) == 0)
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

    @Test(
        "a PNM announcing more pixels than the limit gets one line on standard error, not GLib's loader warning too",
        .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func oversizedPNMOneLine() throws {
        let fixtures = try ScanFixtures()
        defer { fixtures.remove() }
        var files: [String] = []
        for (name, header) in [
            ("big.ppm", "P6\n60000 60000\n255\n"), ("big.pbm", "P4\n60000 60000\n"), ("plain.ppm", "P3\n60000 60000\n255\n"),
        ] {
            let path = fixtures.path(name)
            try Data((header + String(repeating: "0 ", count: 50)).utf8).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        let outcome = try SpawnedCommand.run(["scan"] + files)
        #expect(outcome.status == ScanCommand.exitError)
        let expected = files.map { "saoma scan: \($0): image too large (60000×60000 pixels; the limit is 100 megapixels)\n" }
        #expect(outcome.errors == expected.joined(), "\(outcome.errors)")
    }

    @Test(
        "hundreds of file names that are not UTF-8 never run saoma scan out of descriptors",
        .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func manyNamesNotUTF8() throws {
        let fixtures = try ScanFixtures()
        defer { fixtures.remove() }
        let code = try fixtures.qr("code.png", "many names")
        // Links named "caf\xE9-N.png" (Latin-1 é: no UTF-8), more than the descriptor limit below.
        let count = 600
        for i in 0..<count {
            let name = Array(fixtures.path("caf").utf8) + [0xE9] + Array("-\(i).png".utf8)
            try #require(symlink(code, name.map { CChar(bitPattern: $0) } + [0]) == 0)
        }
        // Before, each name held a descriptor for the whole run: past the limit the files could not
        // be read, and libdispatch, unable to make its epoll descriptor, ended saoma with SIGILL.
        let run = try runToolStatus(
            "/bin/sh", ["-c", "ulimit -n 256 && cd \"$1\" && exec \"$2\" scan caf*", "sh", fixtures.folder.path, BuiltProducts.saoma.path])
        #expect(run.status == ScanCommand.exitFound && run.signal == nil, "\(run.stderr.prefix(300))")
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == count && lines.allSatisfy { $0.hasPrefix("caf\\xe9-") && $0.hasSuffix(".png: QR: many names") })
        #expect(run.stderr.isEmpty, "\(run.stderr.prefix(300))")
    }
}
