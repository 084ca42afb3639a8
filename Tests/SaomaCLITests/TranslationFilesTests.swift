// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

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

/// One message of a .po or .pot file: its msgctxt ("" when it has none), msgid, msgid_plural
/// ("" when it has none) and its translations (msgstr, or every msgstr[n] of a plural entry).
private struct CatalogueEntry {
    var context = ""
    var id = ""
    var pluralID = ""
    var translations: [String] = []

    /// Whether the message is a GLib date or time format (`g_date_time_format`, `%` conversions of
    /// its own, never a Swift format): its context says so.
    var isDateFormat: Bool { context.hasPrefix(dateFormatContextPrefix) }
}

/// How a `trc` context marks a GLib date or time format.
private let dateFormatContextPrefix = "strftime: "

/// The conversions a GLib date or time format may use in a translation: the date and the time of
/// day, numbers with or without padding, month and weekday names, AM/PM.
private let allowedDateConversions: Set<String> = [
    "%H", "%k", "%I", "%l", "%M", "%p", "%P", "%R", "%d", "%e", "%-d", "%m", "%-m", "%Y", "%y", "%b", "%B", "%a", "%A", "%-H",
    "%-I", "%-l", "%-e",
]

/// The `%` conversions of a GLib date format ("%-d.%-m.%Y" gives ["%-d", "%-m", "%Y"]).
private func dateConversions(_ format: String) -> [String] {
    guard let pattern = try? NSRegularExpression(pattern: #"%[-_0]?[A-Za-z%]"#) else { return [] }
    let matches = pattern.matches(in: format, range: NSRange(format.startIndex..., in: format))
    return matches.compactMap { Range($0.range, in: format).map { String(format[$0]) } }
}

/// The messages of a .po or .pot file, without the header entry.
private func catalogueEntries(_ text: String) -> [CatalogueEntry] {
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
    var entries: [CatalogueEntry] = []
    var entry = CatalogueEntry()
    enum Field { case none, context, id, pluralID, translation }
    var field = Field.none
    var context: String?
    func flush() {
        if !entry.id.isEmpty { entries.append(entry) }
        entry = CatalogueEntry()
        field = .none
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("msgctxt ") {
            flush()
            field = .context
            context = unquote(line)
        } else if line.hasPrefix("msgid ") {
            if field != .context { flush() }
            field = .id
            entry.context = context ?? ""
            context = nil
            entry.id = unquote(line)
        } else if line.hasPrefix("msgid_plural ") {
            field = .pluralID
            entry.pluralID = unquote(line)
        } else if line.hasPrefix("msgstr") {
            field = .translation
            entry.translations.append(unquote(line))
        } else if line.hasPrefix("\"") {
            switch field {
            case .context: context = (context ?? "") + unquote(line)
            case .id: entry.id += unquote(line)
            case .pluralID: entry.pluralID += unquote(line)
            case .translation: entry.translations[entry.translations.count - 1] += unquote(line)
            case .none: break
            }
        } else if line.hasPrefix("#~") {
            field = .none
        }
    }
    flush()
    return entries
}

/// The `{name}` placeholders of a message.
private func placeholderNames(_ message: String) -> Set<String> {
    guard let pattern = try? NSRegularExpression(pattern: #"\{[A-Za-z_][A-Za-z0-9_]*\}"#) else { return [] }
    let matches = pattern.matches(in: message, range: NSRange(message.startIndex..., in: message))
    return Set(matches.compactMap { Range($0.range, in: message).map { String(message[$0]) } })
}

/// The printf-style conversions in a message (`%@`, `%ld`, `%1$@`, `%.2f`, `%s`…); a lone `%`
/// as in "7 % recoverable" is text.
private func printfConversions(_ message: String) -> [String] {
    let conversion = #"%(?:\d+\$)?[-+#0']*\d*(?:\.\d+)?(?:hh|h|ll|l|q|z|j|t|L)?[@diouxXfFeEgGaAcsSp]"#
    guard let pattern = try? NSRegularExpression(pattern: conversion) else { return [] }
    let matches = pattern.matches(in: message, range: NSRange(message.startIndex..., in: message))
    return matches.compactMap { Range($0.range, in: message).map { String(message[$0]) } }
}

/// The desktop files whose Name, GenericName, Comment and Keywords go through the catalogues.
private let desktopTemplates = ["data/io.github.saoma.Saoma.desktop.in", "data/io.github.saoma.Saoma.WiFi.desktop.in"]

/// `template` with every language's translations merged in, as meson's `i18n.merge_file` does
/// (`msgfmt --desktop` or `--xml` over po/), written to a temporary file and read back.
private func merged(_ template: String, kind: String) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-merged-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let run = try runTool(["msgfmt", "--\(kind)", "--template=\(template)", "-d", "po", "-o", output.path])
    #expect(run.status == 0, "msgfmt --\(kind) \(template): \(run.errors)")
    return try String(contentsOf: output, encoding: .utf8)
}

/// The keys of a desktop file by section: `[section: [key (with its locale): value]]`.
private func desktopSections(_ text: String) -> [String: [String: String]] {
    var sections: [String: [String: String]] = [:]
    var section = ""
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        if line.hasPrefix("[") {
            section = String(line)
        } else if let equals = line.firstIndex(of: "=") {
            sections[section, default: [:]][String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
    }
    return sections
}

/// The mnemonic underscores of a message ("_Save", "Co_de colour", GNOME's CJK "保存(_S)"); a
/// message with more than one underscore ("SAOMA_DEVICE_DIR") or a lower-case identifier
/// ("bytes_hex") has none.
private func mnemonics(_ message: String) -> [String] {
    guard message.count < 60, message.filter({ $0 == "_" }).count == 1,
        let pattern = try? NSRegularExpression(pattern: #"(?:^|[^A-Za-z0-9])(?:[A-Z][A-Za-z]*)?_[^\s_]"#)
    else { return [] }
    let matches = pattern.matches(in: message, range: NSRange(message.startIndex..., in: message))
    return matches.compactMap { Range($0.range, in: message).map { String(message[$0]) } }
}

/// The markup a message carries: tags (`<b>`, `</span>`), entities (`&amp;`) and bare `&`.
private func markup(_ message: String) -> [String] {
    guard let pattern = try? NSRegularExpression(pattern: #"</?[A-Za-z][^<>]*>|&(?:[A-Za-z]+|#[0-9]+);|&|<"#) else { return [] }
    let matches = pattern.matches(in: message, range: NSRange(message.startIndex..., in: message))
    return matches.compactMap { Range($0.range, in: message).map { String(message[$0]) } }.sorted()
}

@Suite("Translation and data files")
struct TranslationFilesTests {
    /// Swift sources under Sources/ that call `tr("…")`, `trn("…"` or `trc("…"` (the literal
    /// possibly on a later line) outside `//` comment lines.
    static func sourcesWithTranslatableStrings() throws -> [String] {
        let call = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])tr[nc]?\(\s*#*""#)
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

    /// Also fails when a `tr(`/`trn(` call anywhere in Sources/ has a message the extractor
    /// cannot read (`--check` refuses those as `scripts/update-po` does).
    @Test func templateAndPotfilesAreFresh() throws {
        let run = try runTool(["python3", "scripts/update-po", "--check"])
        #expect(run.status == 0, "\(run.errors)")
    }

    /// Translated text has one placeholder style, `{name}` (GLibSwift's `tr(_:_:)`): a printf-style
    /// `%@` or `%ld` in a message means a call site formats with `String(format:)` again.
    @Test func messagesUseNamedPlaceholdersOnly() throws {
        let entries = catalogueEntries(try read("po/saoma.pot"))
        #expect(entries.count > 100)
        for entry in entries where !entry.isDateFormat {
            for message in [entry.id, entry.pluralID] {
                #expect(printfConversions(message).isEmpty, "“\(message)” has a printf-style placeholder; use {name} (tr(_:_:))")
            }
        }
    }

    /// GLib date and time formats (`trc("strftime: …", "%H:%M")`) use only the conversions of a
    /// date and a time of day, in the message and every translation, and keep its clock: a 24-hour
    /// format stays 24-hour, a 12-hour one keeps its AM/PM.
    @Test(arguments: ["saoma.pot"] + linguas().map { "\($0).po" })
    func dateFormatsUseDateConversionsOnly(file: String) throws {
        let formats = catalogueEntries(try read("po/\(file)")).filter(\.isDateFormat)
        #expect(formats.count >= 3, "\(file) has \(formats.count) date formats")
        for entry in formats {
            let twelveHour = Set(dateConversions(entry.id)).contains("%p")
            for format in [entry.id] + entry.translations.filter({ !$0.isEmpty }) {
                let conversions = dateConversions(format)
                #expect(Set(conversions).isSubset(of: allowedDateConversions), "\(file): “\(entry.id)” → “\(format)”")
                #expect(Set(conversions).contains("%p") == twelveHour, "\(file): “\(entry.id)” → “\(format)” changes the clock")
            }
        }
    }

    /// A translation has exactly its message's `{names}`: a lost `{file}` drops information, a
    /// misspelt or invented one is shown to the user verbatim. A plural form may use the names of
    /// either the singular or the plural message.
    @Test(arguments: linguas())
    func translationsKeepPlaceholders(language: String) throws {
        let entries = catalogueEntries(try read("po/\(language).po"))
        #expect(entries.count > 100)
        for entry in entries {
            let names = placeholderNames(entry.id).union(placeholderNames(entry.pluralID))
            for translation in entry.translations where !translation.isEmpty {
                #expect(placeholderNames(translation) == names, "\(language): “\(entry.id)” → “\(translation)”")
                if !entry.isDateFormat {
                    #expect(printfConversions(translation).isEmpty, "\(language): “\(translation)” has a printf-style placeholder")
                }
            }
        }
    }

    @Test func placeholderScansFindEveryKind() {
        let message = "wrote %@: %ld×%1$@ {file} {file} in %.2f ms, {count_2} {not a name} 7 % recoverable, 100%"
        #expect(printfConversions(message) == ["%@", "%ld", "%1$@", "%.2f"])
        #expect(placeholderNames(message) == ["{file}", "{count_2}"])
        #expect(placeholderNames("Code {index} of {count}") != placeholderNames("Code {index} of {total}"))
    }

    @Test func catalogueParserReadsPluralsAndContinuationLines() {
        let entries = catalogueEntries(
            """
            msgid ""
            msgstr "Project-Id-Version: x\\n"

            msgid "{count} byte"
            msgid_plural ""
            "{count} bytes"
            msgstr[0] "{count} Byte"
            msgstr[1] ""
            "{count} "
            "Bytes"
            """)
        #expect(entries.count == 1)
        #expect(entries.first?.context == "")
        #expect(entries.first?.id == "{count} byte")
        #expect(entries.first?.pluralID == "{count} bytes")
        #expect(entries.first?.translations == ["{count} Byte", "{count} Bytes"])
    }

    /// The languages the product promises, complete (zh_CN is the original users' language).
    static let promisedLanguages = ["zh_CN", "de", "zh_TW", "ja", "ko", "fr", "es"]

    @Test func linguasHasEveryPromisedLanguage() {
        let languages = linguas()
        for language in Self.promisedLanguages {
            #expect(languages.contains(language), "po/LINGUAS lacks \(language)")
        }
        #expect(Set(languages).count == languages.count, "po/LINGUAS lists a language twice: \(languages)")
    }

    @Test func catalogueParserKeepsContextsApart() {
        let entries = catalogueEntries(
            """
            msgctxt "calendar event"
            msgid "Title"
            msgstr "标题"

            msgctxt ""
            "contact's "
            "job"
            msgid "Title"
            msgstr "职务"

            msgid "Title"
            msgstr "题"
            """)
        #expect(entries.map(\.context) == ["calendar event", "contact's job", ""])
        #expect(entries.map(\.translations) == [["标题"], ["职务"], ["题"]])
    }

    /// One English word with two meanings has one entry per meaning: an event's "Title" is not a
    /// person's job title (职务 in zh_CN would be wrong for an event).
    @Test func oneWordTwoMeaningsHasTwoEntries() throws {
        let titles = catalogueEntries(try read("po/zh_CN.po")).filter { $0.id == "Title" }
        #expect(Set(titles.map(\.context)) == ["calendar event", "contact's job"])
        let event = titles.first { $0.context == "calendar event" }?.translations ?? []
        #expect(!event.isEmpty && !event.contains("职务"), "an event's title in zh_CN: \(event)")
    }

    /// zh_CN is the original users' language: every message translated, none fuzzy.
    @Test func simplifiedChineseIsComplete() throws {
        let run = try runTool(["msgfmt", "--statistics", "--output-file=/dev/null", "po/zh_CN.po"])
        let stats = CatalogueStatistics(parsing: run.errors)
        #expect(stats.translated > 0)
        #expect(stats.fuzzy == 0 && stats.untranslated == 0, "zh_CN: \(run.errors)")
    }

    /// Every language in LINGUAS: every message translated, none fuzzy, and `msgfmt --check`
    /// (header, format flags, plural count) clean.
    @Test(arguments: linguas())
    func languageIsComplete(language: String) throws {
        let run = try runTool(["msgfmt", "--check", "--statistics", "--output-file=/dev/null", "po/\(language).po"])
        #expect(run.status == 0, "\(language): \(run.errors)")
        let stats = CatalogueStatistics(parsing: run.errors)
        #expect(stats.translated > 100, "\(language): \(run.errors)")
        #expect(stats.fuzzy == 0 && stats.untranslated == 0, "\(language): \(run.errors)")
    }

    /// Each catalogue says which language it is and uses that language's plural rule, and every
    /// plural message has exactly as many forms as the rule counts.
    @Test(arguments: linguas())
    func headerNamesLanguageAndPluralRule(language: String) throws {
        let text = try read("po/\(language).po")
        #expect(text.contains("\"Language: \(language)\\n\""), "\(language).po does not say Language: \(language)")
        let rules = [
            "zh_CN": "nplurals=1; plural=0;", "zh_TW": "nplurals=1; plural=0;", "ja": "nplurals=1; plural=0;",
            "ko": "nplurals=1; plural=0;", "de": "nplurals=2; plural=(n != 1);", "es": "nplurals=2; plural=(n != 1);",
            "fr": "nplurals=2; plural=(n > 1);",
        ]
        let rule = try #require(rules[language], "no plural rule recorded for \(language)")
        #expect(text.contains("\"Plural-Forms: \(rule)\\n\""), "\(language).po: Plural-Forms is not \(rule)")
        let forms = rule.hasPrefix("nplurals=1") ? 1 : 2
        let plurals = catalogueEntries(text).filter { !$0.pluralID.isEmpty }
        #expect(!plurals.isEmpty)
        for entry in plurals {
            #expect(entry.translations.count == forms, "\(language): “\(entry.id)” has \(entry.translations.count) forms")
        }
    }

    /// Where a language translates the name (扫码 in zh_CN, 掃碼 in zh_TW), "Saoma" never shows in
    /// its messages, even in those whose English does not name the app (`oneAppNamePerLanguage`
    /// checks those that do).
    @Test(arguments: linguas())
    func translatedNameReplacesSaomaEverywhere(language: String) throws {
        let entries = catalogueEntries(try read("po/\(language).po"))
        let name = try #require(entries.first { $0.id == "Saoma" && $0.context.isEmpty }?.translations.first)
        #expect(!name.isEmpty, "\(language): no translation of “Saoma”")
        guard name != "Saoma" else { return }
        let word = try NSRegularExpression(pattern: #"(?<![.\w])Saoma\b"#)
        for translation in entries.flatMap(\.translations) {
            let range = NSRange(translation.startIndex..., in: translation)
            #expect(word.firstMatch(in: translation, range: range) == nil, "\(language) calls the app \(name), but: “\(translation)”")
        }
    }

    /// French typography: a non-breaking space before “:” and a narrow one before “;”, “!” and
    /// “?”, and inside « » (never an ordinary space, which lets the sign wrap to a line of its own).
    @Test func frenchUsesNonBreakingSpaces() throws {
        let entries = catalogueEntries(try read("po/fr.po"))
        let breakable = try NSRegularExpression(pattern: #"(« | »| [:;!?](\s|$))"#)
        var checked = 0
        for translation in entries.flatMap(\.translations) {
            let range = NSRange(translation.startIndex..., in: translation)
            #expect(breakable.firstMatch(in: translation, range: range) == nil, "fr: “\(translation)”")
            if translation.contains("\u{00A0}:") { checked += 1 }
        }
        #expect(checked > 50, "fr: few messages have a non-breaking space before a colon")
    }

    /// Spanish questions open with “¿” (and exclamations with “¡”).
    @Test func spanishQuestionsOpen() throws {
        let entries = catalogueEntries(try read("po/es.po"))
        for translation in entries.flatMap(\.translations) {
            #expect(translation.filter { $0 == "?" }.count <= translation.filter { $0 == "¿" }.count, "es: “\(translation)”")
            #expect(translation.filter { $0 == "!" }.count <= translation.filter { $0 == "¡" }.count, "es: “\(translation)”")
        }
    }

    /// Chinese and Japanese catalogues use full-width punctuation after their own text: an ASCII
    /// “:”, “?”, “, ” or “(” right after a CJK character is a typing slip. Left alone: GNOME's
    /// mnemonic suffix “(_O)”, the desktop keywords' “;” and option syntax such as “X,Y,宽,高”.
    @Test(arguments: linguas().filter { ["zh_CN", "zh_TW", "ja"].contains($0) })
    func cjkUsesFullWidthPunctuation(language: String) throws {
        let entries = catalogueEntries(try read("po/\(language).po"))
        let slip = try NSRegularExpression(pattern: #"[\p{Han}\p{Hiragana}\p{Katakana}](?:[:?]|, |\((?!_))"#)
        let quoted = try NSRegularExpression(pattern: #"“[^”]*”|「[^」]*」"#)
        for translation in entries.flatMap(\.translations) {
            // Quoted text shows literal output ("格式: 文本" for "FORMAT: TEXT").
            let unquoted = quoted.stringByReplacingMatches(
                in: translation, range: NSRange(translation.startIndex..., in: translation), withTemplate: "“”")
            let range = NSRange(unquoted.startIndex..., in: unquoted)
            #expect(slip.firstMatch(in: unquoted, range: range) == nil, "\(language): “\(translation)”")
        }
    }

    /// Labels set with Pango markup (toasts, libadwaita rows) break on a stray `&` or `<`: a
    /// translation carries exactly its message's tags and entities, no more.
    @Test(arguments: linguas())
    func translationsKeepMarkup(language: String) throws {
        let entries = catalogueEntries(try read("po/\(language).po"))
        #expect(entries.count > 100)
        for entry in entries {
            for translation in entry.translations where !translation.isEmpty {
                #expect(markup(translation) == markup(entry.id), "\(language): “\(entry.id)” → “\(translation)”")
            }
        }
    }

    /// A message with a mnemonic keeps exactly one (a second underscore shows literally, none
    /// loses the Alt shortcut); Chinese, Japanese and Korean put it after the label as “(_X)”.
    @Test(arguments: linguas())
    func translationsKeepMnemonics(language: String) throws {
        let entries = catalogueEntries(try read("po/\(language).po"))
        let withMnemonic = entries.filter { !mnemonics($0.id).isEmpty }
        #expect(withMnemonic.count > 20, "the mnemonic scan found few messages with one")
        let suffix = try NSRegularExpression(pattern: #"\(_[A-Z0-9]\)"#)
        for entry in withMnemonic {
            let translation = entry.translations.first ?? ""
            #expect(translation.filter { $0 == "_" }.count == 1, "\(language): “\(entry.id)” → “\(translation)”")
            if ["zh_CN", "zh_TW", "ja", "ko"].contains(language) {
                let range = NSRange(translation.startIndex..., in: translation)
                #expect(suffix.firstMatch(in: translation, range: range) != nil, "\(language): “\(translation)” lacks a (_X) mnemonic")
            }
        }
    }

    @Test func markupAndMnemonicScansFindEveryKind() {
        #expect(mnemonics("_Save") == ["_S"])
        #expect(mnemonics("Co_de colour") == ["Co_d"])
        #expect(mnemonics("保存(_S)") == ["(_S"])
        #expect(mnemonics("line {line}: bytes_hex is not hexadecimal").isEmpty)
        #expect(mnemonics("SAOMA_DEVICE_DIR overrides").isEmpty)
        #expect(markup("<b>{name}</b> & co &amp; 1 < 2") == ["&", "&amp;", "<", "</b>", "<b>"])
        #expect(markup("Tom’s “code”").isEmpty)
    }

    /// Every language names the desktop entries and their actions: Name, GenericName, Comment
    /// and Keywords merged as the build merges them, none empty, keyword lists ending in “;”.
    @Test(arguments: desktopTemplates)
    func desktopEntriesAreTranslated(template: String) throws {
        let sections = desktopSections(try merged(template, kind: "desktop"))
        #expect(sections["[Desktop Entry]"]?["Name"] != nil, "\(template): no [Desktop Entry] Name")
        var checked = 0
        for (section, keys) in sections {
            for key in ["Name", "GenericName", "Comment", "Keywords"] where keys[key] != nil {
                for language in linguas() {
                    let value = keys["\(key)[\(language)]"] ?? ""
                    #expect(!value.isEmpty, "\(template) \(section): no \(key)[\(language)]")
                    if key == "Keywords" { #expect(value.hasSuffix(";"), "\(template): Keywords[\(language)] does not end with “;”") }
                    checked += 1
                }
            }
        }
        #expect(checked >= 2 * linguas().count)
    }

    /// Every language has each translatable element of the metainfo (appstream's ITS rules: name,
    /// summary, developer name, keywords, captions, and the paragraphs and items of the
    /// descriptions, the releases' included) as the build merges it, none empty.
    @Test func metainfoIsTranslated() throws {
        let text = try merged("data/io.github.saoma.Saoma.metainfo.xml.in", kind: "xml")
        let document = try XMLDocument(xmlString: text)
        let translatable = try document.nodes(
            forXPath: "/component/name | /component/summary | /component/developer_name | /component/keywords/keyword"
                + " | /component/screenshots/screenshot/caption | //description//p | //description//li")
        var checked = 0
        for case let element as XMLElement in translatable
        where element.attribute(forName: "xml:lang") == nil && element.attribute(forName: "translate")?.stringValue != "no" {
            let original = element.stringValue ?? ""
            // Its translations are the elements right after it that carry an xml:lang.
            let siblings = (element.parent?.children ?? []).compactMap { $0 as? XMLElement }
            let start = (siblings.firstIndex { $0 === element } ?? siblings.endIndex) + 1
            let translations = siblings[min(start, siblings.endIndex)...].prefix {
                $0.name == element.name && $0.attribute(forName: "xml:lang") != nil
            }
            for language in linguas() {
                let translation = translations.first { $0.attribute(forName: "xml:lang")?.stringValue == language }?.stringValue ?? ""
                #expect(
                    !translation.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                    "metainfo <\(element.name ?? "")> “\(original.prefix(60))” has no \(language) translation")
            }
            checked += 1
        }
        #expect(checked > 20, "the metainfo scan found \(checked) translatable elements")
    }

    /// The settings' summaries and descriptions are translated at run time (the schema's
    /// gettext-domain): each is a message of the template, translated in every language.
    @Test func schemaTextsAreTranslated() throws {
        let schema = try read("data/io.github.saoma.Saoma.gschema.xml")
        #expect(schema.contains("gettext-domain=\"saoma\""), "the schema names no gettext-domain")
        let document = try XMLDocument(xmlString: schema)
        let texts = try document.nodes(forXPath: "//key/summary | //key/description").compactMap(\.stringValue)
        #expect(texts.count > 10)
        for language in linguas() {
            let translations = Dictionary(
                catalogueEntries(try read("po/\(language).po")).map { ($0.id, $0.translations.first ?? "") },
                uniquingKeysWith: { a, _ in a })
            for text in texts {
                #expect(translations[text]?.isEmpty == false, "\(language): the schema's “\(text.prefix(60))” is not translated")
            }
        }
    }

    /// One app name per language: every translation of a message naming the app uses the name
    /// the language gives it (the translation of "Saoma": 扫码 in zh_CN), as the desktop file does.
    @Test(arguments: linguas())
    func oneAppNamePerLanguage(language: String) throws {
        let entries = catalogueEntries(try read("po/\(language).po"))
        let name = try #require(entries.first { $0.id == "Saoma" && $0.context.isEmpty }?.translations.first)
        guard let word = try? NSRegularExpression(pattern: #"(?<![.\w])Saoma\b"#) else { return }
        for entry in entries where entry.id != "Saoma" {
            let named = word.firstMatch(in: entry.id, range: NSRange(entry.id.startIndex..., in: entry.id)) != nil
            for translation in entry.translations where named && !translation.isEmpty {
                #expect(translation.contains(name), "\(language): “\(translation)” does not call the app \(name)")
                if name != "Saoma" {
                    let other = word.firstMatch(in: translation, range: NSRange(translation.startIndex..., in: translation)) != nil
                    #expect(!other, "\(language): “\(translation)” calls the app Saoma, not \(name)")
                }
            }
        }
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

/// One message `scripts/update-po --extract` found.
struct ExtractedMessage: Decodable, Equatable, Sendable, CustomStringConvertible {
    let msgctxt: String?
    let msgid: String
    let msgidPlural: String?
    var description: String { (msgctxt.map { "[\($0)] " } ?? "") + (msgidPlural.map { "\(msgid) | \($0)" } ?? msgid) }

    init(_ msgid: String, plural: String? = nil, context: String? = nil) {
        msgctxt = context
        self.msgid = msgid
        msgidPlural = plural
    }

    enum CodingKeys: String, CodingKey {
        case msgctxt
        case msgid
        case msgidPlural = "msgid_plural"
    }
}

/// Runs the extractor of scripts/update-po on `swift` (written to a temporary file).
private func extract(_ swift: String) throws -> (messages: [ExtractedMessage], status: Int32?, errors: String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("saoma-extract-\(UUID().uuidString).swift")
    try swift.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try runTool(["python3", "scripts/update-po", "--extract", file.path])
    let messages = try run.output.split(separator: "\n").map { try JSONDecoder().decode(ExtractedMessage.self, from: Data($0.utf8)) }
    return (messages, run.status, run.errors)
}

/// scripts/update-po keeps its own Swift lexer (xgettext's C parser cannot read multi-line
/// literals; see the script's note): these rows are what it must read, skip and refuse.
@Suite("Translation extraction (scripts/update-po's Swift lexer)")
struct TranslationExtractionTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let swift: String
        let messages: [ExtractedMessage]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "a plain call", swift: #"let a = tr("Open")"#, messages: [ExtractedMessage("Open")]),
        Row(
            name: "escapes", swift: #"let a = tr("say \"hi\"\n\t\\ \u{263A} \u{1F600}")"#,
            messages: [ExtractedMessage("say \"hi\"\n\t\\ \u{263A} \u{1F600}")]),
        Row(name: "CJK and typographic quotes", swift: #"tr("扫码 “{name}”", ["name": n])"#, messages: [ExtractedMessage("扫码 “{name}”")]),
        Row(
            name: "a call inside another call's values",
            swift: #"tr("Saved {file} ({state})", ["file": f, "state": ok ? tr("on") : tr("off")])"#,
            messages: [ExtractedMessage("Saved {file} ({state})"), ExtractedMessage("on"), ExtractedMessage("off")]),
        Row(
            name: "a call over several lines",
            swift: """
                return tr(
                    "Open {host}?",
                    ["host": host])
                """,
            messages: [ExtractedMessage("Open {host}?")]),
        Row(
            name: "a plural", swift: #"trn("{count} code", "{count} codes", n)"#,
            messages: [ExtractedMessage("{count} code", plural: "{count} codes")]),
        Row(
            name: "a plural over several lines",
            swift: """
                trn(
                    "The link is very long ({count} character).",
                    "The link is very long ({count} characters).", length)
                """,
            messages: [
                ExtractedMessage("The link is very long ({count} character).", plural: "The link is very long ({count} characters).")
            ]),
        Row(
            name: "a multi-line literal: indentation stripped, escaped line break joined",
            swift: #"""
                let help = tr(
                    """
                    Usage: saoma \
                    scan FILE
                      --json   "JSON"
                    """)
                """#,
            messages: [ExtractedMessage("Usage: saoma scan FILE\n  --json   \"JSON\"")]),
        Row(
            name: "one word in two contexts",
            swift: #"""
                let event = trc("calendar event", "Title")
                let person = trc(
                    "contact's job",
                    "Title")
                let copy = trc("calendar event", "Copy {what}", ["what": w])
                """#,
            messages: [
                ExtractedMessage("Title", context: "calendar event"), ExtractedMessage("Title", context: "contact's job"),
                ExtractedMessage("Copy {what}", context: "calendar event"),
            ]),
        Row(
            name: "a GLib date format in a context",
            swift: #"let f = trc("strftime: a time of day, 24-hour clock", "%H:%M")"#,
            messages: [ExtractedMessage("%H:%M", context: "strftime: a time of day, 24-hour clock")]),
        Row(
            name: "a call inside an interpolation", swift: #"let s = "\(count): \(tr("codes"))""#, messages: [ExtractedMessage("codes")]),
        Row(
            name: "comments, strings, members, declarations and longer names are not calls",
            swift: #"""
                // tr("line comment")
                /* tr("block") /* nested tr("inner") */ still tr("comment") */
                let a = "tr(\"in a string\")"
                let b = #"raw "tr("in a raw string")" text"#
                let c = """
                    tr("in a multi-line string")
                    """
                let d = object.tr("member")
                let e = xtr("longer name") + trnx("longer") + trcx("longer", "too")
                public func tr(_ message: String) -> String { message }
                func trn(_ s: String, _ p: String, _ n: Int) -> String { s }
                public func trc(_ context: String, _ message: String) -> String { message }
                let f = tr("real")
                """#,
            messages: [ExtractedMessage("real")]),
    ]

    @Test(arguments: rows)
    func extractsMessages(row: Row) throws {
        let result = try extract(row.swift)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.messages == row.messages)
    }

    /// Calls the lexer cannot read fail loudly, naming the line; they are never skipped.
    @Test(arguments: [
        (#"tr("Scanned \(count) codes")"#, "tr()"),
        (#"tr(message)"#, "tr()"),
        (#"tr("Cannot " + "write")"#, "tr()"),
        (##"tr(#"raw"#)"##, "tr()"),
        ("tr(\"\"\"\n    \\(count) codes\n    \"\"\")", "tr()"),
        (#"trn("{count} code", plural, n)"#, "trn()"),
        (#"trn(singular, "{count} codes", n)"#, "trn()"),
        (#"trc(context, "Title")"#, "trc()"),
        (#"trc("event \(kind)", "Title")"#, "trc()"),
        (#"trc("event", title)"#, "trc()"),
        (#"trc("Title")"#, "trc()"),
    ])
    func refusesCallsItCannotRead(swift: String, keyword: String) throws {
        let result = try extract("let ok = tr(\"fine\")\nlet bad = \(swift)\n")
        #expect(result.status == 1)
        #expect(result.errors.contains(":2: \(keyword) needs"), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
    }

    /// A values table written as a dictionary literal (or left out) must fill exactly the
    /// message's `{names}` (`trn` fills `{count}` itself): a misspelt name would be shown verbatim.
    /// `error` lists the expected messages, separated by `|`.
    @Test(arguments: [
        (#"tr("Saved {file}", ["file": f])"#, ""),
        (#"tr("{pixels} × {pixels}", ["pixels": String(p)])"#, ""),
        (#"tr("{a} {b}", ["a": x ? "1" : "2", /* "c": 3, */ "b": "\(y)"])"#, ""),
        (#"tr("Saved {file}", values)"#, ""),
        (#"trn("{count} row in {file}", "{count} rows in {file}", rows.count, ["file": tr("x {y}", ["y": "]"])])"#, ""),
        (#"trn("{count} row", "{count} rows", f(a, [b]))"#, ""),
        (#"tr("Saved {flie}", ["file": f])"#, "tr() has no value for {flie}|tr() has a value for {file}, which its message does not have"),
        (#"tr("Saved {file}")"#, "tr() has no value for {file}"),
        (#"tr("Saved {file}", [:])"#, "tr() has no value for {file}"),
        (#"tr("Saved", ["file": f])"#, "tr() has a value for {file}, which its message does not have"),
        (#"trn("{count} row {x}", "{count} rows", n)"#, "trn() has no value for {x}"),
        (#"trn("{count} row", "{count} rows", n, ["x": "1"])"#, "trn() has a value for {x}, which its message does not have"),
        (#"trc("the {kind} of a {thing}", "Saved {file}", ["file": f])"#, ""),
        (#"trc("event", "Saved {file}")"#, "trc() has no value for {file}"),
    ])
    func valuesMatchPlaceholders(swift: String, error: String) throws {
        let result = try extract("let ok = tr(\"fine\")\nlet call = \(swift)\n")
        if error.isEmpty {
            #expect(result.status == 0, "\(result.errors)")
        } else {
            #expect(result.status == 1)
            let lines = result.errors.split(separator: "\n").map { $0.components(separatedBy: ":2: ").last ?? "" }
            #expect(lines == error.components(separatedBy: "|"), "\(result.errors)")
        }
    }
}
