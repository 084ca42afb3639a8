// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The page that shows what a scanned code says, by kind (link, Wi-Fi, contact, e-mail, phone,
/// SMS, place, event, login code, payment, boarding pass, licence or ID card, rail ticket, text,
/// binary), with copy buttons everywhere and "Scan Again".
///
/// Nothing is ever opened without the person confirming a dialog that names the target.
/// UI thread only. Owns its widget tree (one reference on `widget`, released in `deinit`).
@MainActor
public final class ResultPage {
    /// Widest the content grows, in pixels (wider windows get margins).
    static let maximumContentWidth: Int32 = 640
    /// Width in pixels from which the content stops filling the window.
    static let tighteningWidth: Int32 = 400
    /// Seconds a "Copied" toast stays.
    static let toastSeconds: guint = 2

    /// The page's root widget (an `AdwToastOverlay`); owned by this page, add it to a container.
    public var widget: UnsafeMutablePointer<GtkWidget> { root }

    /// Called when the person presses "Scan Again".
    public var onScanAgain: (() -> Void)?

    /// The root (toast overlay), referenced once by this page.
    var root: UnsafeMutablePointer<GtkWidget> { rootRef.pointer }
    private let rootRef: WidgetRef
    /// Holds the content of the current symbol; its child is replaced by `show(_:)`.
    let clamp: UnsafeMutablePointer<GtkWidget>
    /// The scrolled window around the content (scrolled back to the top on `show(_:)`).
    let scroller: UnsafeMutablePointer<GtkWidget>
    /// The symbol shown, or `nil` before the first `show(_:)`.
    private(set) var symbol: Symbol?
    /// What `copyToClipboard()` copies: the main value of the content shown (a login code's
    /// current code is kept up to date by its refresh timer).
    var mainValue: String?
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

    public init() {
        rootRef = WidgetRef(sinking: adw_toast_overlay_new())
        let overlay = rootRef.pointer
        clamp = adw_clamp_new()!
        scroller = gtk_scrolled_window_new()!

        let outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        adw_toast_overlay_set_child(OpaquePointer(overlay), outer)

        adw_clamp_set_maximum_size(OpaquePointer(clamp), ResultPage.maximumContentWidth)
        adw_clamp_set_tightening_threshold(OpaquePointer(clamp), ResultPage.tighteningWidth)
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), clamp)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(gcast(outer), scroller)

        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(bar, GTK_ALIGN_CENTER)
        ResultPage.setMargins(bar, 12)
        let scanAgain = ResultPage.button(tr("Scan Again"), icon: "view-refresh-symbolic")
        gtk_widget_add_css_class(scanAgain, "pill")
        gtk_widget_add_css_class(scanAgain, "suggested-action")
        onClicked(scanAgain) { [weak self] in self?.onScanAgain?() }
        gtk_box_append(gcast(bar), scanAgain)
        gtk_box_append(gcast(outer), bar)
    }

    isolated deinit {
        if refreshSource != 0 { g_source_remove(refreshSource) }
    }

    /// Shows `symbol`: its content by kind, or its bytes as hex when it is not text.
    public func show(_ symbol: Symbol) {
        self.symbol = symbol
        stopRefreshing()
        joinRow = nil
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        ResultPage.setMargins(content, 24)
        if let gs1 = ResultPage.gs1Elements(of: symbol) {
            mainValue = buildGS1(gs1, into: content)
        } else if let parsed = ContentParser.parse(symbol) {
            mainValue = buildContent(parsed, into: content)
        } else {
            mainValue = buildBinary(symbol.bytes, into: content)
        }
        if let row = codeImageRow(for: symbol) { gtk_box_append(gcast(content), row) }
        gtk_box_append(gcast(content), symbologyCaption(symbol.format))
        adw_clamp_set_child(OpaquePointer(clamp), content)
        if let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)) {
            gtk_adjustment_set_value(adjustment, 0)
        }
    }

    /// Copies the main value of what is shown (the link, the Wi-Fi password, the text…) and
    /// confirms with a toast; does nothing before the first `show(_:)`.
    public func copyToClipboard() {
        guard let mainValue else { return }
        copy(mainValue)
    }

    /// Puts `text` on the display's clipboard and confirms with a "Copied" toast.
    func copy(_ text: String) {
        guard let clipboard = gtk_widget_get_clipboard(root) else { return }
        gdk_clipboard_set_text(clipboard, text)
        toast(tr("Copied"))
    }

    /// Shows a short message over the page.
    func toast(_ message: String) {
        // The title is markup: text from outside is escaped to show literally, and cut to a
        // line's budget (`DisplayText`).
        guard let toast = adw_toast_new(Markup.escaped(DisplayText.shown(message))) else { return }
        adw_toast_set_timeout(toast, ResultPage.toastSeconds)
        adw_toast_overlay_add_toast(OpaquePointer(root), toast)
    }

    /// Builds the widgets for `content` into `box`; returns the main value to copy.
    private func buildContent(_ content: ScannedContent, into box: UnsafeMutablePointer<GtkWidget>) -> String {
        switch content {
        case .url(let url): return buildLink(url, into: box)
        case .wifi(let network): return buildWiFi(network, into: box)
        case .contact(let contact): return buildContact(contact, into: box)
        case .email(let message): return buildEmail(message, into: box)
        case .phone(let number): return buildPhone(number, into: box)
        case .sms(let message): return buildSMS(message, into: box)
        case .geo(let location): return buildPlace(location, into: box)
        case .event(let event): return buildEvent(event, into: box)
        case .otp(let key): return buildOTP(key, into: box)
        case .payment(let order): return buildPayment(order, into: box)
        case .product(let product): return buildProduct(product, into: box)
        case .boardingPass(let pass): return buildBoardingPass(pass, into: box)
        case .identityDocument(let card): return buildIdentityDocument(card, into: box)
        case .railTicket(let ticket): return buildRailTicket(ticket, into: box)
        case .text(let text): return buildText(text, into: box)
        }
    }

    /// The discreet "Code type: QR" line under the content.
    private func symbologyCaption(_ format: Symbology) -> UnsafeMutablePointer<GtkWidget> {
        // Translators: {type} is a barcode type such as "QR" or "EAN-13".
        let label = ResultPage.label(tr("Code type: {type}", ["type": format.name]), classes: ["caption", "dim-label"])
        gtk_widget_set_halign(label, GTK_ALIGN_CENTER)
        return label
    }
}
