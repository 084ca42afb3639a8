// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

/// The repository root.
private let packageRoot = BuiltProducts.repository

/// Runs `arguments` through `/usr/bin/env` in the package root and waits for it.
private func runTool(_ arguments: [String], environment: [String: String] = [:]) throws -> ToolRun {
    try runToolStatus("/usr/bin/env", arguments, environment: environment, directory: packageRoot.path)
}

private func read(_ relativePath: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
}

/// Languages listed in po/LINGUAS.
private func linguas() -> [String] {
    let text = (try? read("po/LINGUAS")) ?? ""
    return text.split(separator: "\n").flatMap { line in
        line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?.split(separator: " ").map(String.init) ?? []
    }
}

/// Counts from `msgfmt --statistics` ("12 translated messages, 1 fuzzy translation, 3 untranslated messages.").
private struct CatalogueStatistics {
    var translated = 0
    var fuzzy = 0
    var untranslated = 0

    init(parsing text: String) {
        for part in text.split(separator: ",") {
            let words = part.split(separator: " ")
            guard let number = words.first.flatMap({ Int($0) }) else { continue }
            if part.contains("untranslated") {
                untranslated = number
            } else if part.contains("fuzzy") {
                fuzzy = number
            } else if part.contains("translated") {
                translated = number
            }
        }
    }
}

/// The (msgid, msgstr) pairs of a .po file; plural entries give their first form.
private func catalogueEntries(_ text: String) -> [(id: String, translation: String)] {
    func unquote(_ line: Substring) -> String {
        guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { return "" }
        var out = ""
        var escaped = false
        for character in line[line.index(after: first)..<last] {
            if escaped {
                out.append(["n": "\n", "t": "\t", "\"": "\"", "\\": "\\"][character] ?? character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
    var entries: [(String, String)] = []
    var id = ""
    var translation = ""
    var field = ""
    func flush() {
        if !id.isEmpty { entries.append((id, translation)) }
        id = ""
        translation = ""
        field = ""
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("msgid ") {
            flush()
            field = "id"
            id = unquote(line)
        } else if line.hasPrefix("msgstr ") || line.hasPrefix("msgstr[0] ") {
            field = "str"
            translation = unquote(line)
        } else if line.hasPrefix("msgid_plural") || line.hasPrefix("msgstr[") || line.hasPrefix("#") {
            field = line.hasPrefix("#") ? field : ""
        } else if line.hasPrefix("\"") {
            if field == "id" { id += unquote(line) } else if field == "str" { translation += unquote(line) }
        }
    }
    flush()
    return entries
}

/// The format placeholders of a message (`%@`, `%ld`, `%1$@`, `{name}`), sorted.
private func placeholders(_ message: String) -> [String] {
    guard let pattern = try? NSRegularExpression(pattern: #"%(?:\d+\$)?(?:@|l{0,2}[dui]|(?:\.\d+)?[sf])|\{[A-Za-z_]+\}"#) else { return [] }
    let matches = pattern.matches(in: message, range: NSRange(message.startIndex..., in: message))
    return matches.compactMap {
        Range($0.range, in: message).map { String(message[$0]).replacingOccurrences(of: #"\d+\$"#, with: "", options: .regularExpression) }
    }
    .sorted()
}

@Suite("Translation and data files")
struct TranslationFilesTests {
    /// Swift sources under Sources/ that call `tr("…")` or `trn("…"` (the literal possibly on a
    /// later line) outside `//` comment lines.
    static func sourcesWithTranslatableStrings() throws -> [String] {
        let call = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])trn?\(\s*#*""#)
        let sources = packageRoot.appendingPathComponent("Sources")
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            if call.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                found.append(String(url.standardizedFileURL.path.dropFirst(packageRoot.standardizedFileURL.path.count + 1)))
            }
        }
        return found.sorted()
    }

    static func potfiles() throws -> [String] {
        try read("po/POTFILES.in").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test func potfilesListsEverySourceWithTranslatableStrings() throws {
        let listed = Set(try Self.potfiles())
        let sources = try Self.sourcesWithTranslatableStrings()
        #expect(!sources.isEmpty, "no source calls tr(\"…\"); the scan is broken")
        let missing = sources.filter { !listed.contains($0) }
        #expect(missing.isEmpty, "po/POTFILES.in lacks \(missing); run scripts/update-po")
    }

    @Test func potfilesListsOnlyExistingFiles() throws {
        for path in try Self.potfiles() {
            #expect(
                FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "POTFILES.in lists missing \(path)")
        }
    }

    @Test func templateAndPotfilesAreFresh() throws {
        let run = try runTool(["python3", "scripts/update-po", "--check"])
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test func linguasHasSimplifiedChineseAndAnotherLanguage() {
        let languages = linguas()
        #expect(languages.contains("zh_CN"))
        #expect(languages.count >= 2)
    }

    /// A translation keeps every placeholder of its message: `String(format:)` with a missing or
    /// extra `%@` crashes, and a lost `{file}` drops information.
    @Test(arguments: linguas())
    func translationsKeepPlaceholders(language: String) throws {
        let entries = catalogueEntries(try read("po/\(language).po"))
        #expect(entries.count > 10)
        for entry in entries where !entry.translation.isEmpty {
            #expect(placeholders(entry.translation) == placeholders(entry.id), "\(language): “\(entry.id)” → “\(entry.translation)”")
        }
    }

    @Test func placeholderScanFindsEveryKind() {
        #expect(placeholders("wrote %@: %ld×%1$@ {file} in %.2f ms, 30 % done") == ["%.2f", "%@", "%@", "%ld", "{file}"])
    }

    /// zh_CN is the original users' language: every message translated, none fuzzy.
    @Test func simplifiedChineseIsComplete() throws {
        let run = try runTool(["msgfmt", "--statistics", "--output-file=/dev/null", "po/zh_CN.po"])
        let stats = CatalogueStatistics(parsing: run.errors)
        #expect(stats.translated > 0)
        #expect(stats.fuzzy == 0 && stats.untranslated == 0, "zh_CN: \(run.errors)")
    }

    /// Every other language: no fuzzy entries and at least 90 % translated.
    @Test(arguments: linguas().filter { $0 != "zh_CN" })
    func otherLanguagesAreNearlyComplete(language: String) throws {
        let run = try runTool(["msgfmt", "--statistics", "--output-file=/dev/null", "po/\(language).po"])
        let stats = CatalogueStatistics(parsing: run.errors)
        let total = stats.translated + stats.fuzzy + stats.untranslated
        #expect(total > 0)
        #expect(stats.fuzzy == 0, "\(language): \(run.errors)")
        #expect(stats.translated * 10 >= total * 9, "\(language): \(run.errors)")
    }

    /// The UI terms of the original (Chinese) design documents appear in the translations.
    @Test(arguments: ["扫码", "二维码", "生成"])
    func chineseUsesSeedTerm(term: String) throws {
        let translations = try read("po/zh_CN.po").split(separator: "\n").filter { $0.hasPrefix("msgstr") }
        #expect(translations.contains { $0.contains(term) }, "no zh_CN translation uses \(term)")
    }

    @Test func versionAgreesEverywhere() throws {
        let meson = try read("meson-wrapper/meson.build")
        #expect(
            meson.contains("version: '\(saomaReleaseVersion)'"), "meson-wrapper/meson.build version differs from \(saomaReleaseVersion)")
        let metainfo = try read("data/io.github.saoma.Saoma.metainfo.xml.in")
        let firstRelease = metainfo.range(of: "<release version=\"").map { metainfo[$0.upperBound...].prefix { $0 != "\"" } }
        #expect(firstRelease.map(String.init) == saomaReleaseVersion, "newest metainfo release is not \(saomaReleaseVersion)")
    }

    /// Every screenshot the metainfo shows is one the end-to-end tests keep in docs/screenshots.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("docs/screenshots").path)))
    func metainfoScreenshotsExist() throws {
        let metainfo = try read("data/io.github.saoma.Saoma.metainfo.xml.in")
        let prefix = "https://raw.githubusercontent.com/saoma/saoma/main/"
        let images = metainfo.components(separatedBy: "<image>").dropFirst().compactMap { $0.components(separatedBy: "</image>").first }
        #expect(images.count >= 3)
        for image in images {
            #expect(image.hasPrefix(prefix), "\(image) is not in the repository")
            let path = String(image.dropFirst(prefix.count))
            #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "missing \(path)")
        }
    }
}
