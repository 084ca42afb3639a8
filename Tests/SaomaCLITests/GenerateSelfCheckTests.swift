// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import Testing

@testable import SaomaCLI

/// A decoder that sees a fixed list of symbols in every image.
private final class ScriptedDecoder: BarcodeDecoder {
    let symbols: [Symbol]
    private(set) var calls = 0

    init(_ symbols: [Symbol]) { self.symbols = symbols }

    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        calls += 1
        return symbols
    }
}

@Suite("saoma generate self-check")
struct GenerateSelfCheckTests {
    /// Runs the command in-process with `decoder` and returns the exit status and what is in the folder afterwards.
    private func run(_ decoder: ScriptedDecoder, text: String) throws -> (Int32, [String]) {
        let folder = NSTemporaryDirectory() + "saoma-selfcheck-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let status = GenerateCommand.run([text, "-o", folder + "/code.png"], decoder: decoder)
        return (status, try FileManager.default.contentsOfDirectory(atPath: folder))
    }

    @Test("a code the decoder cannot read is an error and no file")
    func unreadableWritesNothing() throws {
        let decoder = ScriptedDecoder([])
        let (status, files) = try run(decoder, text: "hello")
        #expect(status == GenerateCommand.failure)
        #expect(files.isEmpty)
        #expect(decoder.calls > 0)
    }

    @Test("a code that reads back differently is an error and no file")
    func mismatchWritesNothing() throws {
        let decoder = ScriptedDecoder([Symbol(format: .qrCode, bytes: Array("other".utf8), text: "other", corners: [])])
        let (status, files) = try run(decoder, text: "hello")
        #expect(status == GenerateCommand.failure)
        #expect(files.isEmpty)
    }

    @Test("a code that reads back the same is written")
    func matchWrites() throws {
        let decoder = ScriptedDecoder([Symbol(format: .qrCode, bytes: Array("hello".utf8), text: "hello", corners: [])])
        let (status, files) = try run(decoder, text: "hello")
        #expect(status == GenerateCommand.success)
        #expect(files == ["code.png"])
        #expect(decoder.calls == 1)
    }

    @Test("self-check failures have their own messages")
    func messages() {
        let unreadable = GenerateMessages.message(for: .generation(.selfCheck(.unreadable)))
        let mismatch = GenerateMessages.message(for: .generation(.selfCheck(.mismatch(expected: [1], decoded: [2]))))
        #expect(unreadable.contains("self-check") && mismatch.contains("self-check") && unreadable != mismatch)
    }
}
