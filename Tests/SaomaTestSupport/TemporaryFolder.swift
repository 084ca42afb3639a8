// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A new, unique temporary folder, removed with everything in it when the last holder lets go.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    /// Creates `<tmp>/<prefix>-<UUID>`.
    public init(prefix: String = "saoma-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The folder's path.
    public var path: String { url.path }

    /// The path of `name` in the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The path of `name` in the folder (the same as `path(_:)`).
    public func file(_ name: String) -> String { path(name) }

    /// The names in the folder, sorted.
    public func contents() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }

    /// The text of `name` in the folder (`nil` when it cannot be read as UTF-8).
    public func read(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }

    /// Removes the folder now (it is removed anyway when released).
    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// Writes `data` as `name` in the folder; returns its path.
    @discardableResult
    public func write(_ data: Data, as name: String) throws -> String {
        let target = path(name)
        try data.write(to: URL(fileURLWithPath: target))
        return target
    }

    /// The bytes of `name` in the folder (`nil` when it cannot be read).
    public func data(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }
}
