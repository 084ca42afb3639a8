// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaTestSupport
import Testing

private let packageRoot = BuiltProducts.repository

@Suite("Locale directory and catalogues")
struct LocalizationTests {
    static let poDirectory = packageRoot.appendingPathComponent("po")

    @Test func sourceTreeCataloguesCompileIntoTheCache() throws {
        let target = try TemporaryFolder(prefix: "saoma-l10n")
        let result = LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target.url)
        #expect(result == target.url.path)
        for language in ["zh_CN", "de"] {
            #expect(
                FileManager.default.fileExists(atPath: target.path("\(language)/LC_MESSAGES/saoma.mo")),
                "\(language) catalogue not compiled")
        }
    }

    @Test func upToDateCataloguesAreNotRecompiled() throws {
        let target = try TemporaryFolder(prefix: "saoma-l10n")
        _ = LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target.url)
        let mo = target.path("zh_CN/LC_MESSAGES/saoma.mo")
        let marker = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded())  // no compile produces it now
        try FileManager.default.setAttributes([.modificationDate: marker], ofItemAtPath: mo)
        _ = LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target.url)
        let after = try FileManager.default.attributesOfItem(atPath: mo)[.modificationDate] as? Date
        #expect(after == marker)
    }

    @Test func brokenCatalogueLeavesNoFile() throws {
        let po = try TemporaryFolder(prefix: "saoma-l10n")
        let target = try TemporaryFolder(prefix: "saoma-l10n")
        try "msgid \"a\"\nmsgstr \"unterminated\n".write(toFile: po.path("xx.po"), atomically: true, encoding: .utf8)
        #expect(LocaleDirectory.compileSourceTreeTranslations(poDirectory: po.url, into: target.url) == nil)
        let folder = target.path("xx/LC_MESSAGES")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty)
    }

    @Test func missingPoFolderGivesNil() throws {
        let target = try TemporaryFolder(prefix: "saoma-l10n")
        let missing = target.url.appendingPathComponent("no-such-po")
        #expect(LocaleDirectory.compileSourceTreeTranslations(poDirectory: missing, into: target.url) == nil)
    }

    /// gettext finds the compiled catalogues for LANGUAGE=zh_CN / de (in a child process, so
    /// this test never changes the environment of the others). gettext ignores LANGUAGE under the
    /// C locale; C.UTF-8 is always installed and enough.
    @Test(arguments: [("zh_CN", "扫描二维码和条形码"), ("de", "QR-Codes und Strichcodes scannen")])
    func compiledCatalogueTranslates(language: String, expected: String) throws {
        let target = try TemporaryFolder(prefix: "saoma-l10n")
        let directory = try #require(LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target.url))
        let run = try runToolStatus(
            "/usr/bin/gettext", ["-d", gettextDomain, "Scan QR codes and barcodes"],
            environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": language, "TEXTDOMAINDIR": directory])
        #expect(run.status == 0)
        #expect(run.output == expected)
    }

    /// A word with two meanings is looked up with its context (pgettext): an event's "Title" and
    /// a person's job "Title" are different words in Chinese.
    @Test(arguments: [
        ("zh_CN", "calendar event", "标题"), ("zh_CN", "contact's job", "职务"), ("de", "calendar event", "Titel"),
        ("de", "contact's job", "Position"),
    ])
    func contextsTellMeaningsApart(language: String, context: String, expected: String) throws {
        let target = try TemporaryFolder(prefix: "saoma-l10n")
        let directory = try #require(LocaleDirectory.compileSourceTreeTranslations(poDirectory: Self.poDirectory, into: target.url))
        let run = try runToolStatus(
            "/usr/bin/gettext", ["-d", gettextDomain, "--context=\(context)", "Title"],
            environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": language, "TEXTDOMAINDIR": directory])
        #expect(run.status == 0)
        #expect(run.output == expected)
    }
}

@Suite("Localized saoma binary")
struct LocalizedBinaryTests {
    /// `saoma --help` in a fresh cache: the source tree's catalogues are compiled on demand and used.
    @Test(arguments: [("zh_CN", "用法："), ("de", "Aufruf:"), ("", "Usage:")])
    func helpIsInTheRequestedLanguage(language: String, expectedStart: String) throws {
        let cache = try TemporaryFolder(prefix: "saoma-l10n")
        let run = try runToolStatus(
            AppUnderTest.binary.path, ["--help"],
            environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": language, "XDG_CACHE_HOME": cache.url.path])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix(expectedStart), "saoma --help with LANGUAGE=\(language) printed: \(run.output.prefix(80))")
        if !language.isEmpty {
            #expect(FileManager.default.fileExists(atPath: cache.path("saoma/locale/\(language)/LC_MESSAGES/saoma.mo")))
        }
    }

    /// An error message of a headless subcommand follows LANGUAGE too.
    @Test func scanErrorIsTranslated() throws {
        let cache = try TemporaryFolder(prefix: "saoma-l10n")
        let run = try runToolStatus(
            AppUnderTest.binary.path, ["scan", cache.path("missing.png")],
            environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "zh_CN", "XDG_CACHE_HOME": cache.url.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("文件不存在"), "stderr: \(run.errors)")
    }
}

@Suite("Localized messages with placeholders")
struct LocalizedPlaceholderTests {
    /// Translated messages get their `{name}` placeholders filled; a value that looks like a
    /// placeholder (here an option named `--{template}`) is shown as it is, never filled again.
    @Test(arguments: [
        ("de", ["generate", "url", "--password", "x", "-o", "a.png"], "--password gilt nicht für die Vorlage url"),
        ("zh_CN", ["generate", "url", "--password", "x", "-o", "a.png"], "--password 不适用于 url 模板"),
        ("de", ["generate", "--{template}"], "unbekannte Option --{template}"),
        ("", ["generate", "url", "--password", "x", "-o", "a.png"], "--password does not apply to the url template"),
    ])
    func usageErrorFillsPlaceholders(language: String, arguments: [String], expected: String) throws {
        let cache = try TemporaryFolder(prefix: "saoma-l10n")
        let run = try runToolStatus(
            AppUnderTest.binary.path, arguments,
            environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": language, "XDG_CACHE_HOME": cache.url.path])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("saoma generate: \(expected) "), "stderr: \(run.errors)")
        #expect(!run.errors.contains("{option}") && !run.errors.contains("%@"), "stderr: \(run.errors)")
    }
}
