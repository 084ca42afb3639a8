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
/// gettext returns its argument itself when there is no translation; that pointer is only valid
/// inside `withCString`, so the untranslated case returns `message` without reading it.
public func tr(_ message: String) -> String {
    message.withCString { msgid in
        guard let translated = g_dgettext(gettextDomain, msgid), translated != msgid else { return message }
        return String(cString: translated)
    }
}

/// Translates a string with a plural form (`trn:1,2` for xgettext).
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    let fallback = count == 1 ? singular : plural
    return singular.withCString { one in
        plural.withCString { many in
            guard let translated = g_dngettext(gettextDomain, one, many, gulong(max(0, count))), translated != one, translated != many
            else { return fallback }
            return String(cString: translated)
        }
    }
}
