// SPDX-License-Identifier: GPL-3.0-or-later

/// The XDG base directory variables as the XDG Base Directory Specification allows them: "All
/// paths set in these environment variables must be absolute. If an implementation encounters a
/// relative path in any of these variables it should consider the path invalid and ignore it."
///
/// GLib 2.74 takes a relative value as it is, so `XDG_DATA_HOME=data saoma scan --record` put the
/// history in `./data/saoma/` of whatever folder the command ran in (another folder, another
/// history), and GTK its recent files beside it. Pure: what to change in an environment; the
/// process applies it before GLib first reads a variable (`BaseDirectoryCheck.apply` in SaomaCLI).
public enum BaseDirectoryVariables {
    /// Variables holding one folder.
    public static let folders = ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"]
    /// Variables holding a `:`-separated list of folders, in order of preference.
    public static let folderLists = ["XDG_DATA_DIRS", "XDG_CONFIG_DIRS"]

    /// A variable to set again: to `value` (the absolute folders it held), or unset when `nil`
    /// (none was absolute: GLib's defaults apply); `ignored` are the relative paths dropped.
    public struct Change: Equatable, Sendable {
        public var name: String
        public var value: String?
        public var ignored: [String]

        public init(name: String, value: String?, ignored: [String]) {
            self.name = name
            self.value = value
            self.ignored = ignored
        }
    }

    /// The changes `environment` needs: one per variable holding a relative path, in the order of
    /// `folders` then `folderLists`. Empty values and empty list entries are no paths (GLib skips
    /// them too) and change nothing.
    public static func changes(in environment: [String: String]) -> [Change] {
        var changes: [Change] = []
        for name in folders {
            guard let value = environment[name], !value.isEmpty, !isAbsolute(value) else { continue }
            changes.append(Change(name: name, value: nil, ignored: [value]))
        }
        for name in folderLists {
            guard let value = environment[name] else { continue }
            let entries = value.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
            let ignored = entries.filter { !isAbsolute($0) }
            guard !ignored.isEmpty else { continue }
            let kept = entries.filter(isAbsolute)
            changes.append(Change(name: name, value: kept.isEmpty ? nil : kept.joined(separator: ":"), ignored: ignored))
        }
        return changes
    }

    /// Whether `path` is absolute (starts at the root).
    static func isAbsolute(_ path: String) -> Bool { path.utf8.first == UInt8(ascii: "/") }
}
