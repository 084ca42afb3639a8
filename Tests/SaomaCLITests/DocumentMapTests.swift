// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// The documents are the newcomer's map: ARCHITECTURE.md's Layout names every module under
/// Sources/ and every support folder under Tests/, and every repository path the documents name
/// exists, so a module added without a line, or a file renamed under a document's feet, fails
/// here. The README stays a user's manual a person reads in minutes: Quick start first, short,
/// its screenshots present.
@Suite("Document map")
struct DocumentMapTests {
    /// The documents whose paths are checked, from the repository's root.
    static let documents = [
        "README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "docs/BEHAVIOUR.md", "docs/COMMAND-LINE.md", "docs/BENCHMARKS.md",
        "docs/HOSTILE-INPUT.md",
    ]
    /// The repository's top-level folders: a code span starting with one of them names a path.
    static let roots = ["Sources/", "Tests/", "scripts/", "data/", "docs/", "po/", "meson-wrapper/"]
    /// Longest README, in lines (a manual read in five minutes).
    static let readmeLineLimit = 250

    private static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: BuiltProducts.repository.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The repository paths `markdown` names: code spans whose first word starts with a top-level
    /// folder (patterns with `*`, `<…>`, `{…}` or `…` are not paths), and the targets of links and
    /// images that are not web addresses or anchors, resolved from `folder` (the document's own).
    static func namedPaths(in markdown: String, folder: String = "") -> [String] {
        var paths: [String] = []
        let spans = markdown.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        for prose in spans {
            let pieces = prose.components(separatedBy: "`")
            for (index, piece) in pieces.enumerated() where index % 2 == 1 {
                guard let word = piece.split(separator: " ").first.map(String.init),
                    roots.contains(where: { word.hasPrefix($0) }),
                    !word.contains(where: { "*<>{}…|".contains($0) })
                else { continue }
                paths.append(word.hasSuffix("/") ? String(word.dropLast()) : word)
            }
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close])
                rest = rest[close...]
                guard !target.isEmpty, !target.hasPrefix("#"), !target.contains("://") else { continue }
                let path = target.split(separator: "#").first.map(String.init) ?? target
                let joined = URL(fileURLWithPath: "/" + folder).appendingPathComponent(path).standardized.path
                paths.append(String(joined.dropFirst()))
            }
        }
        return paths
    }

    @Test(
        "the path finder finds code spans and links, and leaves patterns and commands alone",
        arguments: [
            TextCase("see `Sources/Decoding/Engines.swift` and `po/LINGUAS`", ["Sources/Decoding/Engines.swift", "po/LINGUAS"]),
            TextCase("`scripts/fuzz 600 ContentParser` runs it", ["scripts/fuzz"]),
            TextCase("`Tests/Fuzz/<Target>/main.swift`, `docs/screenshots/page-*.png`, `saoma scan`", []),
            TextCase(
                "![a](docs/screenshots/result.png) and [b](#quick-start), [c](https://example.org/x)", ["docs/screenshots/result.png"]),
            TextCase("```\nSources/ `Sources/Nowhere.swift`\n```\n`Tests/Mocks/`", ["Tests/Mocks"]),
        ])
    func pathFinder(row: TextCase<[String]>) {
        #expect(Self.namedPaths(in: row.text) == row.expected)
    }

    @Test("a link in docs/ resolves from docs/")
    func relativeLinks() {
        #expect(
            Self.namedPaths(in: "[x](../ARCHITECTURE.md) [y](BENCHMARKS.md#history)", folder: "docs") == [
                "ARCHITECTURE.md", "docs/BENCHMARKS.md",
            ])
    }

    @Test("every path the documents name exists")
    func namedPathsExist() throws {
        var named = 0
        for document in Self.documents {
            let folder = (document as NSString).deletingLastPathComponent
            for path in Self.namedPaths(in: try Self.text(document), folder: folder) {
                named += 1
                let exists = FileManager.default.fileExists(atPath: BuiltProducts.repository.appendingPathComponent(path).path)
                #expect(exists, "\(document) names \(path), which does not exist")
            }
        }
        let architecture = Set(Self.namedPaths(in: try Self.text("ARCHITECTURE.md")))
        #expect(architecture.count > 80, "ARCHITECTURE.md names only \(architecture.count) paths: its flows lost their files")
        #expect(named > 200)
    }

    /// The fenced block under ARCHITECTURE.md's `## Layout`.
    private func layoutBlock() throws -> String {
        let architecture = try Self.text("ARCHITECTURE.md")
        let section = try #require(
            architecture.components(separatedBy: "\n## Layout\n").dropFirst().first, "ARCHITECTURE.md has no Layout section")
        let fence = section.components(separatedBy: "```")
        try #require(fence.count >= 3, "ARCHITECTURE.md's Layout section has no fenced block")
        return fence[1]
    }

    private func folders(_ name: String) throws -> [String] {
        let url = BuiltProducts.repository.appendingPathComponent(name)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { entry in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(entry).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    @Test("every module under Sources/ and every folder under Tests/ support is named in ARCHITECTURE.md's Layout")
    func everyModuleNamed() throws {
        let block = try layoutBlock()
        let named = Set(block.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }).map(String.init))
        for module in try folders("Sources") {
            #expect(named.contains(module), "ARCHITECTURE.md's Layout does not name Sources/\(module)")
        }
        for folder in try folders("Tests") where !folder.hasSuffix("Tests") {
            #expect(named.contains(folder), "ARCHITECTURE.md's Layout does not name Tests/\(folder)")
        }
    }

    @Test("the README is a short manual: Quick start first with its two commands, its screenshots present")
    func readmeIsAManual() throws {
        let readme = try Self.text("README.md")
        let lines = readme.components(separatedBy: "\n")
        #expect(lines.count <= Self.readmeLineLimit + 1, "README.md has \(lines.count) lines; the manual's detail belongs in docs/")
        let headings = lines.filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## Quick start", "README's first section is \(headings.first ?? "missing"), not Quick start")
        let quickStart = try #require(readme.components(separatedBy: "## Quick start\n").dropFirst().first)
        let firstBlock = quickStart.components(separatedBy: "```").dropFirst().first ?? ""
        let commands = firstBlock.components(separatedBy: "\n").filter { !$0.isEmpty && $0 != "sh" }
        #expect(commands.count == 2 && commands[0].hasPrefix("scripts/bootstrap") && commands[1].hasPrefix("scripts/test"))
        let images = Self.namedPaths(in: readme).filter { $0.hasSuffix(".png") }
        #expect(images.count >= 5 && images.allSatisfy { $0.hasPrefix("docs/screenshots/") }, "README's screenshots: \(images)")
    }
}
