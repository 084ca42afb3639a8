// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds the folder holding Saoma's compiled translations (`<lang>/LC_MESSAGES/saoma.mo`).
///
/// Search order: `$SAOMA_LOCALE_DIR`; the installed `<prefix>/share/locale` next to
/// `<prefix>/bin/saoma`; in a source tree (`swift run`), `po/*.po` compiled with `msgfmt` on
/// demand into `$XDG_CACHE_HOME/saoma/locale` (recompiled when a `.po` file is newer than its
/// `.mo`); otherwise the system's `/usr/share/locale`. Call `resolve()` once at start-up and hand
/// the result to `setUpLocalization(localeDirectory:)`. Safe from any thread: it only touches files.
public enum LocaleDirectory {
    /// The system-wide locale folder, used when nothing better is found.
    public static let systemDirectory = "/usr/share/locale"

    /// The folder to bind the `saoma` text domain to.
    public static func resolve() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SAOMA_LOCALE_DIR"], !explicit.isEmpty {
            return explicit
        }
        if let prefix = DataFiles.installPrefix {
            return prefix.appendingPathComponent("share/locale").path
        }
        if let root = DataFiles.sourceTreeRoot,
            let compiled = compileSourceTreeTranslations(poDirectory: root.appendingPathComponent("po"), into: cacheDirectory())
        {
            return compiled
        }
        return systemDirectory
    }

    /// `$XDG_CACHE_HOME/saoma/locale` (or `~/.cache/saoma/locale`).
    public static func cacheDirectory() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
        return URL(fileURLWithPath: cacheHome).appendingPathComponent("saoma/locale")
    }

    /// Compiles every `<lang>.po` in `poDirectory` whose `.mo` in `target` is missing or older.
    ///
    /// Returns `target`'s path when at least one catalogue is there afterwards, else `nil`
    /// (no `po/` folder, or `msgfmt` missing). Each catalogue is written to a temporary file and
    /// renamed into place, so concurrent start-ups never read half a file.
    public static func compileSourceTreeTranslations(poDirectory: URL, into target: URL) -> String? {
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: poDirectory.path) else { return nil }
        var available = 0
        for entry in entries.sorted() where entry.hasSuffix(".po") {
            let language = String(entry.dropLast(3))
            let po = poDirectory.appendingPathComponent(entry)
            let folder = target.appendingPathComponent(language).appendingPathComponent("LC_MESSAGES")
            let mo = folder.appendingPathComponent("\(gettextDomain).mo")
            if modificationDate(mo.path) ?? .distantPast >= modificationDate(po.path) ?? .distantFuture {
                available += 1
                continue
            }
            guard (try? fm.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { continue }
            let temporary = folder.appendingPathComponent(".\(gettextDomain).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).mo")
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            compiler.arguments = ["msgfmt", "--output-file=\(temporary.path)", po.path]
            compiler.standardOutput = FileHandle.nullDevice
            compiler.standardError = FileHandle.nullDevice
            guard (try? compiler.run()) != nil else { continue }
            compiler.waitUntilExit()
            if compiler.terminationStatus == 0, rename(temporary.path, mo.path) == 0 {
                available += 1
            } else {
                try? fm.removeItem(at: temporary)
            }
        }
        return available > 0 ? target.path : nil
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
