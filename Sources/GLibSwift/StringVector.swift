// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The strings of a `NULL`-terminated C string array (`gchar **`) handed over with transfer full,
/// which is freed (`g_strfreev`); `[]` for `NULL`.
public func stringArray(takingStrv strv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
    guard let strv else { return [] }
    defer { g_strfreev(strv) }
    var out: [String] = []
    var i = 0
    while let s = strv[i] {
        out.append(String(cString: s))
        i += 1
    }
    return out
}
