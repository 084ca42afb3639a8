// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The gettext domain of every translatable string in Saoma.
public let gettextDomain = "saoma"

/// Binds the text domain to `localeDirectory` and selects the user's locale.
///
/// Call once at start-up, before any string is translated.
public func setUpLocalization(localeDirectory: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(gettextDomain, localeDirectory)
    bind_textdomain_codeset(gettextDomain, "UTF-8")
    textdomain(gettextDomain)
}

/// Translates a user-visible string (the xgettext keyword is `tr`).
///
/// gettext returns its argument when there is no translation: that pointer is only valid inside
/// `withCString`, so the result is copied there (or the original string returned).
public func tr(_ message: String) -> String {
    message.withCString { msgid in
        guard let translated = g_dgettext(gettextDomain, msgid), translated != msgid else { return message }
        return String(cString: translated)
    }
}

/// Translates a string with a plural form (`trn:1,2` for xgettext).
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    singular.withCString { msgid in
        plural.withCString { msgidPlural in
            guard let translated = g_dngettext(gettextDomain, msgid, msgidPlural, gulong(max(0, count))),
                translated != msgid, translated != msgidPlural
            else { return count == 1 ? singular : plural }
            return String(cString: translated)
        }
    }
}

/// Translates `message` and fills its `{name}` placeholders from `values` (translators keep the
/// placeholders and may move them).
public func tr(_ message: String, _ values: [String: String]) -> String {
    values.reduce(tr(message)) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
}
