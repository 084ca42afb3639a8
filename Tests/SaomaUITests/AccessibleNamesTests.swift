// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// One node of the app's accessibility tree, as `Tests/Mocks/accessible_tree.py` prints it.
private struct AccessibleNode {
    var role: String
    var parentRole: String
    var name: String

    init?(_ line: Substring) {
        let parts = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else { return nil }
        role = parts[1]
        parentRole = parts[2]
        name = parts[3]
    }
}

/// Roles a person operates: each needs one clean name.
private let controlRoles: Set<String> = [
    "push button", "toggle button", "check box", "radio button", "combo box", "switch", "spin button", "slider", "link",
]

/// Why `name` is not a clean accessible name for a control, or nil.
private func problem(with name: String) -> String? {
    if name.trimmingCharacters(in: .whitespaces).isEmpty { return "no name" }
    if name.hasPrefix("Gtk") || name.hasPrefix("Adw") { return "named after its widget type" }
    if name.range(of: #"(^|[^_])_[^_\s]"#, options: .regularExpression) != nil { return "a mnemonic underscore in the name" }
    let words = name.split(separator: " ")
    if words.count >= 2, words.count % 2 == 0, words.prefix(words.count / 2) == words.suffix(words.count / 2) {
        return "the label twice"
    }
    return nil
}

@Suite("Accessible names", .serialized)
struct AccessibleNamesTests {
    @Test(
        "a clean name is recognised and the reported faults are caught",
        arguments: [
            ("Retry", nil), ("Open an Image…", nil), ("_Retry Retry", "a mnemonic underscore in the name"),
            ("Open Image… Open Image…", "the label twice"), ("GtkMenuButton", "named after its widget type"), ("", "no name"),
            ("snake__case", nil),
        ])
    func nameRule(name: String, expected: String?) {
        #expect(problem(with: name) == expected)
    }

    /// Every page is in the tree (the main stack keeps them all): scanner or camera problem,
    /// result, photo, and the side panel's Image, Generate and History pages.
    @Test("every control in the window has one clean accessible name (AT-SPI tree)", arguments: ["en", "zh_CN"])
    func everyControlHasOneCleanName(language: String) throws {
        let bus = try SessionBus()
        let app = try AppUnderTest(
            arguments: [], sessionBus: bus.address,
            environment: ["GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0", "LANGUAGE": language, "LANG": "C.UTF-8"])
        try app.waitForLine { $0.hasPrefix("page ") }
        let walker = BuiltProducts.source("Tests/Mocks/accessible_tree.py").path
        let run = try runToolStatus(
            "/usr/bin/python3", [walker, String(Patience.seconds)], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(run.status == 0, "the accessibility tree could not be read: \(run.errors)")
        let nodes = run.output.split(separator: "\n").compactMap(AccessibleNode.init)
        let controls = nodes.filter { controlRoles.contains($0.role) && $0.parentRole != "combo box" }
        #expect(controls.count >= 15, "only \(controls.count) controls in the tree: \(run.output.prefix(2000))")
        for pageControl in ["Scan Screen", "Side panel", "Main Menu"] {
            let expectedName = language == "en" ? pageControl : nil
            if let expectedName { #expect(controls.contains { $0.name == expectedName }, "no control named \(expectedName)") }
        }
        let faults = controls.compactMap { node in problem(with: node.name).map { "\(node.role) “\(node.name)”: \($0)" } }
        #expect(faults.isEmpty, "\(faults.joined(separator: "\n"))")
    }

    /// A file name is any bytes: the recent-files rows showed a bidi override (reordering the
    /// rest of the name: `invoice‮gnp.exe` reads "invoiceexe.png") and line breaks as they were,
    /// where the window's subtitle makes them visible.
    @Test("recent-file rows show a file name's controls and bidi overrides as visible symbols")
    func recentFileNamesAreVisible() throws {
        let bus = try SessionBus()
        let app = try AppUnderTest(arguments: [], sessionBus: bus.address, environment: ["GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0"])
        try app.waitForLine { $0.hasPrefix("page ") }
        let folder = try TemporaryFolder(prefix: "saoma-recent")
        let spoof = folder.path("invoice\u{202E}gnp.exe\n\u{1B}[31m.png")
        let uris = [folder.path("first.png"), spoof].map {
            "'file://" + $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! + "'"
        }
        let opened = try runToolStatus(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "io.github.saoma.Saoma", "--object-path", "/io/github/saoma/Saoma", "--method",
                "org.freedesktop.Application.Open", "[" + uris.joined(separator: ", ") + "]", "{}",
            ], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(opened.status == 0, "\(opened.errors)")
        try app.waitForLine { $0.hasPrefix("photo-error ") }
        let walker = BuiltProducts.source("Tests/Mocks/accessible_tree.py").path
        let run = try runToolStatus(
            "/usr/bin/python3", [walker, String(Patience.seconds)], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(run.status == 0, "the accessibility tree could not be read: \(run.errors)")
        let names = run.output.split(separator: "\n").compactMap(AccessibleNode.init).map(\.name)
        #expect(names.contains { $0.contains("invoice�gnp.exe␊␛[31m.png") }, "\(names.filter { $0.contains("invoice") })")
        #expect(
            !names.contains { $0.unicodeScalars.contains("\u{202E}") || $0.contains("\u{1B}") },
            "\(names.filter { $0.contains("invoice") })")
    }
}
