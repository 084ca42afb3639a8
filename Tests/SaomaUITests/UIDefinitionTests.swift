// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaTestSupport
import XCTest

@testable import SaomaUI

private let packageRoot = BuiltProducts.repository

/// The GtkBuilder files in data/ui: each parses with this GTK and libadwaita, holds no signal
/// handlers, is loaded by some Swift source and has every id that source looks up; a missing or
/// broken file is a one-line error, never a crash; the shortcuts window shows the keys the
/// application binds.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class UIDefinitionTests: XCTestCase {
    /// Every `.ui` file in data/ui, by name.
    private static func uiFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("data/ui").path)
            .filter { $0.hasSuffix(".ui") }.sorted()
    }

    /// Each Swift source under Sources/ that loads a `.ui` file: the file's name and the ids the
    /// source looks up in it (`.widget("id"` and `.object("id"` calls).
    private static func lookups() throws -> [(source: String, file: String, ids: Set<String>)] {
        let load = try NSRegularExpression(pattern: #"UIDefinition\(named: "([^"]+)"\)"#)
        let lookup = try NSRegularExpression(pattern: #"\.(?:widget|object)\("([^"]+)""#)
        var out: [(String, String, Set<String>)] = []
        let enumerator = FileManager.default.enumerator(at: packageRoot.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            let files = load.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
            guard !files.isEmpty else { continue }
            XCTAssertEqual(Set(files).count, 1, "\(url.lastPathComponent) loads several .ui files: its lookups cannot be checked")
            let ids = lookup.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
            out.append((url.lastPathComponent, files[0], Set(ids)))
        }
        return out
    }

    func testEveryFileParsesAndHoldsNoSignalHandlers() throws {
        try MainActor.assumeIsolated {
            try InProcessGtk.start()
            let files = try Self.uiFiles()
            XCTAssertFalse(files.isEmpty, "data/ui holds no .ui file: the listing is broken")
            for name in files {
                let path = packageRoot.appendingPathComponent("data/ui/\(name)").path
                let definition = try UIDefinition(path: path)
                XCTAssertFalse(definition.ids.isEmpty, "\(name) has no object with an id")
                let text = try String(contentsOfFile: path, encoding: .utf8)
                XCTAssertFalse(text.contains("<signal"), "\(name) connects a signal: Swift connects behaviour")
                XCTAssertTrue(text.contains("SPDX-License-Identifier: GPL-3.0-or-later"), "\(name) has no SPDX line")
                for window in definition.ids.compactMap({ try? definition.widget($0, isA: gtk_window_get_type()) }) {
                    gtk_window_destroy(gcast(window))
                }
            }
        }
    }

    func testEveryIdTheSourcesLookUpExists() throws {
        try MainActor.assumeIsolated {
            try InProcessGtk.start()
            let lookups = try Self.lookups()
            XCTAssertFalse(lookups.isEmpty, "no source loads a .ui file: the scan is broken")
            for (source, file, ids) in lookups {
                XCTAssertFalse(ids.isEmpty, "\(source) loads \(file) and looks nothing up")
                let definition = try UIDefinition(path: packageRoot.appendingPathComponent("data/ui/\(file)").path)
                let missing = ids.subtracting(definition.ids)
                XCTAssertTrue(missing.isEmpty, "\(source) looks up \(missing.sorted()) in \(file), which has \(definition.ids)")
                for window in definition.ids.compactMap({ try? definition.widget($0, isA: gtk_window_get_type()) }) {
                    gtk_window_destroy(gcast(window))
                }
            }
            let loaded = Set(lookups.map(\.file))
            for name in try Self.uiFiles() { XCTAssertTrue(loaded.contains(name), "data/ui/\(name) is loaded by no source") }
        }
    }

    func testTheFilesAreListedForTranslationAndInstalled() throws {
        let potfiles = try String(contentsOf: packageRoot.appendingPathComponent("po/POTFILES.in"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let meson = try String(contentsOf: packageRoot.appendingPathComponent("meson-wrapper/meson.build"), encoding: .utf8)
        for name in try Self.uiFiles() {
            XCTAssertTrue(potfiles.contains("data/ui/\(name)"), "po/POTFILES.in lacks data/ui/\(name); run scripts/update-po")
            XCTAssertTrue(meson.contains("data_dir / 'ui/\(name)'"), "meson-wrapper/meson.build does not install data/ui/\(name)")
        }
    }

    func testAMissingFileIsOneLineNamingIt() throws {
        try MainActor.assumeIsolated {
            try InProcessGtk.start()
            XCTAssertThrowsError(try UIDefinition(named: "no-such-page.ui")) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("ui/no-such-page.ui was not found (searched: "), message)
                XCTAssertFalse(message.contains("\n"), message)
            }
            XCTAssertThrowsError(try UIDefinition(path: "/nonexistent/page.ui")) { error in
                XCTAssertTrue("\(error)".hasPrefix("/nonexistent/page.ui cannot be used: "), "\(error)")
            }
            // A path from the environment with escape sequences and line breaks, and a very long one.
            XCTAssertThrowsError(try UIDefinition(path: "/nonexistent/\u{1B}]52;c;eA==\u{07}\npage.ui")) { error in
                XCTAssertEqual("\(error)", "/nonexistent/ ]52;c;eA==  page.ui cannot be used: No such file or directory")
            }
            XCTAssertThrowsError(try UIDefinition(path: "/nonexistent/" + String(repeating: "x", count: 100_000))) { error in
                XCTAssertLessThanOrEqual("\(error)".count, 601, "a message of \("\(error)".count) characters")
            }
        }
    }

    /// A file GtkBuilder refuses (cut short, a property this GTK lacks, a class nobody registered)
    /// is an error of one line naming the file, and the window it had begun is gone.
    func testABrokenFileIsOneLineAndLeavesNoWindow() throws {
        try MainActor.assumeIsolated {
            try InProcessGtk.start()
            let folder = try TemporaryFolder(prefix: "saoma-ui")
            let window = #"<object class="GtkWindow" id="window"><property name="title">Broken</property>"#
            let broken = [
                "cut-short.ui": #"<?xml version="1.0"?><interface>"# + window,
                "no-such-property.ui": "<interface>" + window + #"<property name="no-such-property">1</property></object></interface>"#,
                "no-such-class.ui": "<interface>" + window
                    + #"<child><object class="SaomaNoSuchWidget" id="x"/></child></object></interface>"#,
                "control-characters.ui": "<interface>" + window + "<property name=\"wrap\u{1B}[31m\n\">1</property></object></interface>",
            ]
            var files = broken.mapValues { Data($0.utf8) }
            files["latin-1.ui"] = Data("<interface><!-- caf".utf8) + Data([0xE9]) + Data(" --></interface>".utf8)
            files["nul.ui"] = Data("<interface>\0</interface>".utf8)
            files["too-large.ui"] =
                Data("<interface>".utf8) + Data(repeating: 0x20, count: UIDefinition.maximumFileSize) + Data("</interface>".utf8)
            let before = Self.toplevelCount()
            for (name, data) in files {
                let path = try folder.write(data, as: name)
                XCTAssertThrowsError(try UIDefinition(path: path), name) { error in
                    let message = "\(error)"
                    XCTAssertTrue(message.hasPrefix("\(path) cannot be used: "), message)
                    XCTAssertFalse(message.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) }, message)
                }
            }
            // A named pipe with no writer where the file belongs: refused at once, never read.
            let fifo = folder.path("fifo.ui")
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            XCTAssertThrowsError(try UIDefinition(path: fifo)) { error in
                XCTAssertEqual("\(error)", "\(fifo) cannot be used: it is not a regular file")
            }
            InProcessGtk.flush()
            XCTAssertEqual(Self.toplevelCount(), before, "a refused file left a window behind")
        }
    }

    func testAMissingIdOrAnotherClassIsAnError() throws {
        try MainActor.assumeIsolated {
            try InProcessGtk.start()
            let definition = try UIDefinition(named: "preferences.ui")
            defer { if let window = try? definition.widget("window") { gtk_window_destroy(gcast(window)) } }
            XCTAssertThrowsError(try definition.widget("no-such-id")) { error in
                XCTAssertTrue("\(error)".hasSuffix("preferences.ui has no object with id “no-such-id”"), "\(error)")
            }
            XCTAssertThrowsError(try definition.widget("kinds-row", isA: gtk_switch_get_type())) { error in
                XCTAssertTrue("\(error)".hasSuffix("the object “kinds-row” is a AdwActionRow, not a GtkSwitch"), "\(error)")
            }
            XCTAssertNoThrow(try definition.widget("kinds-row", isA: adw_action_row_get_type()))
        }
    }

    /// With a broken preferences.ui first on the data path, Preferences does not open (and the
    /// process goes on); with the real one, it does.
    func testPreferencesDoNotOpenFromABrokenFile() throws {
        try MainActor.assumeIsolated {
            setenv("GSETTINGS_BACKEND", "memory", 0)
            try InProcessGtk.start()
            let folder = try TemporaryFolder(prefix: "saoma-ui")
            try FileManager.default.createDirectory(atPath: folder.path("ui"), withIntermediateDirectories: true)
            try folder.write(Data("<interface><object class=\"AdwPreferencesWindow\" id=\"window\">".utf8), as: "ui/preferences.ui")
            let before = Self.toplevelCount()
            setenv("SAOMA_DATA_DIR", folder.path, 1)
            let refused = PreferencesWindow.present(parent: nil)
            // A file GtkBuilder takes but that lacks an id the code looks up: the window it made goes too.
            let real = try String(contentsOf: packageRoot.appendingPathComponent("data/ui/preferences.ui"), encoding: .utf8)
            try folder.write(Data(real.replacingOccurrences(of: "id=\"kinds-back\"", with: "id=\"other\"").utf8), as: "ui/preferences.ui")
            let lacking = PreferencesWindow.present(parent: nil)
            unsetenv("SAOMA_DATA_DIR")
            XCTAssertNil(refused)
            XCTAssertNil(lacking)
            InProcessGtk.flush()
            XCTAssertEqual(Self.toplevelCount(), before, "a window of a file given up on stayed")
            let opened = try XCTUnwrap(PreferencesWindow.present(parent: nil))
            XCTAssertTrue(InProcessGtk.iterate { gtk_widget_get_mapped(opened.window) != 0 })
            gtk_window_destroy(gcast(opened.window))
        }
    }

    /// Attached to an application's window, the shortcuts window shows for each row the keys
    /// `Accelerators` binds to its action, every action once.
    func testTheShortcutsWindowShowsTheApplicationsKeys() throws {
        try MainActor.assumeIsolated {
            try InProcessGtk.start()
            // No session bus for this process's application: GLib would otherwise try to start one.
            setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 0)
            let app = try XCTUnwrap(gtk_application_new("io.github.saoma.Saoma.ShortcutsTest", G_APPLICATION_NON_UNIQUE))
            defer { g_object_unref(app) }
            var error: UnsafeMutablePointer<GError>?
            XCTAssertNotEqual(g_application_register(gcast(UnsafeMutableRawPointer(app)), nil, &error), 0)
            g_clear_error(&error)
            Accelerators.install(on: app)
            let window = try XCTUnwrap(gtk_application_window_new(app))
            defer { gtk_window_destroy(gcast(window)) }
            ShortcutsWindow.attach(to: UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkApplicationWindow.self))
            let overlay = try XCTUnwrap(gtk_application_window_get_help_overlay(gcast(window)))
            // The sections' rows, not the copies GTK makes for the window's search.
            let shortcuts = InProcessGtk.descendants(of: UnsafeMutableRawPointer(overlay).assumingMemoryBound(to: GtkWidget.self))
                .filter { InProcessGtk.isA(UnsafeMutableRawPointer($0), gtk_shortcuts_section_get_type()) }
                .flatMap(InProcessGtk.descendants).filter {
                    InProcessGtk.isA(UnsafeMutableRawPointer($0), gtk_shortcuts_shortcut_get_type())
                }
            var shown: [String: String] = [:]
            for shortcut in shortcuts {
                let action = Self.stringProperty(shortcut, "action-name")
                let label = try XCTUnwrap(
                    InProcessGtk.descendants(of: shortcut).first {
                        InProcessGtk.isA(UnsafeMutableRawPointer($0), gtk_shortcut_label_get_type())
                    })
                XCTAssertNil(shown[action], "\(action) is shown twice")
                shown[action] = gtk_shortcut_label_get_accelerator(OpaquePointer(label)).map { String(cString: $0) } ?? ""
                XCTAssertFalse(Self.stringProperty(shortcut, "title").isEmpty, "\(action) has no title")
            }
            XCTAssertEqual(Set(shown.keys), Set(Accelerators.bindings.map(\.action)))
            for binding in Accelerators.bindings {
                let keys = (shown[binding.action] ?? "").split(separator: " ").map { AcceleratorTests.parse(String($0)) }
                XCTAssertEqual(
                    keys, binding.accelerators.map(AcceleratorTests.parse), "\(binding.action) shows \(shown[binding.action] ?? "")")
            }
        }
    }

    @MainActor
    private static func toplevelCount() -> Int {
        guard let list = gtk_window_list_toplevels() else { return 0 }
        defer { g_list_free(list) }
        return Int(g_list_length(list))
    }

    @MainActor
    private static func stringProperty(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String) -> String {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))
        defer { g_value_unset(&value) }
        g_object_get_property(gcast(UnsafeMutableRawPointer(object)), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }
}
