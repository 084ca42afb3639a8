// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaTestSupport
import SaomaUI
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

private let packageRoot = BuiltProducts.repository

@Suite("Detection sound")
@MainActor
struct DetectionSoundTests {
    static let soundPath = packageRoot.appendingPathComponent("data/sounds/detected.wav").path

    @Test func disabledSettingPlaysNothing() {
        let sound = DetectionSound(path: Self.soundPath, isEnabled: { false }, hasAudioOutput: { true })
        #expect(sound.play() == .disabled)
        #expect(!sound.isLoaded)
    }

    @Test func noAudioOutputIsSkippedQuietly() {
        let sound = DetectionSound(path: Self.soundPath, isEnabled: { true }, hasAudioOutput: { false })
        #expect(sound.play() == .noAudioOutput)
        #expect(!sound.isLoaded)
    }

    @Test func missingFileIsUnavailableOnce() {
        var asked = 0
        let sound = DetectionSound(
            path: "/nonexistent/detected.wav", isEnabled: { true },
            hasAudioOutput: {
                asked += 1
                return true
            })
        #expect(sound.play() == .unavailable)
        #expect(sound.play() == .unavailable)
        #expect(asked == 1, "a broken sound should stop probing")
    }

    /// With an output and GTK initialised, the real GtkMediaFile is created and the chirp started
    /// (twice: a replay restarts it); before gtk_init, the media backend is not touched at all.
    @Test func playsTheBundledFileOnlyOnceGtkIsUp() {
        let sound = DetectionSound(path: Self.soundPath, isEnabled: { true }, hasAudioOutput: { true })
        let expected: DetectionSound.Outcome = gtk_is_initialized() != 0 ? .played : .unavailable
        #expect(sound.play() == expected)
        #expect(sound.isLoaded == (expected == .played))
        #expect(sound.play() == expected)
    }

    @Test func bundledSoundIsAShortMonoWave() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.soundPath))
        #expect(data.prefix(4) == Data("RIFF".utf8))
        #expect(data.subdata(in: 8..<12) == Data("WAVE".utf8))
        let channels = UInt16(data[22]) | UInt16(data[23]) << 8
        let rate = UInt32(data[24]) | UInt32(data[25]) << 8 | UInt32(data[26]) << 16 | UInt32(data[27]) << 24
        let bytesPerSecond = Double(rate) * Double(channels) * 2
        let seconds = Double(data.count - 44) / bytesPerSecond
        #expect(channels == 1)
        #expect(seconds > 0.1 && seconds < 0.25, "chirp lasts \(seconds) s")
    }

    @Test(arguments: [
        ([:], [], false),
        (["PULSE_SERVER": "unix:/run/pulse"], [], true),
        ([:], ["pcmC0D0c", "controlC0"], false),
        ([:], ["pcmC0D0p"], true),
    ])
    func audioOutputDetection(environment: [String: String], devices: [String], expected: Bool) throws {
        let folder = try TemporaryFolder(prefix: "saoma-desktop")
        for device in devices { _ = FileManager.default.createFile(atPath: folder.path(device), contents: nil) }
        #expect(DetectionSound.audioOutputAvailable(environment: environment, deviceDirectory: folder.url.path) == expected)
    }

    @Test func runtimeSocketCountsAsOutput() throws {
        let runtime = try TemporaryFolder(prefix: "saoma-desktop")
        #expect(!DetectionSound.audioOutputAvailable(environment: ["XDG_RUNTIME_DIR": runtime.url.path], deviceDirectory: "/nonexistent"))
        _ = FileManager.default.createFile(atPath: runtime.path("pipewire-0"), contents: nil)
        #expect(DetectionSound.audioOutputAvailable(environment: ["XDG_RUNTIME_DIR": runtime.url.path], deviceDirectory: "/nonexistent"))
    }
}

@Suite("Keyboard shortcuts")
@MainActor
struct AcceleratorTests {
    /// The shortcuts SPEC.md §5 asks for, with the action each must trigger.
    static let required: [(action: String, accelerator: String)] = [
        ("win.open-image", "<Ctrl>o"), ("win.paste", "<Ctrl>v"), ("win.generate", "<Ctrl>g"),
        ("win.copy-result", "<Ctrl>c"), ("win.cancel", "Escape"), ("win.preferences", "<Ctrl>comma"), ("win.show-help-overlay", "F1"),
        ("win.show-help-overlay", "<Ctrl>question"), ("app.quit", "<Ctrl>q"),
    ]

    /// Key value and modifier bits of an accelerator, or (0, 0) when it does not parse.
    static func parse(_ accelerator: String) -> [UInt32] {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0 else { return [0, 0] }
        return [key, modifiers.rawValue]
    }

    @Test func everyRequiredShortcutIsBound() {
        for (action, accelerator) in Self.required {
            #expect(Accelerators.accelerators(for: action).contains(accelerator), "\(action) lacks \(accelerator)")
        }
    }

    @Test func everyAcceleratorParses() {
        for binding in Accelerators.bindings {
            for accelerator in binding.accelerators {
                #expect(Self.parse(accelerator)[0] != 0, "\(accelerator) does not parse")
            }
        }
    }

    @Test func noKeyIsBoundTwice() {
        let all = Accelerators.bindings.flatMap(\.accelerators)
        #expect(Set(all).count == all.count)
    }

    @Test func installBindsThemOnAnApplication() throws {
        let app = try #require(gtk_application_new("io.github.saoma.Saoma.AcceleratorTest", G_APPLICATION_NON_UNIQUE))
        defer { g_object_unref(app) }
        Accelerators.install(on: app)
        for binding in Accelerators.bindings {
            guard let accels = gtk_application_get_accels_for_action(app, binding.action) else {
                Issue.record("no accelerators for \(binding.action)")
                continue
            }
            let installed = stringArray(takingStrv: accels)
            // GTK normalises names ("<Ctrl>o" → "<Control>o"): compare parsed keys and modifiers.
            #expect(installed.map(Self.parse) == binding.accelerators.map(Self.parse), "\(binding.action): \(installed)")
        }
    }
}

@Suite("Shortcuts window definition")
@MainActor
struct ShortcutsWindowTests {
    /// The layout's file.
    static let file = packageRoot.appendingPathComponent("data/ui/shortcuts.ui")

    /// The rows of the shortcuts window: each translatable title and the action it names.
    static func rows() throws -> [(title: String, action: String)] {
        let document = try XMLDocument(contentsOf: file)
        return try document.nodes(forXPath: "//object[@class='GtkShortcutsShortcut']").map { row in
            let title = try row.nodes(forXPath: "property[@name='title'][@translatable='yes']").first?.stringValue ?? ""
            let action = try row.nodes(forXPath: "property[@name='action-name']").first?.stringValue ?? ""
            return (title, action)
        }
    }

    @Test func listsEveryShortcutOnce() throws {
        let rows = try Self.rows()
        #expect(rows.count == Accelerators.bindings.count)
        for binding in Accelerators.bindings {
            #expect(rows.filter { $0.action == binding.action }.count == 1, "\(binding.action) is not in the shortcuts window once")
        }
        #expect(rows.allSatisfy { !$0.title.isEmpty }, "a row has no translatable title")
    }

    @Test func definitionIsTheHelpOverlay() throws {
        let document = try XMLDocument(contentsOf: Self.file)
        let window = try document.nodes(forXPath: "//object[@class='GtkShortcutsWindow'][@id='help_overlay']")
        #expect(window.count == 1)
        let title = try document.nodes(forXPath: "//object[@id='help_overlay']/property[@name='title'][@translatable='yes']")
        #expect(title.first?.stringValue == "Keyboard Shortcuts")
    }
}
