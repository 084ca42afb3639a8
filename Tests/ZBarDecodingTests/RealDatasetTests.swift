// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport
import Testing
import ZBarDecoding

/// The real-photo dataset at `<package>/../shared/testdata/real`, or under `SAOMA_SHARED` (a git
/// worktree elsewhere), never copied into the repo.
enum RealDataset {
    /// The dataset folder, or `nil` when it is absent.
    static let folder: URL? = {
        let shared =
            ProcessInfo.processInfo.environment["SAOMA_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? BuiltProducts.repository.deletingLastPathComponent().appendingPathComponent("shared")
        let folder = shared.appendingPathComponent("testdata/real")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("MANIFEST.tsv").path) ? folder : nil
    }()

    /// Why a test of the dataset is skipped when it is absent.
    static let absent = "../shared/testdata/real (or $SAOMA_SHARED/testdata/real) is absent: skipping the dataset test"

    /// One manifest row.
    struct Item: Sendable {
        var image: String
        var category: String
        var expected: [String]
        var negative: Bool
    }

    /// The zbar-supported rows of the manifest, with their expected texts.
    static func items(in folder: URL) throws -> [Item] {
        let manifest = try String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var rows = manifest.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = rows.removeFirst()
        func column(_ name: String) -> Int { header.firstIndex(of: name) ?? 0 }
        var items: [Item] = []
        for row in rows where row[column("zbar_supported")] == "yes" {
            let expectedPath = row[column("expected_text_path")]
            var expected: [String] = []
            if !expectedPath.isEmpty {
                var text = try String(contentsOf: folder.appendingPathComponent(expectedPath), encoding: .utf8)
                switch row[column("expected_format")] {
                case "lines": expected = text.split(separator: "\n").map(String.init)
                case "zxing-txt":
                    if text.hasSuffix("\n") { text.removeLast() }
                    expected = [text]
                default: expected = [text]
                }
            }
            items.append(
                Item(
                    image: row[column("image_path")], category: row[column("category")], expected: expected,
                    negative: row[column("n_codes_expected")] == "0"))
        }
        return items
    }

    /// Whether `found` (decoded texts) holds every expected code, with the scorer's common
    /// conventions: UPC-A as EAN-13 with a leading 0, GS1 "(01)…" as raw digits, an add-on after
    /// a space, Codabar start/stop characters, trailing line ends.
    static func matches(expected: [String], found: [String]) -> Bool {
        func normal(_ s: String) -> String {
            var t = s.filter { $0 != "(" && $0 != ")" && $0 != "\u{1D}" }
            while t.hasSuffix("\n") || t.hasSuffix("\r") { t.removeLast() }
            return t
        }
        return expected.allSatisfy { want in
            let w = normal(want)
            return found.contains { got in
                let g = normal(got)
                return g == w || g == "0" + w || "0" + g == w || g.hasPrefix(w + " ") || g.dropFirst().dropLast() == Substring(w)
                    || "01" + w == g
            }
        }
    }
}

@Suite("Real photos", .enabled(if: RealDataset.folder != nil, Comment(rawValue: RealDataset.absent)))
struct RealDatasetTests {
    /// Read-rate floor over zbar-supported positives, as a fraction (measured 454/503 = 0.903
    /// with these rules and with barcode-bench's; a few points of margin).
    static let readRateFloor = 0.87

    @Test("reads the real photos above the floor with no false positives")
    func readsRealPhotos() throws {
        let folder = try #require(RealDataset.folder)
        let items = try RealDataset.items(in: folder)
        let outcomes = ResultBox(count: items.count)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let decoder = ZBarDecoder()
            for index in stride(from: worker, to: items.count, by: 2) {
                let path = folder.appendingPathComponent(items[index].image).path
                let texts = (try? ImageLoader().load(path: path)).map { image in
                    decoder.decode(image.luma, options: DecodeOptions()).map(\.displayText)
                }
                outcomes.set(index, texts ?? [])
            }
        }
        var positives = 0
        var matched = 0
        var falsePositives: [String] = []
        for (item, found) in zip(items, outcomes.values) {
            if item.negative {
                if !found.isEmpty { falsePositives.append(item.image) }
            } else {
                positives += 1
                if RealDataset.matches(expected: item.expected, found: found) { matched += 1 }
            }
        }
        let rate = Double(matched) / Double(max(positives, 1))
        #expect(positives > 400)
        #expect(rate >= Self.readRateFloor, "read \(matched)/\(positives)")
        #expect(falsePositives.isEmpty, "false positives: \(falsePositives)")
    }
}

extension RealDatasetTests {
    @Test("a photo's reads do not depend on the photos decoded before it")
    func readsIndependentOfHistory() throws {
        let folder = try #require(RealDataset.folder)
        let items = try RealDataset.items(in: folder).filter {
            $0.image.hasPrefix("zxing/ean13-") || $0.image.hasPrefix("zxing/rssexpandedstacked-")
        }
        let images = items.compactMap { try? ImageLoader().load(path: folder.appendingPathComponent($0.image).path).luma }
        #expect(images.count > 40)
        let shared = ZBarDecoder()
        for image in images {
            let inSequence = shared.decode(image, options: DecodeOptions()).map(\.displayText)
            let alone = ZBarDecoder().decode(image, options: DecodeOptions()).map(\.displayText)
            #expect(inSequence == alone)
        }
    }
}

/// Results written by the decoding workers, one slot each (guarded by `lock`).
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[String]]

    init(count: Int) { slots = Array(repeating: [], count: count) }

    func set(_ index: Int, _ value: [String]) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [[String]] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
