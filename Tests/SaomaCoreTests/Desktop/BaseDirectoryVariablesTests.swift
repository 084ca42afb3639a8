// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import Testing

/// Relative paths in the XDG base directory variables are ignored, as the specification says;
/// absolute ones, empty values and unrelated variables are left as they are.
@Suite struct BaseDirectoryVariablesTests {
    typealias Change = BaseDirectoryVariables.Change

    static let rows: [(environment: [String: String], changes: [Change])] = [
        ([:], []),
        (["XDG_DATA_HOME": "/home/a/.local/share", "XDG_CACHE_HOME": "/tmp/c", "XDG_RUNTIME_DIR": "/run/user/1000"], []),
        (["XDG_DATA_HOME": ""], []),
        (["XDG_DATA_HOME": "data"], [Change(name: "XDG_DATA_HOME", value: nil, ignored: ["data"])]),
        (
            ["XDG_CONFIG_HOME": "./config", "XDG_STATE_HOME": "~/state"],
            [
                Change(name: "XDG_CONFIG_HOME", value: nil, ignored: ["./config"]),
                Change(name: "XDG_STATE_HOME", value: nil, ignored: ["~/state"]),
            ]
        ),
        (["XDG_CACHE_HOME": " /tmp/c"], [Change(name: "XDG_CACHE_HOME", value: nil, ignored: [" /tmp/c"])]),
        (["XDG_RUNTIME_DIR": "run\u{1B}[31m"], [Change(name: "XDG_RUNTIME_DIR", value: nil, ignored: ["run\u{1B}[31m"])]),
        (["XDG_DATA_DIRS": "/usr/local/share:/usr/share"], []),
        (["XDG_DATA_DIRS": "/usr/share::"], []),
        (["XDG_DATA_DIRS": "share:/usr/share:../x:"], [Change(name: "XDG_DATA_DIRS", value: "/usr/share", ignored: ["share", "../x"])]),
        (["XDG_CONFIG_DIRS": "etc:xdg"], [Change(name: "XDG_CONFIG_DIRS", value: nil, ignored: ["etc", "xdg"])]),
        (["HOME": "relative", "XDG_SOMETHING_HOME": "relative"], []),
    ]

    @Test("which variables change, and to what", arguments: rows.indices)
    func changes(_ index: Int) {
        let row = Self.rows[index]
        #expect(BaseDirectoryVariables.changes(in: row.environment) == row.changes, "\(row.environment)")
    }
}
