// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The XDG base directories as GLib resolves them (`$XDG_DATA_HOME`, else `~/.local/share`).
public enum UserDirectories {
    /// Where user data lives; read once per process by GLib.
    public static var data: String { String(cString: g_get_user_data_dir()) }
}
