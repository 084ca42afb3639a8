// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import Testing

/// The repository root (three levels above this file: Tests/SaomaUITests/…).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A fresh temporary folder, removed by the caller.
private func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-l10n-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs a tool through `/usr/bin/env` with extra environment; returns status and standard output.
private func runTool(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("Locale directory and catalogues")
struct LocalizationTests {
    static let poDirectory = packageRoot.appendingPathComponent("po")

    @Test func sourceTreeCataloguesCompileIntoTheCache() throws {
        let target = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: target) }
        let result = LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target)
        #expect(result == target.path)
        for language in ["zh_CN", "de"] {
            let mo = target.appendingPathComponent("\(language)/LC_MESSAGES/saoma.mo")
            #expect(FileManager.default.fileExists(atPath: mo.path), "\(language) catalogue not compiled")
        }
    }

    @Test func upToDateCataloguesAreNotRecompiled() throws {
        let target = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: target) }
        _ = LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target)
        let mo = target.appendingPathComponent("zh_CN/LC_MESSAGES/saoma.mo").path
        let marker = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded())  // no compile produces it now
        try FileManager.default.setAttributes([.modificationDate: marker], ofItemAtPath: mo)
        _ = LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target)
        let after = try FileManager.default.attributesOfItem(atPath: mo)[.modificationDate] as? Date
        #expect(after == marker)
    }

    @Test func brokenCatalogueLeavesNoFile() throws {
        let po = try makeTemporaryDirectory()
        let target = try makeTemporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: po)
            try? FileManager.default.removeItem(at: target)
        }
        try "msgid \"a\"\nmsgstr \"unterminated\n".write(to: po.appendingPathComponent("xx.po"), atomically: true, encoding: .utf8)
        #expect(LocaleDirectory.compileSourceTreeTranslations(poDirectory: po, into: target) == nil)
        let folder = target.appendingPathComponent("xx/LC_MESSAGES").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty)
    }

    @Test func missingPoFolderGivesNil() throws {
        let target = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: target) }
        let missing = target.appendingPathComponent("no-such-po")
        #expect(LocaleDirectory.compileSourceTreeTranslations(poDirectory: missing, into: target) == nil)
    }

    /// gettext finds the compiled catalogues for LANGUAGE=zh_CN / de (in a child process, so
    /// this test never changes the environment of the others). gettext ignores LANGUAGE under the
    /// C locale; C.UTF-8 is always installed and enough.
    @Test(arguments: [("zh_CN", "扫描二维码和条形码"), ("de", "QR-Codes und Strichcodes scannen")])
    func compiledCatalogueTranslates(language: String, expected: String) throws {
        let target = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: target) }
        let directory = try #require(LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target))
        let run = try runTool(
            ["gettext", "-d", gettextDomain, "Scan QR codes and barcodes"],
            environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": language, "TEXTDOMAINDIR": directory])
        #expect(run.status == 0)
        #expect(run.output == expected)
    }
}

/// The `saoma` binary built beside this test bundle (`swift build --build-tests` builds both).
private func builtSaomaBinary() -> URL? {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let candidate = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("saoma")
    return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
}

@Suite("Localized saoma binary")
struct LocalizedBinaryTests {
    /// `saoma --help` in a fresh cache: the source tree's catalogues are compiled on demand and used.
    @Test(arguments: [("zh_CN", "用法："), ("de", "Aufruf:"), ("", "Usage:")])
    func helpIsInTheRequestedLanguage(language: String, expectedStart: String) throws {
        let binary = try #require(builtSaomaBinary(), "saoma is not built beside the tests")
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try runTool(
            [binary.path, "--help"],
            environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": language, "XDG_CACHE_HOME": cache.path])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix(expectedStart), "saoma --help with LANGUAGE=\(language) printed: \(run.output.prefix(80))")
        if !language.isEmpty {
            let compiled = cache.appendingPathComponent("saoma/locale/\(language)/LC_MESSAGES/saoma.mo")
            #expect(FileManager.default.fileExists(atPath: compiled.path))
        }
    }

    /// An error message of a headless subcommand follows LANGUAGE too.
    @Test func scanErrorIsTranslated() throws {
        let binary = try #require(builtSaomaBinary(), "saoma is not built beside the tests")
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let missing = cache.appendingPathComponent("missing.png").path
        let process = Process()
        process.executableURL = binary
        process.arguments = ["scan", missing]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "zh_CN", "XDG_CACHE_HOME": cache.path,
        ]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("文件不存在"), "stderr: \(text)")
    }
}
