// SPDX-License-Identifier: GPL-3.0-or-later
import CLinux
import Glibc

/// Renames a file only where nothing exists yet: the one way Saoma puts a file at a name that
/// must not be replaced (an export without `--force`, a moved-aside database).
///
/// `renameat2(RENAME_NOREPLACE)` first, an atomic check-and-rename in the kernel; on a file
/// system without it (EINVAL) or a kernel without the call (ENOSYS), `link()` then `unlink()`,
/// which also fails when the name exists. Never a check followed by a rename. Paths are
/// NUL-terminated bytes (names need not be UTF-8).
public enum NoReplaceRename {
    /// Moves `source` to `target`; returns 0, or the `errno` that stopped it (EEXIST when
    /// something is at `target`).
    public static func rename(_ source: [CChar], to target: [CChar]) -> Int32 {
        if saoma_rename_noreplace(source, target) == 0 { return 0 }
        let code = errno
        guard code == EINVAL || code == ENOSYS else { return code }
        guard link(source, target) == 0 else { return errno }
        unlink(source)
        return 0
    }

    /// `path` as the NUL-terminated C string the calls take.
    public static func cString(_ path: String) -> [CChar] { Array(path.utf8CString) }
}
