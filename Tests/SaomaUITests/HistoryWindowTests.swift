// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SQLiteHistory
import SaomaCore
import SaomaTestSupport
import Testing

/// The History page in the running app: a code chosen from the fake camera is recorded (off the
/// UI thread) and listed; typing in the search field filters the list.
@Suite("History in the window end to end", .serialized)
struct HistoryWindowTests {
    /// The newest `history-rows` debug line after `skip` lines that satisfies `match`.
    /// Waits for a `history-rows` debug line after `skip` lines with `count` rows, the first
    /// showing `first` (when given); returns its index.
    private func waitForRows(_ app: AppUnderTest, after skip: Int = 0, count: Int, first: String? = nil) throws -> Int {
        try app.waitForLine(after: skip) { line in
            line.hasPrefix("history-rows count=\(count) ") && (first.map { line.hasSuffix(" first=" + $0) } ?? true)
        }.index
    }

    @Test("a code chosen from the camera is on the History page, and search filters it")
    func chosenCodeIsListedAndSearchFilters() throws {
        var scene = CameraScene()
        try scene.addCode("history e2e code", centerX: 640, centerY: 360)
        let app = try AppUnderTest(arguments: [], camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]))
        try app.waitForLine { $0.hasPrefix("chosen ") }
        var index = try waitForRows(app, count: 1, first: "history e2e code · Text")
        let rows = try HistoryStore(path: app.home.path("data/saoma/history.db")).all()
        #expect(rows.map(\.displayText) == ["history e2e code"])
        #expect(rows.first?.source == .camera)

        // The result page stays (scanning is held, so nothing takes the focus from the search field).
        try app.key("ctrl+h", pointer: AppUnderTest.insideWindow)
        try app.waitForLine(after: index) { $0 == "focus history" }
        try app.xdotool(["type", "--delay", "20", "zzz"])
        index = try waitForRows(app, after: index, count: 0)
        for _ in 0..<3 { try app.xdotool(["key", "BackSpace"]) }
        try app.xdotool(["type", "--delay", "20", "e2e"])
        index = try waitForRows(app, after: index, count: 1, first: "history e2e code · Text")
        #expect(try HistoryStore(path: app.home.path("data/saoma/history.db")).count() == 1)

        // Escape in the search field clears the search and does nothing else: the result page stays.
        try app.xdotool(["type", "--delay", "20", "zzz"])
        index = try waitForRows(app, after: index, count: 0)
        try app.xdotool(["key", "Escape"])
        _ = try waitForRows(app, after: index, count: 1, first: "history e2e code · Text")
        let after = app.debugLines[index...]
        #expect(!after.contains { $0.hasPrefix("page ") }, "Escape left the page: \(after.filter { $0.hasPrefix("page ") })")
        #expect(app.debugLines.filter { $0.hasPrefix("chosen ") }.count == 1, "the code was read again")
    }

    @Test("with Keep History off nothing is written")
    func keepHistoryOff() throws {
        var scene = CameraScene()
        try scene.addCode("not kept", centerX: 640, centerY: 360)
        let app = try AppUnderTest(camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false", "keep-history=false"]))
        #expect(try app.waitForExit() == 0)
        #expect(app.standardOutput == "not kept\n")
        let path = app.home.path("data/saoma/history.db")
        if FileManager.default.fileExists(atPath: path) {
            #expect(try HistoryStore(path: path).count() == 0)
        }
    }
}

extension HistoryWindowTests {
    @Test("--oneshot records the chosen code before it exits")
    func oneshotRecords() throws {
        var scene = CameraScene()
        try scene.addCode("kept from oneshot", centerX: 640, centerY: 360)
        let app = try AppUnderTest(camera: .fake(scene: scene), settings: .keyfile(["sidebar-visible=false"]))
        #expect(try app.waitForExit() == 0)
        let rows = try HistoryStore(path: app.home.path("data/saoma/history.db")).all()
        #expect(rows.map(\.displayText) == ["kept from oneshot"])
    }
}

extension HistoryWindowTests {
    @Test("--continuous keeps scanning: each new code is counted and recorded once while it stays in view")
    func continuousMode() throws {
        var scene = CameraScene()
        try scene.addCode("continuous one", centerX: 560, centerY: 360)
        let app = try AppUnderTest(arguments: ["--continuous"], camera: .fake(scene: scene), settings: .keyfile([]))
        let (_, first) = try app.waitForLine { $0 == "continuous-code text=continuous one" }
        try scene.addCode("continuous two", centerX: 760, centerY: 360)
        try scene.write(to: app.scenePath)
        let (_, second) = try app.waitForLine(after: first + 1) { $0 == "continuous-code text=continuous two" }
        // Both stay in view: more frames are decoded, neither is counted again, nothing is chosen.
        try app.waitForLine(after: second + 1) { $0.hasPrefix("history-rows count=2 ") }
        let lines = app.debugLines
        #expect(
            lines.filter { $0.hasPrefix("continuous-code ") } == [
                "continuous-code text=continuous one", "continuous-code text=continuous two",
            ])
        #expect(!lines.contains { $0.hasPrefix("chosen ") })
        #expect(lines.filter { $0.hasPrefix("continuous-flash ") } == ["continuous-flash count=1", "continuous-flash count=1"])
        let rows = try HistoryStore(path: app.home.path("data/saoma/history.db")).all()
        #expect(rows.map(\.displayText) == ["continuous one", "continuous two"])
        #expect(app.isRunning)
    }
}

extension HistoryWindowTests {
    @Test("a damaged history database is moved aside, never deleted, and the code is still recorded")
    func damagedDatabaseInTheWindow() throws {
        let home = try TemporaryFolder(prefix: "saoma-e2e")
        try FileManager.default.createDirectory(atPath: home.path("data/saoma"), withIntermediateDirectories: true)
        let damaged = Data("<b>not</b> a database & never was".utf8)
        try damaged.write(to: URL(fileURLWithPath: home.path("data/saoma/history.db")))
        var scene = CameraScene()
        try scene.addCode("after the damage", centerX: 640, centerY: 360)
        let app = try AppUnderTest(camera: .fake(scene: scene), settings: .keyfile([]), home: home)
        #expect(try app.waitForExit() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: home.path("data/saoma"))
        let aside = try #require(files.first { $0.hasPrefix("history.db.corrupt-") }, "\(files)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.path("data/saoma/" + aside))) == damaged)
        #expect(try HistoryStore(path: home.path("data/saoma/history.db")).all().map(\.displayText) == ["after the damage"])
    }
}
