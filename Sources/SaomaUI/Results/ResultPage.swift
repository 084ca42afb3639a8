// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The page that shows what a scanned code says, by kind (link, Wi-Fi, contact, e-mail, phone,
/// SMS, place, event, login code, payment, product, boarding pass, licence or ID card, rail
/// ticket, text, binary).
///
/// Its kind's main action (Connect, Open…, Save Contact…) sits under the title with at most one
/// other action and a menu for the rest; neither scrolls away, and the main action holds the
/// keyboard focus when the page opens. The fields scroll below them, each with its copy button.
/// Back (the header bar's button, Escape) is `goBack()`. Nothing is ever opened without the
/// person confirming a dialog that names the target.
/// UI thread only. Owns its widget tree (one reference on `widget`, released in `deinit`).
@MainActor
public final class ResultPage {
    /// Widest the content grows, in pixels (wider windows get margins).
    static let maximumContentWidth: Int32 = 640
    /// Width in pixels from which the content stops filling the window.
    static let tighteningWidth: Int32 = 400
    /// Seconds a toast stays.
    static let toastSeconds: guint = 2

    /// The page's root widget (an `AdwToastOverlay`); owned by this page, add it to a container.
    public var widget: UnsafeMutablePointer<GtkWidget> { root }

    /// Called when the person asks to go back (the header bar's Back button and Escape, through
    /// `SaomaWindow.setBack`, call `goBack()`).
    public var onBack: (() -> Void)?

    /// The root (toast overlay), referenced once by this page.
    var root: UnsafeMutablePointer<GtkWidget> { rootRef.pointer }
    private let rootRef: WidgetRef
    /// Holds the summary and actions of the current symbol (never scrolled).
    let summaryClamp: UnsafeMutablePointer<GtkWidget>
    /// Holds the fields of the current symbol; its child is replaced by `show(_:)`.
    let clamp: UnsafeMutablePointer<GtkWidget>
    /// The scrolled window around the fields (scrolled back to the top on `show(_:)`).
    let scroller: UnsafeMutablePointer<GtkWidget>
    /// The "Code type: QR" line at the foot of the page, where toasts appear (over no control).
    private let footer: UnsafeMutablePointer<GtkWidget>
    /// The symbol shown, or `nil` before the first `show(_:)`.
    private(set) var symbol: Symbol?
    /// What `copyToClipboard()` copies: the main value of the content shown and the toast that
    /// confirms it (a login code's current code is kept up to date by its refresh timer).
    var mainValue: CopiedValue?
    /// The sections of the content shown (summary, actions, status, body).
    private(set) var sections: Sections?
    /// Hands a confirmed URI to the desktop (replaced by tests to observe what would open).
    var launcher: @MainActor (_ uri: String, _ page: ResultPage) -> Void = { uri, page in page.launchDefault(uri) }
    /// Asks where to save a file and calls back with a local path or `nil` (replaced by tests:
    /// GTK 4.8's native file chooser cannot be driven from them).
    var savePathChooser: @MainActor (_ request: SaveRequest, _ page: ResultPage, _ done: @escaping @MainActor (String?) -> Void) -> Void =
        { request, page, done in page.presentSaveChooser(request, done) }
    /// The name of the default application for a MIME type, `nil` when none (replaced by tests).
    var handlerName: @MainActor (_ mimeType: String) -> String? = { ResultPage.defaultHandlerName($0) }
    /// The name of the default application for a URI scheme (`steam`), `nil` when none (replaced by tests).
    var schemeHandlerName: @MainActor (_ scheme: String) -> String? = { ResultPage.defaultSchemeHandlerName($0) }
    /// Opens a file with the default application for its MIME type (replaced by tests).
    var fileLauncher: @MainActor (_ path: String, _ mimeType: String, _ page: ResultPage) -> Void = { path, mimeType, page in
        page.launchHandler(forFile: path, mimeType: mimeType)
    }
    /// Seconds since 1970, UTC: the clock of login codes (replaced by tests).
    var clock: @MainActor () -> Int64 = { Int64(g_get_real_time() / 1_000_000) }
    /// The GLib source refreshing a login code each second, 0 when none runs.
    var refreshSource: guint = 0
    /// What Connect will do for a Wi-Fi network (nothing and why, add a profile, or update the
    /// saved one); runs off the UI thread (replaced by tests).
    var networkPlan: @Sendable (WiFiNetwork) -> WiFiJoinPlan = ResultPage.defaultNetworkPlan
    /// Joins a Wi-Fi network as the plan the page showed says; runs off the UI thread (replaced by tests).
    var joinNetwork: @Sendable (WiFiNetwork, WiFiJoinPlan) -> WiFiJoinOutcome = ResultPage.defaultJoinNetwork
    /// The Connect row of the Wi-Fi result shown, if any.
    var joinRow: WiFiJoinRow?
    /// The problem line shown under the actions (a save or launch that failed), if any.
    var problemLine: UnsafeMutablePointer<GtkWidget>?
    /// Whether the main action should take the focus once it is sensitive (it was not when the
    /// page opened).
    var focusPending = false

    public init() {
        rootRef = WidgetRef(sinking: adw_toast_overlay_new())
        let overlay = rootRef.pointer
        summaryClamp = adw_clamp_new()!
        clamp = adw_clamp_new()!
        scroller = gtk_scrolled_window_new()!
        footer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_vexpand(footer, 0)

        let outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        adw_toast_overlay_set_child(OpaquePointer(overlay), outer)
        for c in [summaryClamp, clamp] {
            adw_clamp_set_maximum_size(OpaquePointer(c), ResultPage.maximumContentWidth)
            adw_clamp_set_tightening_threshold(OpaquePointer(c), ResultPage.tighteningWidth)
        }
        gtk_box_append(gcast(outer), summaryClamp)
        gtk_box_append(gcast(outer), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), clamp)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(gcast(outer), scroller)
        gtk_box_append(gcast(outer), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_widget_add_css_class(footer, "result-footer")
        gtk_box_append(gcast(outer), footer)

        onSimpleSignal(UnsafeMutableRawPointer(overlay), "map") { [weak self] in
            guard let self else { return }
            ResultPage.makeRoomForToasts(self.footer)
            // After the stack showing the page has placed the focus (in its first focusable child).
            runOnMainLoop { [weak self] in self?.focusPrimaryAction() }
        }
    }

    isolated deinit {
        if refreshSource != 0 { g_source_remove(refreshSource) }
    }

    /// Shows `symbol`: its content by kind, or its bytes as hex when it is not text; the main
    /// action takes the keyboard focus (now, or when the page is next shown).
    public func show(_ symbol: Symbol) {
        self.symbol = symbol
        stopRefreshing()
        joinRow = nil
        problemLine = nil
        focusPending = false
        let sections = Sections()
        self.sections = sections
        if let gs1 = ResultPage.gs1Elements(of: symbol) {
            mainValue = buildGS1(gs1, into: sections)
        } else if let parsed = ContentParser.parse(symbol) {
            mainValue = buildContent(parsed, into: sections)
        } else {
            mainValue = buildBinary(symbol.bytes, into: sections)
        }
        addParts(symbol.assembly, to: sections)
        // A clean image of an incomplete message would pass it on as if it were whole.
        if symbol.assembly?.isComplete ?? true, let button = codeImageButton(for: symbol) { sections.addAction(button) }
        sections.finish()
        adw_clamp_set_child(OpaquePointer(summaryClamp), sections.summary)
        adw_clamp_set_child(OpaquePointer(clamp), sections.body)
        setFooter(symbologyCaption(symbol.format))
        ResultPage.makeRoomForToasts(footer)
        if let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)) {
            gtk_adjustment_set_value(adjustment, 0)
        }
        if gtk_widget_get_mapped(root) != 0 { focusPrimaryAction() }
    }

    /// Goes back to where the code came from (what Back and Escape do).
    public func goBack() {
        onBack?()
    }

    /// The kind's main action shown (the first visible action, which may wait to be sensitive:
    /// Connect until the page says what it will do), `nil` before the first `show(_:)`.
    public var primaryAction: UnsafeMutablePointer<GtkWidget>? {
        sections?.actionButtons.first { gtk_widget_get_visible($0) != 0 }
    }

    /// Gives the keyboard focus to the main action (logged for the end-to-end tests).
    func focusPrimaryAction() {
        guard let action = primaryAction else { return }
        // An action that waits to be sensitive (Connect) takes the focus when it can.
        focusPending = gtk_widget_grab_focus(action) == 0
        logPlacement(of: action)
    }

    /// Logs where the focused main action sits in the window (for the end-to-end tests) once it
    /// holds the focus and is laid out, and again whenever that changes, until it is no longer
    /// on screen (checked every 20 ms: a state, not a delay).
    private func logPlacement(of action: UnsafeMutablePointer<GtkWidget>) {
        guard DebugEvents.enabled else { return }
        let owned = WidgetRef(sinking: action)
        let label = ResultPage.buttonLabel(action)
        var logged: (rect: SaomaRect, window: SaomaRect)?
        addTimeout(milliseconds: 20) {
            let button = owned.pointer
            guard gtk_widget_get_mapped(button) != 0, gtk_widget_get_visible(button) != 0, let root = gtk_widget_get_root(button) else {
                return false
            }
            let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
            guard gtk_root_get_focus(root) == button, let rect = ResultPage.screenBounds(of: button), rect.width > 0,
                let frame = ResultPage.screenBounds(of: window)
            else { return true }
            if logged?.rect != rect || logged?.window != frame {
                logged = (rect, frame)
                DebugEvents.log(.resultAction(rect: rect, window: frame, label: label))
            }
            return true
        }
    }

    /// `widget`'s border box on screen (its window's surface at the screen's origin, as without a
    /// window manager), or `nil` before it is laid out in a window.
    static func screenBounds(of widget: UnsafeMutablePointer<GtkWidget>) -> SaomaRect? {
        guard let native = gtk_widget_get_native(widget) else { return nil }
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, nativeWidget, &bounds) != 0 else { return nil }
        var dx = 0.0
        var dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        return SaomaRect(
            x: Double(bounds.origin.x) + dx, y: Double(bounds.origin.y) + dy, width: Double(bounds.size.width),
            height: Double(bounds.size.height))
    }

    /// The visible label of a button made by `ResultPage.button` ("" for others).
    static func buttonLabel(_ button: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let child = gtk_button_get_child(gcast(button)),
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self), adw_button_content_get_type())
                != 0,
            let label = adw_button_content_get_label(OpaquePointer(child))
        else { return "" }
        return String(cString: label)
    }

    /// Copies the main value of what is shown (the link, the Wi-Fi password, the text…) and
    /// confirms with a toast saying what was copied; does nothing before the first `show(_:)`.
    public func copyToClipboard() {
        guard let mainValue else { return }
        copy(mainValue)
    }

    /// Puts `value` on the display's clipboard and confirms with a toast naming it ("Password copied").
    func copy(_ value: CopiedValue) {
        guard let clipboard = gtk_widget_get_clipboard(root) else { return }
        gdk_clipboard_set_text(clipboard, value.text)
        toast(value.confirmation)
    }

    /// Shows a short message over the page's foot.
    func toast(_ message: String) {
        // The title is markup: text from outside is escaped to show literally, and cut to a
        // line's budget (`DisplayText`).
        guard let toast = adw_toast_new(Markup.escaped(DisplayText.shown(message))) else { return }
        adw_toast_set_timeout(toast, ResultPage.toastSeconds)
        adw_toast_overlay_add_toast(OpaquePointer(root), toast)
    }

    /// Builds the widgets for `content` into `sections`; returns the main value to copy.
    private func buildContent(_ content: ScannedContent, into sections: Sections) -> CopiedValue {
        switch content {
        case .url(let url): return buildLink(url, into: sections)
        case .wifi(let network): return buildWiFi(network, into: sections)
        case .contact(let contact): return buildContact(contact, into: sections)
        case .email(let message): return buildEmail(message, into: sections)
        case .phone(let number): return buildPhone(number, into: sections)
        case .sms(let message): return buildSMS(message, into: sections)
        case .geo(let location): return buildPlace(location, into: sections)
        case .event(let event): return buildEvent(event, into: sections)
        case .otp(let key): return buildOTP(key, into: sections)
        case .payment(let order): return buildPayment(order, into: sections)
        case .product(let product): return buildProduct(product, into: sections)
        case .boardingPass(let pass): return buildBoardingPass(pass, into: sections)
        case .identityDocument(let card): return buildIdentityDocument(card, into: sections)
        case .railTicket(let ticket): return buildRailTicket(ticket, into: sections)
        case .text(let text): return buildText(text, into: sections)
        }
    }

    /// Replaces the footer's content with `child`.
    private func setFooter(_ child: UnsafeMutablePointer<GtkWidget>) {
        while let old = gtk_widget_get_first_child(footer) { gtk_box_remove(gcast(footer), old) }
        gtk_box_append(gcast(footer), child)
    }

    /// The discreet "Code type: QR" line at the foot of the page.
    private func symbologyCaption(_ format: Symbology) -> UnsafeMutablePointer<GtkWidget> {
        // Translators: {type} is a barcode type such as "QR" or "EAN-13".
        let label = ResultPage.label(tr("Code type: {type}", ["type": format.name]), classes: ["caption", "dim-label"])
        gtk_widget_set_halign(label, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(label, 1)
        return label
    }
}
