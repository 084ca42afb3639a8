// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The Wi-Fi mode's page (main page `wifi`): the network a chosen code names and whether to join
/// it, joining, the outcome; or what a code that is not a Wi-Fi network is.
///
/// Shows a `WiFiModeSession.Phase`; never the password. Every text comes from the code or
/// NetworkManager: shown with control characters visible, escaped for the description's markup.
/// UI thread only; owns its widget.
@MainActor
final class WiFiModePage {
    /// The `AdwStatusPage`.
    var widget: UnsafeMutablePointer<GtkWidget> { page.widget }
    private let page: StatusPage
    /// "Join Network" or "Try Again".
    var onJoin: (() -> Void)?
    /// "Scan Again".
    var onScanAgain: (() -> Void)?
    /// "Close" after a failure (`--wifi`) or "Done" after a join (a running window).
    var onDone: (() -> Void)?

    private let joinButton: UnsafeMutablePointer<GtkWidget>
    private let tryAgainButton: UnsafeMutablePointer<GtkWidget>
    private let scanAgainButton: UnsafeMutablePointer<GtkWidget>
    private let doneButton: UnsafeMutablePointer<GtkWidget>
    private let closeButton: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>

    init() {
        let column = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 18))
        gtk_widget_set_halign(column, GTK_ALIGN_CENTER)
        spinner = created(gtk_spinner_new())
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_box_append(gcast(column), spinner)
        joinButton = mnemonicButton(tr("_Join Network"))
        tryAgainButton = mnemonicButton(tr("_Try Again"))
        for button in [joinButton, tryAgainButton] { gtk_widget_add_css_class(button, "suggested-action") }
        scanAgainButton = mnemonicButton(tr("_Scan Again"))
        doneButton = mnemonicButton(tr("_Done"))
        closeButton = mnemonicButton(tr("_Close"))
        gtk_box_append(gcast(column), StatusPage.buttonRow([joinButton, tryAgainButton, scanAgainButton, doneButton, closeButton]))
        page = StatusPage(child: column)
        gtk_widget_set_name(page.widget, "wifi-mode")
        for button in [joinButton, tryAgainButton] { onClicked(button) { [weak self] in self?.onJoin?() } }
        onClicked(scanAgainButton) { [weak self] in self?.onScanAgain?() }
        for button in [doneButton, closeButton] { onClicked(button) { [weak self] in self?.onDone?() } }
    }

    /// Shows `phase`; `endsProcess` for `saoma --wifi`, whose window closes after a failure
    /// ("Close") and exits by itself once joined. `plan` is what joining will do here (`nil`
    /// until NetworkManager has been asked): the page says it before Join can be pressed.
    func show(_ phase: WiFiModeSession.Phase, endsProcess: Bool, plan: WiFiJoinPlan?) {
        let text = Self.text(for: phase, endsProcess: endsProcess, plan: plan)
        page.show(text)
        let joining: Bool
        if case .joining = phase { joining = true } else { joining = false }
        gtk_widget_set_visible(spinner, joining ? 1 : 0)
        if joining { gtk_spinner_start(gcast(spinner)) } else { gtk_spinner_stop(gcast(spinner)) }
        let shown = Self.buttons(for: phase, endsProcess: endsProcess)
        let buttons = [
            (joinButton, shown.join && !shown.tryAgain), (tryAgainButton, shown.join && shown.tryAgain), (scanAgainButton, shown.scanAgain),
            (doneButton, shown.done && !endsProcess), (closeButton, shown.done && endsProcess),
        ]
        for (button, visible) in buttons { gtk_widget_set_visible(button, visible ? 1 : 0) }
        // Nothing is joined before the page said how.
        gtk_widget_set_sensitive(joinButton, plan == nil ? 0 : 1)
        // Enter answers with the page's first button: joining when asked, scanning again
        // otherwise; while the plan is still asked for, nothing takes the focus yet.
        if case .confirming = phase, plan == nil { return }
        if let first = buttons.first(where: { $0.1 })?.0 {
            gtk_widget_grab_focus(first)
            DebugEvents.logWhenFocused(first, .focus("wifi-\(Self.debugName(phase))"))
        }
    }

    /// Which buttons a phase shows: Join (or Try Again), Scan Again, Done (or Close).
    static func buttons(
        for phase: WiFiModeSession.Phase, endsProcess: Bool
    ) -> (join: Bool, tryAgain: Bool, scanAgain: Bool, done: Bool) {
        switch phase {
        case .scanning, .joining: return (false, false, false, false)
        case .confirming: return (true, false, true, false)
        case .notWiFi: return (false, false, true, false)
        case .joined: return (false, false, false, !endsProcess)
        case .failed(_, let outcome):
            // Nothing to try again when this computer cannot join at all.
            return (!outcome.isPermanent, !outcome.isPermanent, true, true)
        }
    }

    /// The phase's name in the debug log (`focus wifi-confirming`).
    static func debugName(_ phase: WiFiModeSession.Phase) -> String {
        switch phase {
        case .scanning: "scanning"
        case .notWiFi: "not-wifi"
        case .confirming: "confirming"
        case .joining: "joining"
        case .joined: "joined"
        case .failed: "failed"
        }
    }

    /// Icon, title and explanation for a phase (never the password), with what joining will do
    /// under `plan` while the person is asked.
    static func text(
        for phase: WiFiModeSession.Phase, endsProcess: Bool, plan: WiFiJoinPlan? = nil
    ) -> (icon: String, title: String, description: String) {
        switch phase {
        case .scanning:
            return ("network-wireless-symbolic", tr("Scan a Wi-Fi Code"), tr("Point the camera at the code of the network to join."))
        case .notWiFi(let kind):
            return (
                "dialog-information-symbolic", tr("Not a Wi-Fi Code"),
                tr("This code holds {kind}, not a Wi-Fi network. Scan the code of the network to join.", ["kind": kindPhrase(kind)])
            )
        case .confirming(let network):
            let name = ResultPage.visible(network.ssid, multiline: false)
            var lines = [tr("Security: {security}", ["security": ResultPage.securityName(network.security)])]
            if network.hidden { lines.append(tr("A hidden network: it is joined by name.")) }
            if network.enterprise?.identity.isEmpty == false {
                lines.append(tr("Signs in as {user}.", ["user": ResultPage.visible(network.enterprise?.identity ?? "", multiline: false)]))
            }
            if let plan {
                let said = ResultPage.explain(plan, for: network)
                lines += [said.update, said.warning].compactMap { $0 }
            }
            return ("network-wireless-symbolic", tr("Join “{network}”?", ["network": name]), lines.joined(separator: "\n"))
        case .joining(let network):
            return (
                "network-wireless-acquiring-symbolic",
                tr("Joining “{network}”…", ["network": ResultPage.visible(network.ssid, multiline: false)]), ""
            )
        case .joined(let network):
            return ("network-wireless-connected-symbolic", tr("Connected"), ResultPage.describe(.connected, network: network.ssid))
        case .failed(let network, let outcome):
            return ("network-wireless-offline-symbolic", tr("Not Connected"), ResultPage.describe(outcome, network: network.ssid))
        }
    }

    /// What a code that is not a Wi-Fi network holds, inside a sentence ("a link").
    static func kindPhrase(_ kind: ContentKind?) -> String {
        switch kind {
        case nil: return tr("binary data")
        case .text: return tr("text")
        case .link: return tr("a link")
        case .wifi: return tr("a Wi-Fi network")
        case .contact: return tr("a contact")
        case .email: return tr("an e-mail address")
        case .phone: return tr("a phone number")
        case .sms: return tr("a text message")
        case .geo: return tr("a place")
        case .event: return tr("an event")
        case .otp: return tr("a login code")
        case .payment: return tr("a payment")
        case .product: return tr("a product number")
        case .boardingPass: return tr("a boarding pass")
        case .identityDocument: return tr("an identity document")
        case .railTicket: return tr("a rail ticket")
        }
    }
}
