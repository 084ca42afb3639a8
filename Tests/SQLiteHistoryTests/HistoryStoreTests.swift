// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaTestSupport
import Testing

@testable import SQLiteHistory

/// When the tests' records are read, in milliseconds since 1970 (2025-11-30 09:30 UTC).
let t0: Int64 = 1_764_495_000_000

/// One history database (`saoma/history.db`) in a temporary folder of its own, removed with
/// this object (a suite holding one removes it when its test ends).
final class TemporaryHistory {
    let folder: TemporaryFolder
    var path: String { folder.path("saoma/history.db") }

    init() throws {
        folder = try TemporaryFolder(prefix: "saoma-history")
        try FileManager.default.createDirectory(atPath: folder.path("saoma"), withIntermediateDirectories: true)
    }

    deinit { folder.remove() }

    /// Files in the database's folder, sorted.
    func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path("saoma"))) ?? []).sorted() }
}

/// A QR code record holding `text`, read at `time` milliseconds.
func qrRecord(_ text: String, at time: Int64, source: HistorySource = .camera) -> HistoryRecord {
    HistoryRecord(timeMilliseconds: time, source: source, format: "QR", text: text, bytes: Array(text.utf8))
}

/// Each test gets a new instance, so a folder of its own, removed when the test ends.
@Suite("History store")
struct HistoryStoreTests {
    let temp: TemporaryHistory

    init() throws { temp = try TemporaryHistory() }

    @Test("a new database is WAL, at the current schema version, and empty")
    func createsDatabase() throws {
        let store = try HistoryStore(path: temp.path)
        #expect(store.notices.isEmpty)
        #expect(!store.isReadOnly)
        #expect(try store.count() == 0)
        #expect(try store.connection.integer("PRAGMA user_version") == Int64(HistorySchema.currentVersion))
        let mode = try store.connection.prepare("PRAGMA journal_mode")
        #expect(try mode.step())
        #expect(mode.text(0) == "wal")
    }

    @Test("the same code within 10 s refreshes its row; later it adds a new one")
    func refreshesRecentCode() throws {
        let store = try HistoryStore(path: temp.path)
        guard case .added(let id) = try store.record(qrRecord("hello", at: t0)) else {
            Issue.record("first read not added")
            return
        }
        #expect(try store.record(qrRecord("hello", at: t0 + 6_000)) == .refreshed(id))
        #expect(try store.record(qrRecord("other", at: t0 + 7_000)) != .refreshed(id))
        #expect(try store.record(qrRecord("hello", at: t0 + 16_000)) == .refreshed(id))
        #expect(try store.recent(limit: 10).first { $0.id == id }?.timeMilliseconds == t0 + 16_000)
        if case .refreshed = try store.record(qrRecord("hello", at: t0 + 26_001)) { Issue.record("refreshed after 10 s") }
        #expect(try store.count() == 3)
        // Same text, other format: another code.
        let ean = HistoryRecord(
            timeMilliseconds: t0 + 26_002, source: .camera, format: "CODE-128", text: "hello", bytes: Array("hello".utf8))
        if case .refreshed = try store.record(ean) { Issue.record("another format refreshed the QR row") }
    }

    @Test("rows come back as written, newest first")
    func rowsRoundTrip() throws {
        let store = try HistoryStore(path: temp.path)
        var photo = HistoryRecord(
            timeMilliseconds: t0, source: .photo, format: "QR", text: nil, bytes: [0, 0xFF, 1], photoPath: "/tmp/a\nb.jpg")
        photo.label = "binary"
        photo.starred = true
        try store.record(photo)
        try store.record(qrRecord("https://example.org", at: t0 + 60_000))
        let rows = try store.recent(limit: 10)
        #expect(rows.map(\.displayText) == ["https://example.org", "00ff01"])
        var expected = photo
        expected.id = rows[1].id
        #expect(rows[1] == expected)
        #expect(rows[0].kind == .content(.link))
        #expect(rows[1].kind == .binary)
        #expect(try store.recent(limit: 1, offset: 1).map(\.id) == [rows[1].id])
    }

    @Test(
        "search finds any part of text or label, CJK included",
        arguments: [
            ("轻触小", ["扫码轻触小蓝点"]),
            ("蓝点", ["扫码轻触小蓝点"]),
            ("点", ["扫码轻触小蓝点"]),
            ("EXAMPLE", ["https://example.org/x"]),
            ("ex", ["https://example.org/x"]),
            ("warehouse", ["4006381333931"]),
            ("a\"b", ["say a\"b"]),
            ("  ", ["say a\"b", "4006381333931", "https://example.org/x", "扫码轻触小蓝点"]),
            ("nothing like it", []),
            ("*", []),
            ("NEAR(", []),
        ])
    func search(query: String, expected: [String]) throws {
        let store = try HistoryStore(path: temp.path)
        try store.record(qrRecord("扫码轻触小蓝点", at: t0))
        try store.record(qrRecord("https://example.org/x", at: t0 + 60_000))
        guard case .added(let id) = try store.record(qrRecord("4006381333931", at: t0 + 120_000)) else { return }
        try store.setLabel("Warehouse shelf 3", id: id)
        try store.record(qrRecord("say a\"b", at: t0 + 180_000))
        #expect(try store.search(query, limit: 10).map(\.displayText) == expected)
    }

    @Test("labels, stars, delete and restore")
    func editing() throws {
        let store = try HistoryStore(path: temp.path)
        guard case .added(let id) = try store.record(qrRecord("one", at: t0)) else { return }
        try store.record(qrRecord("two", at: t0 + 60_000))
        try store.setLabel("first label", id: id)
        try store.setStarred(true, id: id)
        #expect(try store.search("first", limit: 5).map(\.id) == [id])
        try store.setLabel("", id: id)
        #expect(try store.search("first", limit: 5).isEmpty)
        #expect(try store.record(id: id)?.starred == true)
        let removed = try store.delete(ids: [id])
        #expect(removed.map(\.id) == [id])
        #expect(try store.count() == 1)
        #expect(try store.search("one", limit: 5).isEmpty)
        try store.restore(removed)
        #expect(try store.record(id: id) == removed.first)
        #expect(try store.search("one", limit: 5).map(\.id) == [id])
        try store.clear()
        #expect(try store.count() == 0)
        #expect(try store.search("one", limit: 5).isEmpty)
    }

    @Test("merging adds only rows not already there")
    func mergeWithoutDuplicates() throws {
        let store = try HistoryStore(path: temp.path)
        try store.record(qrRecord("kept", at: t0))
        let incoming = [qrRecord("kept", at: t0), qrRecord("new", at: t0 + 1), qrRecord("new", at: t0 + 1)]
        #expect(try store.merge(incoming) == (added: 1, skipped: 2))
        #expect(try store.merge(incoming) == (added: 0, skipped: 3))
        #expect(try store.count() == 2)
    }

    @Test("a version 1 database is migrated and its rows become searchable")
    func migratesFromVersionOne() throws {
        do {
            let v1 = try SQLiteConnection(path: temp.path, readOnly: false)
            try v1.execute(HistorySchema.migrations[0])
            try v1.execute("PRAGMA user_version = 1")
            try v1.run(
                "INSERT INTO history(time_ms, source, format, text, bytes, kind) VALUES (?, 'camera', 'QR', ?, ?, 'text')",
                [.integer(t0), .text("扫码轻触小蓝点"), .blob(Array("扫码轻触小蓝点".utf8))])
        }
        let store = try HistoryStore(path: temp.path)
        #expect(try store.connection.integer("PRAGMA user_version") == Int64(HistorySchema.currentVersion))
        #expect(try store.search("轻触小", limit: 5).map(\.displayText) == ["扫码轻触小蓝点"])
        #expect(store.notices.isEmpty)
    }

    @Test("every migration step applies on top of the one before", arguments: 0..<HistorySchema.currentVersion)
    func migratesFromEachVersion(start: Int) throws {
        do {
            let old = try SQLiteConnection(path: temp.path, readOnly: false)
            try HistorySchema.migrate(old, to: start)
            #expect(try old.integer("PRAGMA user_version") == Int64(start))
        }
        let store = try HistoryStore(path: temp.path)
        #expect(try store.connection.integer("PRAGMA user_version") == Int64(HistorySchema.currentVersion))
        try store.record(qrRecord("after migration", at: t0))
        #expect(try store.search("migration", limit: 5).count == 1)
    }

    /// Damaged files: each is moved aside whole, never deleted, and a new history begins.
    static let damaged: [(String, @Sendable (String) throws -> Void)] = [
        ("not SQLite", { path in try Data("this is not a database, it is a shopping list\n".utf8).write(to: URL(fileURLWithPath: path)) }),
        (
            "random bytes",
            { path in try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: URL(fileURLWithPath: path)) }
        ),
        (
            "schema page overwritten",
            { path in
                do {
                    let store = try HistoryStore(path: path)
                    for i in 0..<50 { try store.record(qrRecord("row \(i)", at: t0 + Int64(i) * 60_000)) }
                }
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                try handle.seek(toOffset: 100)
                try handle.write(contentsOf: Data(repeating: 0xA5, count: 3996))
                try handle.close()
            }
        ),
    ]

    @Test("a damaged or foreign file is moved aside and a new history begun", arguments: damaged)
    func movesDamagedFileAside(name: String, damage: @Sendable (String) throws -> Void) throws {
        try damage(temp.path)
        let original = try Data(contentsOf: URL(fileURLWithPath: temp.path))
        let now: Int64 = 1_764_495_000_000
        let store = try HistoryStore(path: temp.path, now: now)
        let aside = temp.path + ".corrupt-2025-11-30T093000Z"
        #expect(store.notices == [.movedAside(path: aside)], "\(name)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == original)
        #expect(try store.count() == 0)
        try store.record(qrRecord("fresh", at: now))
        #expect(try store.count() == 1)
        #expect(store.notices.first?.message.contains(aside) == true)
    }

    @Test("a database from a newer Saoma opens read-only with a message")
    func newerSchemaReadOnly() throws {
        do {
            let store = try HistoryStore(path: temp.path)
            try store.record(qrRecord("from the future", at: t0))
            try store.connection.execute("PRAGMA user_version = 99")
        }
        let store = try HistoryStore(path: temp.path)
        #expect(store.isReadOnly)
        #expect(store.notices == [.newerSchema(version: 99)])
        #expect(try store.recent(limit: 5).map(\.displayText) == ["from the future"])
        #expect(throws: HistoryStoreError.newerSchema(version: 99)) { try store.record(qrRecord("now", at: t0 + 60_000)) }
        #expect(throws: HistoryStoreError.newerSchema(version: 99)) { try store.clear() }
        #expect(try store.count() == 1)
    }

    @Test("a full disk is reported as such and reading goes on")
    func diskFull() throws {
        let store = try HistoryStore(path: temp.path)
        try store.record(qrRecord("before", at: t0))
        let pages = try store.connection.integer("PRAGMA page_count") ?? 0
        try store.connection.execute("PRAGMA max_page_count = \(pages)")
        var failure: HistoryStoreError?
        for i in 0..<200 {
            do {
                try store.record(qrRecord(String(repeating: "payload \(i) ", count: 200), at: t0 + Int64(i + 1) * 60_000))
            } catch {
                failure = error
                break
            }
        }
        #expect(failure == .diskFull)
        #expect(failure?.message.contains("full") == true)
        #expect(try store.search("before", limit: 5).count == 1)
    }

    @Test("writes through a read-only connection are refused, not crashed")
    func readOnlyConnection() throws {
        _ = try HistoryStore(path: temp.path)
        let readOnly = try SQLiteConnection(path: temp.path, readOnly: true)
        var caught: HistoryStoreError?
        do {
            try readOnly.run("INSERT INTO history(time_ms, source, format, bytes, kind) VALUES (1, 'cli', 'QR', x'00', 'text')")
        } catch {
            caught = HistoryStoreError(error)
        }
        guard case .cannotWrite(let detail)? = caught else {
            Issue.record("expected cannotWrite, got \(String(describing: caught))")
            return
        }
        #expect(caught?.message.contains(detail) == true)
    }

    @Test("special files where the database should be are refused")
    func specialFiles() throws {
        try FileManager.default.createDirectory(atPath: temp.path, withIntermediateDirectories: true)
        #expect(throws: HistoryStoreError.notAFile(temp.path)) { try HistoryStore(path: temp.path) }
        let fifo = temp.folder.path("saoma/fifo.db")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: HistoryStoreError.notAFile(fifo)) { try HistoryStore(path: fifo) }
        #expect(temp.files().contains("history.db"))
    }

    @Test("two writers at once (two connections, as the window and the CLI) lose nothing")
    func concurrentWriters() throws {
        let stores = [try HistoryStore(path: temp.path), try HistoryStore(path: temp.path)]
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for i in 0..<150 {
                do {
                    try stores[writer].record(qrRecord("writer \(writer) code \(i)", at: t0 + Int64(i) * 20_000))
                    try stores[writer].record(qrRecord("shared code", at: t0))
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try stores[0].count() == 301)
        #expect(try stores[1].search("shared", limit: 10).count == 1)
    }
}

/// Errors collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
