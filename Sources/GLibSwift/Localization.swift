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

// Translated text has one placeholder style: `{name}`, filled from a table of values
// (`tr("Cannot write {file}: {reason}", ["file": name, "reason": why])`). Translators see what
// goes where and may reorder the placeholders; there is no printf-style format (`%@`, `%ld`), so
// a translation can never crash a format call, and the tests reject `%` placeholders in msgids.

/// Translates a user-visible string (the xgettext keyword is `tr`).
///
/// gettext returns its argument when there is no translation: that pointer is only valid inside
/// `withCString`, so the result is copied there (or the original string returned).
public func tr(_ message: String) -> String {
    translated(message)
}

/// Translates `message` and fills its `{name}` placeholders from `values`.
public func tr(_ message: String, _ values: [String: String]) -> String {
    fillingPlaceholders(translated(message), values)
}

/// Translates `message` in `context` (pgettext; the xgettext keyword is `trc:1c,2`): one English
/// word with two meanings gets one entry per meaning ("Title" of an event, a person's job "Title").
public func trc(_ context: String, _ message: String) -> String {
    translated(message, context: context)
}

/// Translates `message` in `context` and fills its `{name}` placeholders from `values`.
public func trc(_ context: String, _ message: String, _ values: [String: String]) -> String {
    fillingPlaceholders(translated(message, context: context), values)
}

/// The catalogue's translation of `message` in `context`, or `message`.
private func translated(_ message: String, context: String) -> String {
    // gettext keys a message with a context as "context\u{04}message"; an untranslated one comes
    // back as the message part of that key (copied while the key is alive).
    (context + "\u{04}" + message).withCString { key in
        guard let translated = g_dpgettext(gettextDomain, key, gsize(context.utf8.count + 1)) else { return message }
        return String(cString: translated)
    }
}

/// The catalogue's translation of `message`, or `message` (not `tr`, whose messages must be
/// literals for scripts/update-po).
private func translated(_ message: String) -> String {
    message.withCString { msgid in
        guard let translated = g_dgettext(gettextDomain, msgid), translated != msgid else { return message }
        return String(cString: translated)
    }
}

/// Translates a string with a plural form (`trn:1,2` for xgettext), chosen by `count`, and fills
/// its placeholders: `{count}` is `count` in digits, the others come from `values`.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ values: [String: String] = [:]) -> String {
    let translated = singular.withCString { msgid in
        plural.withCString { msgidPlural in
            guard let translated = g_dngettext(gettextDomain, msgid, msgidPlural, gulong(max(0, count))),
                translated != msgid, translated != msgidPlural
            else { return count == 1 ? singular : plural }
            return String(cString: translated)
        }
    }
    return fillingPlaceholders(translated, values.merging(["count": String(count)]) { given, _ in given })
}

/// `template` with every `{name}` whose name is a key of `values` replaced by its value, in one
/// pass: a value that itself contains `{name}` (a payload, a file name) is never filled again.
/// Braces that do not enclose a known name are kept as they are.
func fillingPlaceholders(_ template: String, _ values: [String: String]) -> String {
    guard !values.isEmpty else { return template }
    var out = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
        out += rest[..<open]
        let afterOpen = rest.index(after: open)
        if let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }), rest[close] == "}",
            let value = values[String(rest[afterOpen..<close])]
        {
            out += value
            rest = rest[rest.index(after: close)...]
        } else {
            out.append("{")
            rest = rest[afterOpen...]
        }
    }
    return out + rest
}
