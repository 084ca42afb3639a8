// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// Building blocks of the result page: headings, field rows with copy buttons, buttons.
extension ResultPage {
    /// One labelled value of a field list.
    struct Field {
        var caption: String
        var value: String
        var multiline = false
        /// The accessible name and tooltip of the copy button ("Copy Password").
        var copyLabel: String
        /// What the copy button copies when it differs from the value shown (an IBAN without its spaces).
        var copyValue: String?
    }

    /// A new label showing `text` literally (never markup), with style classes.
    static func label(_ text: String, classes: [String] = [], selectable: Bool = false, wrap: Bool = true) -> UnsafeMutablePointer<
        GtkWidget
    > {
        let label = gtk_label_new(nil)!
        gtk_label_set_text(OpaquePointer(label), text)
        gtk_label_set_selectable(OpaquePointer(label), selectable ? 1 : 0)
        if wrap {
            gtk_label_set_wrap(OpaquePointer(label), 1)
            let unbroken = ResultPage.longestUnbrokenRun(text) > ResultPage.longestWordWrapped
            gtk_label_set_wrap_mode(OpaquePointer(label), unbroken ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        }
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    /// Longest run of characters without a space, in characters, that is wrapped at word
    /// boundaries; text with longer runs wraps at any character (Pango's word-or-character
    /// wrapping of one 7089-character word took 15.7 s here, character wrapping 0.3 s).
    static let longestWordWrapped = 64

    /// The length, in characters (Unicode scalars), of the longest run in `text` without white space.
    static func longestUnbrokenRun(_ text: String) -> Int {
        var longest = 0
        var current = 0
        for s in text.unicodeScalars {
            if s.properties.isWhitespace {
                current = 0
            } else {
                current += 1
                longest = max(longest, current)
            }
        }
        return longest
    }

    /// Size of the kind's icon beside its title, in pixels.
    static let headingIconSize: Int32 = 32

    /// The kind's icon and title, on one line at the top of the page.
    static func heading(_ title: String, icon: String) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        let image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(OpaquePointer(image), headingIconSize)
        gtk_widget_add_css_class(image, "dim-label")
        gtk_box_append(gcast(box), image)
        let title = label(title, classes: ["title-2"])
        gtk_box_append(gcast(box), title)
        return box
    }

    /// A boxed list of fields, each with its value (selectable) and a copy button.
    func fieldList(_ fields: [Field]) -> UnsafeMutablePointer<GtkWidget> {
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        for field in fields {
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            ResultPage.setMargins(row, 12)
            let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)!
            gtk_widget_set_hexpand(texts, 1)
            let caption = ResultPage.label(field.caption, classes: ["caption", "dim-label"])
            gtk_label_set_xalign(OpaquePointer(caption), 0)
            gtk_box_append(gcast(texts), caption)
            let value = ResultPage.label(ResultPage.visible(field.value, multiline: field.multiline), selectable: true)
            gtk_label_set_xalign(OpaquePointer(value), 0)
            gtk_box_append(gcast(texts), value)
            gtk_box_append(gcast(row), texts)
            let copied = CopiedValue(text: field.copyValue ?? field.value, confirmation: ResultPage.copiedMessage(field.caption))
            gtk_box_append(gcast(row), copyButton(copied, label: field.copyLabel))
            let listRow = gtk_list_box_row_new()!
            gtk_list_box_row_set_activatable(gcast(listRow), 0)
            gtk_list_box_row_set_child(gcast(listRow), row)
            gtk_list_box_append(OpaquePointer(list), listRow)
        }
        return list
    }

    /// The toast after copying a field: "{caption} copied".
    static func copiedMessage(_ caption: String) -> String {
        // Translators: the toast after a copy; {what} is the field's caption ("Password", "Network name").
        tr("{what} copied", ["what": caption])
    }

    /// Adds a labelled button copying `text` to the page's actions (`confirmation` its toast) and
    /// returns the value it copies, the page's main value where the caller returns it.
    func addCopyAction(_ label: String, text: String, confirmation: String, to page: Sections) -> CopiedValue {
        let copied = CopiedValue(text: text, confirmation: confirmation)
        page.addAction(copyAction(label, copied))
        return copied
    }

    /// A labelled button that copies `value` (an action of the page).
    func copyAction(_ label: String, _ value: CopiedValue) -> UnsafeMutablePointer<GtkWidget> {
        let button = ResultPage.button(label, icon: "edit-copy-symbolic")
        onClicked(button) { [weak self] in self?.copy(value) }
        return button
    }

    /// A flat icon button that copies `value`; `label` is its tooltip and accessible name.
    func copyButton(_ value: CopiedValue, label: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name("edit-copy-symbolic")!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        ResultPage.setAccessibleLabel(button, label)
        onClicked(button) { [weak self] in self?.copy(value) }
        return button
    }

    /// A button with an icon and a visible label (its accessible name).
    static func button(_ label: String, icon: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        setButtonContent(button, label: label, icon: icon)
        return button
    }

    /// Lines of warnings with icons: each a sentence and whether it is a danger (else a caution).
    static func warningLines(_ lines: [(text: String, danger: Bool)]) -> UnsafeMutablePointer<GtkWidget> {
        let list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        for (sentence, danger) in lines {
            let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
            let icon = gtk_image_new_from_icon_name(danger ? "dialog-error-symbolic" : "dialog-warning-symbolic")!
            gtk_widget_set_valign(icon, GTK_ALIGN_START)
            gtk_box_append(gcast(line), icon)
            let text = label(sentence)
            gtk_label_set_xalign(OpaquePointer(text), 0)
            gtk_widget_set_hexpand(text, 1)
            gtk_box_append(gcast(line), text)
            gtk_widget_add_css_class(line, danger ? "error" : "warning")
            gtk_box_append(gcast(list), line)
        }
        return list
    }

    /// Sets the tooltip and the accessible label of an icon-only widget.
    static func setAccessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        gtk_widget_set_tooltip_text(widget, label)
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))
        g_value_set_string(&value, label)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }

    /// Pixels a toast takes at the foot of its overlay beyond one line of text: its padding and
    /// buttons (46 px high with a 17 px line here) and the 24 px margin under it, and 4 px to spare.
    static let toastRoomBeyondLine: Int32 = 57

    /// Makes `footer`, at the foot of a toast overlay, as tall as a toast and the margin under it
    /// for the text size in use, so that a toast covers the footer and nothing above it.
    static func makeRoomForToasts(_ footer: UnsafeMutablePointer<GtkWidget>) {
        guard let layout = gtk_widget_create_pango_layout(footer, "Hg").map({ ObjectRef(adopting: $0) }) else { return }
        var width: gint = 0
        var height: gint = 0
        pango_layout_get_pixel_size(layout.pointer, &width, &height)
        gtk_widget_set_size_request(footer, -1, height + toastRoomBeyondLine)
    }

    /// Sets all four margins of `widget`, in pixels.
    static func setMargins(_ widget: UnsafeMutablePointer<GtkWidget>, _ margin: Int32) {
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
    }

    /// `text` with control characters shown as visible symbols (line breaks and tabs kept when
    /// `multiline`), so a payload cannot hide or reorder what is shown.
    static func visible(_ text: String, multiline: Bool) -> String {
        VisibleText.of(DisplayText.shown(text, multiline ? .field : .line), keepingLineBreaks: multiline)
    }
}

extension ResultPage {
    /// The icon of a kind of code, on its result page, in lists and in the desktop's search
    /// (pure, so any thread may ask).
    nonisolated static func icon(for kind: ContentSummary.Kind) -> String {
        switch kind {
        case .content(.text): "text-x-generic-symbolic"
        case .content(.link): "web-browser-symbolic"
        case .content(.wifi): "network-wireless-symbolic"
        case .content(.contact): "avatar-default-symbolic"
        case .content(.email): "mail-unread-symbolic"
        case .content(.phone): "call-start-symbolic"
        case .content(.sms): "mail-send-symbolic"
        case .content(.geo): "mark-location-symbolic"
        case .content(.event): "x-office-calendar-symbolic"
        case .content(.otp): "dialog-password-symbolic"
        case .content(.payment): "x-office-spreadsheet-symbolic"
        case .content(.product), .gs1: "package-x-generic-symbolic"
        case .content(.boardingPass): "airplane-mode-symbolic"
        case .content(.identityDocument): "auth-smartcard-symbolic"
        case .content(.railTicket): "emblem-documents-symbolic"
        case .book: "accessories-dictionary-symbolic"
        case .binary: "application-x-executable-symbolic"
        }
    }
}

extension [ResultPage.Field] {
    /// Appends a field showing `value` (with `copyLabel` on its copy button), unless the value is
    /// missing or empty.
    mutating func add(_ caption: String, _ value: String?, _ copyLabel: String, multiline: Bool = false, copyValue: String? = nil) {
        guard let value, !value.isEmpty else { return }
        append(ResultPage.Field(caption: caption, value: value, multiline: multiline, copyLabel: copyLabel, copyValue: copyValue))
    }
}
