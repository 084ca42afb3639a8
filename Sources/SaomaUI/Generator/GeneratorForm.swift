// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// One input of a template's form.
struct GeneratorFieldSpec {
    enum Kind {
        /// A one-line entry.
        case line
        /// A password entry with a peek icon.
        case secret
        /// A multi-line text view.
        case multiline
        /// A check button.
        case toggle
        /// A drop-down of these items.
        case choice([String])
    }

    /// The key in `GeneratorFormValues`.
    let key: String
    /// The visible label (translated), with a mnemonic underscore.
    let label: String
    let kind: Kind
    /// Example text shown in an empty entry (translated), or empty.
    var placeholder = ""
}

/// The fields of one content template: labelled inputs in a vertical box, read as `GeneratorFormValues`.
///
/// UI thread only; owns its widget (a sunk reference released in `deinit`); the inputs belong to it.
@MainActor
final class GeneratorForm {
    let template: ContentTemplate
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// Called on every edit of any field.
    var onChange: (@MainActor () -> Void)?

    private var editables: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    private var textViews: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    private var toggles: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    private var dropDowns: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    /// The first input, focused by `focusFirstField`.
    private(set) var firstInput: UnsafeMutablePointer<GtkWidget>?

    init(template: ContentTemplate) {
        self.template = template
        widgetRef = WidgetRef(sinking: gtk_box_new(GTK_ORIENTATION_VERTICAL, 10))
        for spec in GeneratorForm.fields(for: template) { add(spec) }
    }

    /// The current contents of every field.
    var values: GeneratorFormValues {
        var out = GeneratorFormValues()
        for (key, entry) in editables { out.texts[key] = String(cString: gtk_editable_get_text(OpaquePointer(entry))) }
        for (key, view) in textViews { out.texts[key] = Self.text(of: view) }
        for (key, check) in toggles { out.toggles[key] = gtk_check_button_get_active(gcast(check)) != 0 }
        for (key, dropDown) in dropDowns { out.choices[key] = Int(gtk_drop_down_get_selected(OpaquePointer(dropDown))) }
        return out
    }

    /// Sets a text field as if typed (emits `changed`); returns `false` when there is no such field.
    @discardableResult
    func setText(_ key: String, _ text: String) -> Bool {
        if let entry = editables[key] {
            gtk_editable_set_text(OpaquePointer(entry), text)
            return true
        }
        if let view = textViews[key], let buffer = gtk_text_view_get_buffer(gcast(view)) {
            gtk_text_buffer_set_text(buffer, text, -1)
            return true
        }
        return false
    }

    /// Sets a switch; returns `false` when there is no such field.
    @discardableResult
    func setToggle(_ key: String, _ on: Bool) -> Bool {
        guard let check = toggles[key] else { return false }
        gtk_check_button_set_active(gcast(check), on ? 1 : 0)
        return true
    }

    /// Chooses item `index` of a drop-down; returns `false` when there is no such field.
    @discardableResult
    func setChoice(_ key: String, _ index: Int) -> Bool {
        guard let dropDown = dropDowns[key] else { return false }
        gtk_drop_down_set_selected(OpaquePointer(dropDown), guint(index))
        return true
    }

    /// Shows or hides field `key` with its label.
    func setFieldVisible(_ key: String, _ visible: Bool) {
        guard let input = input(key) else { return }
        // A labelled field sits in its own box (a text view one level deeper, in its scroller).
        let group = textViews[key] != nil ? gtk_widget_get_parent(gtk_widget_get_parent(input)) : gtk_widget_get_parent(input)
        if toggles[key] != nil {
            gtk_widget_set_visible(input, visible ? 1 : 0)
        } else if let group {
            gtk_widget_set_visible(group, visible ? 1 : 0)
        }
    }

    /// The input widget of field `key`, if any.
    func input(_ key: String) -> UnsafeMutablePointer<GtkWidget>? {
        editables[key] ?? textViews[key] ?? toggles[key] ?? dropDowns[key]
    }

    private func add(_ spec: GeneratorFieldSpec) {
        let input: UnsafeMutablePointer<GtkWidget>
        switch spec.kind {
        case .line, .secret:
            if case .secret = spec.kind {
                input = gtk_password_entry_new()
                gtk_password_entry_set_show_peek_icon(OpaquePointer(input), 1)
            } else {
                input = gtk_entry_new()
                if !spec.placeholder.isEmpty { gtk_entry_set_placeholder_text(gcast(input), spec.placeholder) }
                gtk_entry_set_activates_default(gcast(input), 1)
            }
            editables[spec.key] = input
            onChanged(input) { [weak self] in self?.onChange?() }
        case .multiline:
            let view: UnsafeMutablePointer<GtkWidget> = gtk_text_view_new()
            gtk_text_view_set_wrap_mode(gcast(view), GTK_WRAP_WORD_CHAR)
            gtk_text_view_set_accepts_tab(gcast(view), 0)
            gtk_text_view_set_top_margin(gcast(view), 6)
            gtk_text_view_set_bottom_margin(gcast(view), 6)
            gtk_text_view_set_left_margin(gcast(view), 6)
            gtk_text_view_set_right_margin(gcast(view), 6)
            textViews[spec.key] = view
            if let buffer = gtk_text_view_get_buffer(gcast(view)) {
                onChanged(UnsafeMutableRawPointer(buffer)) { [weak self] in self?.onChange?() }
            }
            let scroller: UnsafeMutablePointer<GtkWidget> = gtk_scrolled_window_new()
            gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
            gtk_scrolled_window_set_min_content_height(OpaquePointer(scroller), 96)
            gtk_scrolled_window_set_child(OpaquePointer(scroller), view)
            gtk_widget_add_css_class(scroller, "card")
            gtk_widget_add_css_class(scroller, "generator-text")
            gtk_box_append(gcast(widget), GeneratorPage.labelled(spec.label, view, showing: scroller))
            firstInput = firstInput ?? view
            return
        case .toggle:
            input = mnemonicCheckButton(spec.label)
            toggles[spec.key] = input
            onToggled(input) { [weak self] in self?.onChange?() }
            gtk_box_append(gcast(widget), input)
            firstInput = firstInput ?? input
            return
        case .choice(let items):
            var cStrings = items.map { strdup($0) }
            cStrings.append(nil)
            defer { cStrings.forEach { free($0) } }
            input = cStrings.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { gtk_drop_down_new_from_strings($0.baseAddress) }
            }
            dropDowns[spec.key] = input
            onNotify(input, property: "selected") { [weak self] in self?.onChange?() }
        }
        gtk_box_append(gcast(widget), GeneratorPage.labelled(spec.label, input))
        firstInput = firstInput ?? input
    }

    private static func text(of view: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let buffer = gtk_text_view_get_buffer(gcast(view)) else { return "" }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The fields of each template, in order (labels translated at call time).
    static func fields(for template: ContentTemplate) -> [GeneratorFieldSpec] {
        switch template {
        case .text:
            return [GeneratorFieldSpec(key: "text", label: tr("_Text"), kind: .multiline)]
        case .url:
            return [GeneratorFieldSpec(key: "url", label: tr("_Address"), kind: .line, placeholder: tr("https://example.org"))]
        case .wifi:
            return [
                GeneratorFieldSpec(key: "ssid", label: tr("_Network name (SSID)"), kind: .line),
                GeneratorFieldSpec(key: "password", label: tr("_Password"), kind: .secret),
                GeneratorFieldSpec(
                    key: "security", label: tr("_Security"),
                    kind: .choice([tr("WPA/WPA2"), tr("WPA3 only"), tr("WEP (outdated)"), tr("None (open network)")])),
                GeneratorFieldSpec(key: "hidden", label: tr("_Hidden network"), kind: .toggle),
            ]
        case .contact:
            return [
                GeneratorFieldSpec(key: "name", label: tr("_Name"), kind: .line),
                GeneratorFieldSpec(key: "organization", label: tr("_Organisation"), kind: .line),
                GeneratorFieldSpec(key: "title", label: tr("_Job title"), kind: .line),
                GeneratorFieldSpec(key: "phone", label: tr("_Phone"), kind: .line, placeholder: tr("+49 30 1234567")),
                GeneratorFieldSpec(key: "email", label: tr("_E-mail"), kind: .line, placeholder: tr("name@example.org")),
                GeneratorFieldSpec(key: "website", label: tr("_Website"), kind: .line, placeholder: tr("https://example.org")),
                GeneratorFieldSpec(key: "address", label: tr("A_ddress"), kind: .line),
                GeneratorFieldSpec(key: "note", label: tr("N_ote"), kind: .line),
                GeneratorFieldSpec(key: "format", label: tr("_Card format"), kind: .choice([tr("MECARD (compact)"), tr("vCard 3.0")])),
            ]
        case .email:
            return [
                GeneratorFieldSpec(key: "to", label: tr("_To"), kind: .line, placeholder: tr("name@example.org")),
                GeneratorFieldSpec(key: "subject", label: tr("_Subject"), kind: .line),
                GeneratorFieldSpec(key: "body", label: tr("_Message"), kind: .multiline),
            ]
        case .phone:
            return [GeneratorFieldSpec(key: "number", label: tr("_Phone number"), kind: .line, placeholder: tr("+49 30 1234567"))]
        case .sms:
            return [
                GeneratorFieldSpec(key: "number", label: tr("_Phone number"), kind: .line, placeholder: tr("+49 30 1234567")),
                GeneratorFieldSpec(key: "body", label: tr("_Message"), kind: .multiline),
            ]
        case .geo:
            return [
                GeneratorFieldSpec(key: "latitude", label: tr("_Latitude (°N)"), kind: .line, placeholder: tr("52.5163")),
                GeneratorFieldSpec(key: "longitude", label: tr("L_ongitude (°E)"), kind: .line, placeholder: tr("13.3777")),
                GeneratorFieldSpec(key: "altitude", label: tr("_Altitude in metres (optional)"), kind: .line),
                GeneratorFieldSpec(key: "query", label: tr("_Label (optional)"), kind: .line),
            ]
        }
    }
}
