// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import QREncoding
import SaomaCore

/// The side panel's Generate page: a template chooser with its fields, a live, crisp preview
/// with capacity and self-check (a hint over the empty preview saying what to type), the
/// symbol's options, and a bar that never scrolls away with why there is no code or why it may
/// not scan (a field's problem, the colours' contrast) over Save as… (named after the content),
/// Copy image and Show full screen.
///
/// Embed `widget` anywhere (the window puts it in its side panel). UI thread only; owns its
/// widget tree (a sunk reference released in `deinit`). Generation runs on `worker`; results come
/// back through the GLib main loop and only the newest request's result is shown.
@MainActor
public final class GeneratorPage {
    /// Smallest side of the preview, in points (the side panel is 340 points wide).
    static let previewSide: gint = 280
    /// Width of the empty preview's hint, in characters.
    static let hintWidthChars: gint = 24
    /// Milliseconds of typing pause before the preview is regenerated.
    static let debounceMilliseconds: guint = 150

    /// The page's root widget (a vertically scrolling column over the action bar).
    public var widget: UnsafeMutablePointer<GtkWidget> { root }
    var root: UnsafeMutablePointer<GtkWidget> { rootRef.pointer }
    private let rootRef: WidgetRef

    // MARK: Widgets (owned by `root`'s tree)

    let templateDropDown: UnsafeMutablePointer<GtkWidget>
    /// The kind of code (`GeneratorPage+Format.swift`).
    let formatDropDown: UnsafeMutablePointer<GtkWidget>
    let formStack: UnsafeMutablePointer<GtkWidget>
    /// One form per template, created up front so switching back keeps what was typed.
    private(set) var forms: [ContentTemplate: GeneratorForm] = [:]
    let preview: QRCodeCanvas
    /// What to type, over the preview while there is no code.
    let emptyHint: UnsafeMutablePointer<GtkWidget>
    let capacityLabel: UnsafeMutablePointer<GtkWidget>
    /// Inline problems with the content or the options (red).
    let messageLabel: UnsafeMutablePointer<GtkWidget>
    /// The self-check's verdict.
    let verdictLabel: UnsafeMutablePointer<GtkWidget>
    let levelDropDown: UnsafeMutablePointer<GtkWidget>
    let quietZoneSpin: UnsafeMutablePointer<GtkWidget>
    let moduleSizeSpin: UnsafeMutablePointer<GtkWidget>
    let exportSizeLabel: UnsafeMutablePointer<GtkWidget>
    let foregroundButton: UnsafeMutablePointer<GtkWidget>
    let backgroundButton: UnsafeMutablePointer<GtkWidget>
    let contrastLabel: UnsafeMutablePointer<GtkWidget>
    /// Outcome of the last save or copy.
    let actionStatusLabel: UnsafeMutablePointer<GtkWidget>
    let saveButton: UnsafeMutablePointer<GtkWidget>
    let copyButton: UnsafeMutablePointer<GtkWidget>
    let fullScreenButton: UnsafeMutablePointer<GtkWidget>

    // MARK: State (UI thread)

    /// Largest quiet zone offered, in modules (the `generator-quiet-zone` key's range in the schema).
    static let maximumQuietZone = 16
    /// The error-correction levels in the drop-down's order.
    static let levels: [ErrorCorrectionLevel] = [.low, .medium, .quartile, .high]
    /// The templates in the drop-down's order.
    static let templates: [ContentTemplate] = [.text, .url, .wifi, .contact, .email, .phone, .sms, .geo]

    let debounce = GeneratorTimer()
    /// Serial queue for encoding and the self-check (a zbar decode of the exported image).
    let worker = DispatchQueueWorker()
    /// Number of the newest generation request; older results are dropped.
    var requestNumber = 0
    /// Whether a generation request is on the worker and not yet back.
    var isGenerating = false
    /// The code shown and exported (nil when there is none), with the text it holds.
    private(set) var current: GeneratorResult?
    /// Whether an inline problem replaces the code (the empty preview's hint then stays away).
    var isShowingProblem = false
    /// The accessible label and description last given to the preview (kept for tests: GTK 4.8
    /// cannot read them back).
    private(set) var previewAccessibleLabel = ""
    private(set) var previewAccessibleDescription = ""
    /// The full-screen view while it is open.
    var fullScreen: GeneratorFullScreen?
    /// The open save dialog, kept alive until it answers.
    var saveDialog: SaveFileChooser?

    public init() {
        rootRef = WidgetRef(sinking: gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        templateDropDown = GeneratorPage.dropDown([
            tr("Text"), tr("Link (URL)"), tr("Wi-Fi network"), tr("Contact"), tr("E-mail"), tr("Phone call"), tr("Text message (SMS)"),
            tr("Place (geo)"),
        ])
        formatDropDown = GeneratorPage.makeFormatDropDown()
        formStack = gtk_stack_new()
        preview = QRCodeCanvas(backdrop: .card)
        emptyHint = GeneratorPage.label(classes: ["dim-label", "generator-hint"])
        capacityLabel = GeneratorPage.label(classes: ["dim-label", "caption", "numeric"])
        messageLabel = GeneratorPage.label(classes: ["error"])
        verdictLabel = GeneratorPage.label(classes: [])
        levelDropDown = GeneratorPage.dropDown([
            tr("L — 7 % recoverable"), tr("M — 15 % recoverable"), tr("Q — 25 % recoverable"), tr("H — 30 % recoverable"),
        ])
        quietZoneSpin = gtk_spin_button_new_with_range(0, Double(GeneratorPage.maximumQuietZone), 1)
        moduleSizeSpin = gtk_spin_button_new_with_range(1, Double(QRStyle.maximumModuleSize), 1)
        exportSizeLabel = GeneratorPage.label(classes: ["dim-label", "caption", "numeric"])
        foregroundButton = GeneratorPage.colorButton(.black, title: tr("Code colour"))
        backgroundButton = GeneratorPage.colorButton(.white, title: tr("Background colour"))
        contrastLabel = GeneratorPage.label(classes: ["warning"])
        actionStatusLabel = GeneratorPage.label(classes: ["dim-label"])
        saveButton = mnemonicButton(tr("_Save as…"))
        copyButton = mnemonicButton(tr("_Copy image"))
        fullScreenButton = created(gtk_button_new_from_icon_name("view-fullscreen-symbolic"))
        gtk_widget_set_tooltip_text(fullScreenButton, tr("Show full screen"))
        saoma_accessible_set_label(gcast(fullScreenButton), tr("Show full screen"))
        buildLayout()
        restoreOptions()
        connectSignals()
        refreshOptionsText()
        regenerate()
    }

    isolated deinit {
        debounce.cancel()
    }

    /// The template whose form is shown.
    var template: ContentTemplate {
        GeneratorPage.templates[min(Int(gtk_drop_down_get_selected(OpaquePointer(templateDropDown))), GeneratorPage.templates.count - 1)]
    }

    /// Shows `template`'s form.
    func choose(_ template: ContentTemplate) {
        guard let index = GeneratorPage.templates.firstIndex(of: template) else { return }
        gtk_drop_down_set_selected(OpaquePointer(templateDropDown), guint(index))
    }

    /// The form of the template shown.
    var form: GeneratorForm? { forms[template] }

    /// Moves the keyboard focus to the shown form's first field.
    /// Gives the keyboard focus to the form's first field (the template menu when there is none)
    /// and returns that widget.
    @discardableResult
    public func focusFirstField() -> UnsafeMutablePointer<GtkWidget> {
        let field = form?.firstInput ?? templateDropDown
        gtk_widget_grab_focus(field)
        return field
    }

    /// The error-correction level chosen.
    var level: ErrorCorrectionLevel {
        GeneratorPage.levels[min(Int(gtk_drop_down_get_selected(OpaquePointer(levelDropDown))), GeneratorPage.levels.count - 1)]
    }

    /// The look chosen in the options: quiet zone, export module size and colours.
    var style: QRStyle {
        QRStyle(
            quietZone: Int(gtk_spin_button_get_value_as_int(OpaquePointer(quietZoneSpin))),
            sizing: .moduleSize(Int(gtk_spin_button_get_value_as_int(OpaquePointer(moduleSizeSpin)))),
            foreground: GeneratorPage.color(of: foregroundButton), background: GeneratorPage.color(of: backgroundButton))
    }

    /// Sets the shown result (or none) and everything that depends on it.
    func setCurrent(_ result: GeneratorResult?) {
        current = result
        let enabled: gboolean = result == nil ? 0 : 1
        gtk_widget_set_sensitive(saveButton, enabled)
        gtk_widget_set_sensitive(copyButton, enabled)
        gtk_widget_set_sensitive(fullScreenButton, enabled)
        gtk_widget_set_visible(emptyHint, result == nil && !isShowingProblem ? 1 : 0)
        gtk_label_set_text(OpaquePointer(emptyHint), GeneratorMessages.emptyHint(for: template))
        if let result {
            preview.show(result.appearance)
            previewAccessibleLabel = GeneratorMessages.accessibleLabel(for: result.text, format: result.code.format)
            previewAccessibleDescription = GeneratorMessages.accessibleDescription(for: result)
        } else {
            preview.show(nil)
            previewAccessibleLabel = tr("No QR code yet")
            previewAccessibleDescription = tr("Fill in the fields above to make a code.")
        }
        GeneratorPage.setAccessibleText(preview.widget, label: previewAccessibleLabel, description: previewAccessibleDescription)
        fullScreen?.show(result?.appearance)
    }

    // MARK: Building

    private func buildLayout() {
        let scroller: UnsafeMutablePointer<GtkWidget> = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(gcast(root), scroller)
        let column: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_add_css_class(column, "generator-page")
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(column, 12)
        }
        gtk_scrolled_window_set_child(OpaquePointer(scroller), column)

        gtk_box_append(gcast(column), GeneratorPage.labelled(tr("_Content"), templateDropDown))
        gtk_box_append(gcast(column), GeneratorPage.labelled(tr("_Kind of code"), formatDropDown))
        for template in GeneratorPage.templates {
            let form = GeneratorForm(template: template)
            forms[template] = form
            gtk_stack_add_named(OpaquePointer(formStack), form.widget, template.rawValue)
        }
        gtk_stack_set_vhomogeneous(OpaquePointer(formStack), 0)
        gtk_stack_set_hhomogeneous(OpaquePointer(formStack), 0)
        gtk_box_append(gcast(column), formStack)

        gtk_widget_set_size_request(preview.widget, GeneratorPage.previewSide, GeneratorPage.previewSide)
        gtk_widget_set_hexpand(preview.widget, 1)
        gtk_widget_add_css_class(preview.widget, "generator-preview")
        let previewOverlay: UnsafeMutablePointer<GtkWidget> = gtk_overlay_new()
        gtk_overlay_set_child(OpaquePointer(previewOverlay), preview.widget)
        gtk_label_set_justify(OpaquePointer(emptyHint), GTK_JUSTIFY_CENTER)
        gtk_label_set_xalign(OpaquePointer(emptyHint), 0.5)
        gtk_label_set_max_width_chars(OpaquePointer(emptyHint), GeneratorPage.hintWidthChars)
        gtk_widget_set_halign(emptyHint, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(emptyHint, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(emptyHint, 0)
        gtk_overlay_add_overlay(OpaquePointer(previewOverlay), emptyHint)
        gtk_box_append(gcast(column), previewOverlay)
        addDragSource()
        for label in [capacityLabel, verdictLabel] { gtk_box_append(gcast(column), label) }

        // The actions stay in view under the scrolling column.
        let bar: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_add_css_class(bar, "generator-actions")
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(bar, 12)
        }
        let buttons: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(saveButton, "suggested-action")
        gtk_widget_set_hexpand(saveButton, 1)
        gtk_widget_set_hexpand(copyButton, 1)
        for button in [saveButton, copyButton, fullScreenButton] { gtk_box_append(gcast(buttons), button) }
        // Why there is no code, or why it may not scan, stays in view with the actions.
        gtk_box_append(gcast(bar), messageLabel)
        gtk_box_append(gcast(bar), contrastLabel)
        gtk_box_append(gcast(bar), buttons)
        gtk_box_append(gcast(bar), actionStatusLabel)
        gtk_box_append(gcast(root), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_box_append(gcast(root), bar)

        let heading = GeneratorPage.label(classes: ["heading"])
        gtk_label_set_text(OpaquePointer(heading), tr("Options"))
        gtk_box_append(gcast(column), heading)
        gtk_box_append(gcast(column), GeneratorPage.labelled(tr("_Error correction"), levelDropDown))
        gtk_box_append(gcast(column), GeneratorPage.labelled(tr("_Quiet zone (modules)"), quietZoneSpin))
        gtk_box_append(gcast(column), GeneratorPage.labelled(tr("_Pixels per module (saved image)"), moduleSizeSpin))
        gtk_box_append(gcast(column), exportSizeLabel)
        let colours: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_box_set_homogeneous(gcast(colours), 1)
        gtk_box_append(gcast(colours), GeneratorPage.labelled(tr("Co_de colour"), foregroundButton))
        gtk_box_append(gcast(colours), GeneratorPage.labelled(tr("_Background"), backgroundButton))
        gtk_box_append(gcast(column), colours)
    }

    private func connectSignals() {
        onNotify(templateDropDown, property: "selected") { [weak self] in
            guard let self else { return }
            gtk_stack_set_visible_child_name(OpaquePointer(self.formStack), self.template.rawValue)
            self.scheduleRegeneration()
        }
        for form in forms.values {
            form.onChange = { [weak self] in self?.scheduleRegeneration() }
        }
        if let wifi = forms[.wifi], let security = wifi.input("security") {
            // Open networks have no password: its field goes away while “None” is chosen.
            onNotify(security, property: "selected") { [weak wifi] in
                guard let wifi else { return }
                wifi.setFieldVisible("password", wifi.values.choice("security") != GeneratorContent.wifiSecurities.firstIndex(of: .open))
            }
        }
        onNotify(formatDropDown, property: "selected") { [weak self] in self?.formatChanged() }
        onNotify(levelDropDown, property: "selected") { [weak self] in
            guard let self else { return }
            AppSettings.shared.setString("generator-error-correction", self.level.rawValue)
            self.scheduleRegeneration()
        }
        onSimpleSignal(quietZoneSpin, "value-changed") { [weak self] in
            guard let self else { return }
            AppSettings.shared.setInt("generator-quiet-zone", Int(gtk_spin_button_get_value_as_int(OpaquePointer(self.quietZoneSpin))))
            self.scheduleRegeneration()
        }
        onSimpleSignal(moduleSizeSpin, "value-changed") { [weak self] in self?.scheduleRegeneration() }
        for button in [foregroundButton, backgroundButton] {
            onNotify(button, property: "rgba") { [weak self] in
                self?.refreshOptionsText()
                self?.scheduleRegeneration()
            }
        }
        onClicked(saveButton) { [weak self] in self?.presentSaveDialog() }
        onClicked(copyButton) { [weak self] in self?.copyImageToClipboard() }
        onClicked(fullScreenButton) { [weak self] in self?.presentFullScreen() }
    }

    /// Reads the remembered level and quiet zone.
    private func restoreOptions() {
        let level = ErrorCorrectionLevel(userName: AppSettings.shared.string("generator-error-correction")) ?? .medium
        gtk_drop_down_set_selected(OpaquePointer(levelDropDown), guint(GeneratorPage.levels.firstIndex(of: level) ?? 1))
        let zone = AppSettings.shared.int("generator-quiet-zone")
        gtk_spin_button_set_value(
            OpaquePointer(quietZoneSpin), Double((0...GeneratorPage.maximumQuietZone).contains(zone) ? zone : QRStyle.standardQuietZone))
        gtk_spin_button_set_value(OpaquePointer(moduleSizeSpin), Double(QRStyle.defaultModuleSize))
    }

    // MARK: Small widget factories

    static func label(classes: [String]) -> UnsafeMutablePointer<GtkWidget> {
        let label: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_selectable(OpaquePointer(label), 0)
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    /// A caption label (with its mnemonic) above `shown`, naming `input` for assistive
    /// technologies; `shown` is `input` unless the input sits in another widget (a text view in
    /// its scroller).
    static func labelled(
        _ text: String, _ input: UnsafeMutablePointer<GtkWidget>, showing shown: UnsafeMutablePointer<GtkWidget>? = nil
    ) -> UnsafeMutablePointer<GtkWidget> {
        let group: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        let label: UnsafeMutablePointer<GtkWidget> = gtk_label_new_with_mnemonic(text)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_label_set_mnemonic_widget(OpaquePointer(label), input)
        gtk_widget_add_css_class(label, "caption-heading")
        gtk_box_append(gcast(group), label)
        gtk_box_append(gcast(group), shown ?? input)
        return group
    }

    static func dropDown(_ items: [String]) -> UnsafeMutablePointer<GtkWidget> {
        var cStrings = items.map { strdup($0) }
        cStrings.append(nil)
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { gtk_drop_down_new_from_strings($0.baseAddress) }
        }
    }

    static func colorButton(_ color: RGBColor, title: String) -> UnsafeMutablePointer<GtkWidget> {
        var rgba = GdkRGBA(red: Float(color.red) / 255, green: Float(color.green) / 255, blue: Float(color.blue) / 255, alpha: 1)
        let button: UnsafeMutablePointer<GtkWidget> = gtk_color_button_new_with_rgba(&rgba)
        gtk_color_button_set_title(OpaquePointer(button), title)
        gtk_color_chooser_set_use_alpha(OpaquePointer(button), 0)
        // GTK 4.8's colour button is a box around a nameless GtkButton: name the one that is pressed.
        saoma_accessible_set_label(gcast(button), title)
        if let inner = gtk_widget_get_first_child(button) { saoma_accessible_set_label(gcast(inner), title) }
        return button
    }

    /// A colour button's colour as 8-bit sRGB (alpha ignored: codes are opaque).
    static func color(of button: UnsafeMutablePointer<GtkWidget>) -> RGBColor {
        var rgba = GdkRGBA()
        gtk_color_chooser_get_rgba(OpaquePointer(button), &rgba)
        func channel(_ value: Float) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        return RGBColor(red: channel(rgba.red), green: channel(rgba.green), blue: channel(rgba.blue))
    }

    /// Sets a colour button's colour (tests and restoring).
    static func setColor(_ button: UnsafeMutablePointer<GtkWidget>, _ color: RGBColor) {
        var rgba = GdkRGBA(red: Float(color.red) / 255, green: Float(color.green) / 255, blue: Float(color.blue) / 255, alpha: 1)
        gtk_color_chooser_set_rgba(OpaquePointer(button), &rgba)
    }
}

/// A generated code as the page holds it: the code, the text in it, and the self-check's outcome.
struct GeneratorResult {
    let code: GeneratorCode
    /// The text encoded (for the accessible label).
    let text: String
    /// Why the self-check failed, or `nil` when Saoma read the code back.
    let selfCheckFailure: QRSelfCheckError?

    var appearance: CodeAppearance { code.appearance }
}
