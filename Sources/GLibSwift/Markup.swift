// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Text from outside (file names, payloads, library messages) put safely into Pango markup.
///
/// `AdwToast` titles, `AdwStatusPage` descriptions and `AdwPreferencesRow` titles are parsed as
/// markup in libadwaita 1.2: an `&` empties them, a `<span …>` restyles them. Pass such text
/// through `Markup.escaped` (`g_markup_escape_text`), or set it as plain text where the widget
/// allows.
public enum Markup {
    /// `text` with `&`, `<`, `>`, `'` and `"` escaped, showing literally in markup.
    public static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
