// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SQLiteHistory
import SaomaCore

/// `saoma history --benchmark ROWS` (for `scripts/bench-history`): fills the history database with
/// ROWS made-up rows and prints, one line each, what the History page and its search cost at that
/// size: the first page, each keystroke of a search, one insert, bytes on disk per row.
///
/// The rows are the same on every run (a fixed linear congruential sequence): links, EAN-13
/// numbers, Chinese and Latin text, Wi-Fi codes, one in fifty labelled.
enum HistoryBenchmark {
    /// Times `body` once, in milliseconds of wall time.
    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func format(_ ms: Double) -> String { String(format: "%.2f ms", ms) }

    /// Made-up but plausible scanned codes.
    static func rows(count: Int, start: Int64) -> [HistoryRecord] {
        var seed: UInt64 = 0x5A0A
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        let words = [
            "shelf", "order", "invoice", "parcel", "ticket", "menu", "table", "seat", "room", "gate", "扫码", "轻触", "小蓝点", "发票", "快递", "座位",
        ]
        var out: [HistoryRecord] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let text: String
            switch next() % 5 {
            case 0: text = "https://shop.example.org/item/\(next() % 1_000_000)?ref=qr\(next() % 100)"
            case 1: text = String(format: "40%011d", next() % 100_000_000_000)
            case 2: text = (0..<4).map { _ in words[next() % words.count] }.joined(separator: " ") + " \(next() % 10_000)"
            case 3: text = "WIFI:S:Net\(next() % 500);T:WPA;P:pw\(next() % 100_000);;"
            default: text = "商品编号 \(next() % 100_000) " + words[next() % words.count]
            }
            var record = HistoryRecord(
                timeMilliseconds: start + Int64(i) * 15_000, source: i.isMultiple(of: 7) ? .photo : .camera, format: "QR", text: text,
                bytes: Array(text.utf8))
            if i.isMultiple(of: 50) { record.label = "batch \(i / 50)" }
            out.append(record)
        }
        return out
    }

    /// Runs the benchmark on the database at `path` (which must not exist yet).
    static func run(rows count: Int, databasePath path: String) throws {
        let start: Int64 = 1_700_000_000_000
        let fill = try milliseconds {
            let store = try HistoryStore(path: path)
            _ = try store.merge(rows(count: count, start: start))
        }
        ConsoleOutput.out("rows: \(count) (filled in \(Int(fill)) ms)\n")

        var opens: [Double] = []
        for _ in 0..<15 {
            opens.append(try milliseconds { _ = try HistoryStore(path: path).recent(limit: 50) })
        }
        ConsoleOutput.out("first page (open + newest 50 rows): median \(format(median(opens))), max \(format(opens.max() ?? 0))\n")

        let store = try HistoryStore(path: path)
        for query in ["invoice 12", "小蓝点发", "shop.example.org/item/4"] {
            var times: [Double] = []
            var prefix = ""
            for character in query {
                prefix.append(character)
                let typed = prefix
                times.append(try milliseconds { _ = try store.search(typed, limit: 50) })
            }
            ConsoleOutput.out("search “\(query)” per keystroke: median \(format(median(times))), max \(format(times.max() ?? 0))\n")
        }

        var inserts: [Double] = []
        for i in 0..<500 {
            let record = HistoryRecord(
                timeMilliseconds: start + Int64(count + i) * 15_000, source: .camera, format: "QR", text: "insert \(i)",
                bytes: Array("insert \(i)".utf8))
            inserts.append(try milliseconds { try store.record(record) })
        }
        ConsoleOutput.out("insert (one transaction each): median \(format(median(inserts))), max \(format(inserts.max() ?? 0))\n")

        // Reading export files without storing them: the parser and the row checks alone.
        let exported = try store.all()
        for fileFormat in HistoryFileFormat.allCases {
            let file = Array(fileFormat.encode(exported).utf8)
            var decoded = 0
            let parse = try milliseconds { decoded = try fileFormat.decode(file).count }
            ConsoleOutput.out(
                "parse \(fileFormat.rawValue) export (\(file.count) bytes, \(decoded) rows, not stored): \(format(parse)), "
                    + String(format: "%.2f µs per row\n", parse * 1000 / Double(max(1, decoded))))
        }

        try store.checkpoint()
        let files = [path, path + "-wal"].compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
        let bytes = files.reduce(0, +)
        let total = try store.count()
        ConsoleOutput.out("on disk: \(bytes) bytes for \(total) rows = \(bytes / max(1, total)) bytes per row\n")
    }
}
