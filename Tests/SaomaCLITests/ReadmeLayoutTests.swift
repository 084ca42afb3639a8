// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// README's Layout section is the newcomer's map of the package: it names every module under
/// Sources/ and every folder under Tests/, so a module added without a line there fails here.
@Suite("README layout")
struct ReadmeLayoutTests {
    /// The fenced block under `## Layout`.
    private func layoutBlock() throws -> String {
        let readme = try String(contentsOf: BuiltProducts.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Layout\n").dropFirst().first, "README has no Layout section")
        let fence = section.components(separatedBy: "```")
        try #require(fence.count >= 3, "README's Layout section has no fenced block")
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

    @Test("every module under Sources/ and every folder under Tests/ support is named in README's Layout")
    func everyModuleNamed() throws {
        let block = try layoutBlock()
        let named = Set(block.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }).map(String.init))
        for module in try folders("Sources") {
            #expect(named.contains(module), "README's Layout does not name Sources/\(module)")
        }
        for folder in try folders("Tests") where !folder.hasSuffix("Tests") {
            #expect(named.contains(folder), "README's Layout does not name Tests/\(folder)")
        }
    }
}
