// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import NetworkJoining
import SaomaCore

/// "Connect" on Wi-Fi results: NetworkManager joins the network (off the UI thread), with
/// progress and then the outcome; when joining cannot work here (no NetworkManager, no Wi-Fi
/// device) one line says why instead of the button.
extension ResultPage {
    /// Why joining cannot start on this computer, `nil` when it can (runs off the UI thread).
    static let defaultNetworkObstacle: @Sendable () -> WiFiJoinOutcome? = {
        guard let client = NetworkManagerClient() else { return .networkManagerNotRunning }
        return client.obstacle()
    }

    /// Joins a network through NetworkManager on the system bus (runs off the UI thread).
    static let defaultJoinNetwork: @Sendable (WiFiNetwork) -> WiFiJoinOutcome = { network in
        guard let client = NetworkManagerClient() else { return .networkManagerNotRunning }
        return client.join(network)
    }

    /// "Connect" for `network` as the page's main action, its progress and outcome as a status line.
    func buildJoinRow(_ network: WiFiNetwork, into page: Sections) {
        let row = WiFiJoinRow(network: network, obstacle: networkObstacle, join: joinNetwork)
        joinRow = row
        page.addAction(row.button)
        page.addStatus(row.line)
        row.onButtonHidden = { [weak self, weak page] hadFocus in
            // The next action (Copy Password) takes Connect's place: suggested, and focused if it was.
            page?.promoteFirstVisibleAction()
            if let self, hadFocus, gtk_widget_get_mapped(self.root) != 0 { self.focusPrimaryAction() }
        }
        row.probe()
    }

    /// One sentence for how joining ended (the window's voice).
    static func describe(_ outcome: WiFiJoinOutcome, network name: String) -> String {
        let shown = visible(name, multiline: false)
        switch outcome {
        case .connected: return tr("Connected to {network}.", ["network": shown])
        case .wrongPassword: return tr("{network} refused the password.", ["network": shown])
        case .notInRange: return tr("{network} is not in range.", ["network": shown])
        case .noWiFiDevice: return tr("This computer has no Wi-Fi device to join the network with.")
        case .networkManagerNotRunning: return tr("Joining networks needs NetworkManager, which is not running.")
        case .failed(let reason): return tr("Could not connect: {reason}", ["reason": visible(reason, multiline: false)])
        }
    }
}

/// The "Connect" button with its spinner and status line, for one Wi-Fi result.
///
/// UI thread only; the D-Bus work runs on a detached thread and reports back through the main
/// loop. Widgets belong to the page's tree (this holds no references of its own).
@MainActor
final class WiFiJoinRow {
    /// The spinner and the status line (under the page's actions).
    let line: UnsafeMutablePointer<GtkWidget>
    let button: UnsafeMutablePointer<GtkWidget>
    let spinner: UnsafeMutablePointer<GtkWidget>
    let status: UnsafeMutablePointer<GtkWidget>
    let network: WiFiNetwork
    let obstacle: @Sendable () -> WiFiJoinOutcome?
    let join: @Sendable (WiFiNetwork) -> WiFiJoinOutcome
    /// Called when the button hides (joined, or joining cannot work here), with whether the
    /// keyboard focus was on it.
    var onButtonHidden: ((_ hadFocus: Bool) -> Void)?

    init(
        network: WiFiNetwork, obstacle: @escaping @Sendable () -> WiFiJoinOutcome?,
        join: @escaping @Sendable (WiFiNetwork) -> WiFiJoinOutcome
    ) {
        self.network = network
        self.obstacle = obstacle
        self.join = join
        button = ResultPage.button(tr("Connect"), icon: "network-wireless-symbolic")
        line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(line, GTK_ALIGN_CENTER)
        spinner = gtk_spinner_new()!
        gtk_widget_set_visible(spinner, 0)
        gtk_box_append(gcast(line), spinner)
        status = ResultPage.label("")
        gtk_widget_set_visible(status, 0)
        gtk_box_append(gcast(line), status)
        onClicked(button) { [weak self] in self?.connect() }
    }

    /// Asks, off the UI thread, whether joining can work here; if not, the button gives way to a line.
    func probe() {
        let obstacle = self.obstacle
        Thread.detachNewThread { [weak self] in
            guard let outcome = obstacle() else { return }
            runOnMainLoop { [weak self] in self?.show(outcome, busy: false) }
        }
    }

    /// Joins the network, off the UI thread, showing progress until the outcome arrives.
    func connect() {
        gtk_widget_set_sensitive(button, 0)
        gtk_widget_set_visible(spinner, 1)
        gtk_spinner_start(OpaquePointer(spinner))
        setStatus(tr("Connecting to {network}…", ["network": ResultPage.visible(network.ssid, multiline: false)]))
        let join = self.join
        let network = self.network
        Thread.detachNewThread { [weak self] in
            let outcome = join(network)
            runOnMainLoop { [weak self] in self?.show(outcome, busy: false) }
        }
    }

    /// Shows `outcome`: the button stays for a retry unless connected or impossible here.
    func show(_ outcome: WiFiJoinOutcome, busy: Bool) {
        gtk_spinner_stop(OpaquePointer(spinner))
        gtk_widget_set_visible(spinner, busy ? 1 : 0)
        setStatus(ResultPage.describe(outcome, network: network.ssid))
        let hides = outcome.isPermanent || outcome == .connected
        // The window's focus widget, whether or not the window is active (no window manager).
        let root = gtk_widget_get_root(button)
        let hadFocus = root.map { gtk_root_get_focus($0) == button } ?? false
        gtk_widget_set_visible(button, hides ? 0 : 1)
        gtk_widget_set_sensitive(button, 1)
        // The keyboard stays where it was: on the button, or on the next action when it hides
        // (a focus lost while the button was insensitive comes back).
        let focusLost = root.map { gtk_root_get_focus($0) == nil } ?? false
        if hides {
            onButtonHidden?(hadFocus || focusLost)
        } else if hadFocus || focusLost {
            gtk_widget_grab_focus(button)
        }
        gtk_widget_remove_css_class(status, "error")
        gtk_widget_remove_css_class(status, "success")
        if outcome == .connected {
            gtk_widget_add_css_class(status, "success")
        } else if !outcome.isPermanent {
            gtk_widget_add_css_class(status, "error")
        }
    }

    func setStatus(_ text: String) {
        gtk_label_set_text(OpaquePointer(status), text)
        gtk_widget_set_visible(status, 1)
    }
}
