// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// A reason written in the repository stands on its own: a comment, a script's header or a page
/// of docs that names a tracker's issue or seed by its number points at something the reader of
/// the repository cannot see, so no text file does (the code around it, or a sentence, says why).
@Suite("Self-contained reasons")
struct SelfContainedReasonsTests {
    /// Where the repository's own text lives (build output, git and binary fuzz seeds are not text).
    static let roots = [
        "Sources", "Tests", "scripts", "data", "docs", "po", "meson-wrapper", "README.md", "ARCHITECTURE.md",
        "CONTRIBUTING.md", "Package.swift",
    ]
    /// Folders under the roots that hold no prose: libFuzzer's seed inputs are arbitrary bytes.
    static let skipped = ["Tests/Fuzz/Corpus"]

    /// The tracker references in `line`: the word "issue" followed by a number (with or without a
    /// `#`), or the word "seed" followed by a zero-padded number (a random generator's seed 1 is
    /// no reference).
    static func trackerReferences(in line: String) -> [String] {
        let lower = Array(line.lowercased().unicodeScalars)
        let scalars = Array(line.unicodeScalars)
        var found: [String] = []
        func isDigit(_ index: Int) -> Bool { index < lower.count && ("0"..."9").contains(lower[index]) }
        func word(_ text: String, at index: Int) -> Bool {
            let word = Array(text.unicodeScalars)
            guard index + word.count <= lower.count, Array(lower[index..<(index + word.count)]) == word else { return false }
            // A whole word: "tissue 3" is no issue.
            return index == 0 || !(lower[index - 1].properties.isAlphabetic || ("0"..."9").contains(lower[index - 1]))
        }
        for index in lower.indices {
            var end: Int?
            if word("issue ", at: index) {
                var next = index + 6
                if next < lower.count && lower[next] == "#" { next += 1 }
                if isDigit(next) { end = next }
            } else if word("seed 0", at: index), isDigit(index + 6) {
                end = index + 6
            }
            guard var last = end else { continue }
            while isDigit(last) { last += 1 }
            found.append(String(String.UnicodeScalarView(scalars[index..<last])))
        }
        return found
    }

    @Test(
        "the matcher finds tracker numbers and nothing else",
        arguments: [
            TextCase("/// The scan frame (se" + "ed 004).", ["se" + "ed 004"]),
            TextCase("# History benchmark (iss" + "ue 14, item 9)", ["iss" + "ue 14"]),
            TextCase("### Iss" + "ue 18: confirmation", ["Iss" + "ue 18"]),
            TextCase("see iss" + "ue #7 and ISS" + "UE 12", ["iss" + "ue #7", "ISS" + "UE 12"]),
            TextCase("FUZZ_RUNS=N inputs from seed 1 (reproducible)", []),
            TextCase("convert -seed 7 plasma:fractal", []),
            TextCase(".ean2: tr(\"Issue numbers of magazines\")", []),
            TextCase("a tissue 3 layers thick", []),
            TextCase("the issue is that 12 frames drop", []),
        ])
    func matcher(row: TextCase<[String]>) {
        #expect(Self.trackerReferences(in: row.text) == row.expected)
    }

    /// Every text file under `roots`, by its path from the repository's root.
    private func textFiles() throws -> [(path: String, text: String)] {
        let repository = BuiltProducts.repository
        var files: [(String, String)] = []
        for root in Self.roots {
            let url = repository.appendingPathComponent(root)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            let relatives: [String]
            if isFolder.boolValue {
                let walker = try #require(FileManager.default.enumerator(atPath: url.path))
                relatives = walker.allObjects.compactMap { $0 as? String }.map { root + "/" + $0 }
            } else {
                relatives = [root]
            }
            for relative in relatives where !Self.skipped.contains(where: { relative.hasPrefix($0 + "/") }) {
                // Images, sounds and other binary files do not decode as UTF-8 text.
                guard let data = FileManager.default.contents(atPath: repository.appendingPathComponent(relative).path),
                    !data.contains(0), let text = String(data: data, encoding: .utf8)
                else { continue }
                files.append((relative, text))
            }
        }
        return files
    }

    @Test("no source, test, script, data file or document names an issue or seed number")
    func noTrackerNumbers() throws {
        let files = try textFiles()
        #expect(files.contains { $0.path.hasPrefix("Sources/") } && files.count > 300, "the repository's files were not found")
        for file in files {
            for (index, line) in file.text.components(separatedBy: "\n").enumerated() {
                for reference in Self.trackerReferences(in: line) {
                    Issue.record("\(file.path):\(index + 1) names “\(reference)”: say the reason itself")
                }
            }
        }
    }
}
